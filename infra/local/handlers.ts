/**
 * Loads the same Lambda handler modules the CDK stacks deploy (functions/src/<area>/handler.ts, and the
 * jobs and outbox Lambdas) and calls them in-process, as one warm Lambda per area.
 */
import type { Context, DynamoDBStreamEvent, SNSEvent } from 'aws-lambda';
import type { Area } from '@nutri/functions/routes';
import { withEntryPoint } from './call-counter';
import { lambdaContext } from './events';
import { runInvocation } from './log-files';

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const cache = new Map<string, Promise<LambdaHandler>>();

const load = (entry: string): Promise<LambdaHandler> => {
  let handler = cache.get(entry);
  if (!handler) {
    handler = (import(`../../functions/src/${entry}/handler.ts`) as Promise<{ handler: LambdaHandler }>).then(
      (module) => module.handler,
    );
    cache.set(entry, handler);
  }
  return handler;
};

/** Lambda returns its result serialized as JSON: undefined values vanish, as they do in the cloud. */
const asLambdaReturns = (result: unknown): unknown =>
  result === undefined ? undefined : JSON.parse(JSON.stringify(result));

/** The entry point an area's event counts under (call-counter.ts): the REST route or the WebSocket route. */
const entryPointOf = (event: unknown) => {
  const { httpMethod, resource, requestContext } = event as {
    httpMethod?: string;
    resource?: string;
    requestContext?: { routeKey?: string };
  };
  return httpMethod ? `${httpMethod} ${resource}` : `ws ${requestContext?.routeKey}`;
};

const invoke = async (entry: string, entryPoint: string, event: unknown, name: string) => {
  const handler = await load(entry);
  const context = lambdaContext(name);
  // Its log lines go to the entry's file with this invocation's request id (log-files.ts).
  return asLambdaReturns(
    await runInvocation(entry, context.awsRequestId, () =>
      withEntryPoint(entryPoint, () => handler(event, context)),
    ),
  );
};

export const invokeArea = (area: Area, event: unknown): Promise<unknown> =>
  invoke(area, entryPointOf(event), event, `nutri-${area}`);

export const invokeJobs = (event: { job: string }): Promise<unknown> =>
  invoke('jobs', `job ${event.job}`, event, 'nutri-jobs');

/** The outbox Lambda with table stream records, as its event source mapping invokes it in the cloud. */
export const invokeOutbox = (event: DynamoDBStreamEvent): Promise<unknown> =>
  invoke('outbox', 'outbox', event, 'nutri-outbox');

/** The dashboards' aggregation Lambda with table stream records, as its event source mapping invokes it. */
export const invokeAggregates = (event: DynamoDBStreamEvent): Promise<unknown> =>
  invoke('aggregates', 'aggregates', event, 'nutri-aggregates');

/** The jobs Lambda with SNS records, as the SES delivery events topic invokes it in the cloud. */
export const invokeMailEvents = (event: SNSEvent): Promise<unknown> =>
  invoke('jobs', 'mail events', event, 'nutri-jobs');
