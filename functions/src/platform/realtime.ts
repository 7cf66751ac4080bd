/**
 * Pushes to WebSocket clients through the `@connections` management API. In the cloud that is API
 * Gateway; locally the local gateway serves the same endpoint, so this real client works unchanged.
 */
import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from './config';

// The `@connections` client is loaded on the first push, not at start.
// The promise is kept: every import() call would go through the module loader again.
let loading: Promise<typeof import('./realtime-sdk')> | undefined;
const sdk = () => (loading ??= import('./realtime-sdk'));

const clients = new Map<string, ApiGatewayManagementApiClient>();

const client = async (endpoint: string) => {
  let existing = clients.get(endpoint);
  if (!existing) {
    const { ApiGatewayManagementApiClient } = await sdk();
    existing = new ApiGatewayManagementApiClient({ region: config().AWS_REGION, endpoint });
    clients.set(endpoint, existing);
  }
  return existing;
};

/** The configured endpoint, or the one of the API the event came through. */
export const managementEndpoint = (requestContext?: { domainName?: string; stage?: string }) => {
  const configured = config().WS_MANAGEMENT_ENDPOINT;
  if (configured) return configured;
  if (requestContext?.domainName && requestContext.stage) {
    return `https://${requestContext.domainName}/${requestContext.stage}`;
  }
  throw new Error('WS_MANAGEMENT_ENDPOINT is not configured');
};

export type PushOutcome = 'sent' | 'gone';

/** Sends one JSON message; 'gone' when the gateway no longer knows the connection (410). */
export const pushToConnection = async (
  endpoint: string,
  connectionId: string,
  message: unknown,
): Promise<PushOutcome> => {
  const { GoneException, PostToConnectionCommand } = await sdk();
  try {
    await (
      await client(endpoint)
    ).send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return 'sent';
  } catch (error) {
    if (error instanceof GoneException) return 'gone';
    throw error;
  }
};

/** Whether the gateway still holds the connection. */
export const isConnectionAlive = async (endpoint: string, connectionId: string): Promise<boolean> => {
  const { GetConnectionCommand, GoneException } = await sdk();
  try {
    await (await client(endpoint)).send(new GetConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch (error) {
    if (error instanceof GoneException) return false;
    throw error;
  }
};

export const closeConnection = async (endpoint: string, connectionId: string) => {
  const { DeleteConnectionCommand, GoneException } = await sdk();
  try {
    await (await client(endpoint)).send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
  }
};
