/**
 * Local stand-in for the API Gateway WebSocket API: `$connect` (with headers and query string),
 * `$disconnect`, `$default` and routes selected by the message's `action`, API Gateway's limits, and the
 * `@connections` management endpoint (POST send, GET info, DELETE disconnect, 410 when gone) so the real
 * `@aws-sdk/client-apigatewaymanagementapi` client works unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { WEBSOCKET_LIMITS } from '@nutri/shared';
import { findWebSocketRoute } from '@nutri/functions/routes';
import { webSocketEvent, type WebSocketEventInput } from './events';
import { FrameInspector } from './frame-inspector';
import { countConnectionsCall } from './call-counter';
import { invokeArea } from './handlers';

interface LiveConnection {
  id: string;
  socket: WebSocket | null;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  idleTimer?: NodeJS.Timeout;
  maxTimer?: NodeJS.Timeout;
  disconnectSent: boolean;
}

export interface WebSocketGatewayOptions {
  /** Host and port as API Gateway's `domainName`. */
  domainName: string;
  /** Stage name, also the first path segment: `/ws` and `/ws/@connections/{id}`. */
  stage: string;
  limits?: typeof WEBSOCKET_LIMITS;
  onLog?: (line: string) => void;
}

type RouteResult = { statusCode?: number; body?: string } | undefined;

/** Whether a connection is hit by a simulated outage (e.g. it belongs to one user). */
export type OutageScope = (connectionId: string) => Promise<boolean>;

interface Outage {
  until: number;
  includes: OutageScope;
}

const newConnectionId = () => randomBytes(9).toString('base64').replace(/[+/]/g, 'A');

const headersOf = (request: IncomingMessage) =>
  Object.fromEntries(
    Object.entries(request.headers).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, Array.isArray(value) ? value.join(',') : value] as [string, string]],
    ),
  );

export class WebSocketGateway {
  private readonly server: WebSocketServer;
  private readonly connections = new Map<string, LiveConnection>();
  private readonly limits: typeof WEBSOCKET_LIMITS;
  private outages: Outage[] = [];

  constructor(private readonly options: WebSocketGatewayOptions) {
    this.limits = options.limits ?? WEBSOCKET_LIMITS;
    this.server = new WebSocketServer({ noServer: true, maxPayload: this.limits.maxMessageBytes });
  }

  get connectionCount() {
    return this.connections.size;
  }

  private baseInput(
    connection: LiveConnection,
  ): Pick<WebSocketEventInput, 'connectionId' | 'connectedAt' | 'domainName' | 'stage' | 'sourceIp'> {
    return {
      connectionId: connection.id,
      connectedAt: connection.connectedAt,
      domainName: this.options.domainName,
      stage: this.options.stage,
      sourceIp: connection.sourceIp,
    };
  }

  private async route(routeKey: string, event: unknown): Promise<RouteResult> {
    const route = findWebSocketRoute(routeKey);
    if (!route) return { statusCode: 404 };
    return (await invokeArea(route.area, event)) as RouteResult;
  }

  /** HTTP upgrade on `/<stage>`: runs `$connect` first and refuses the handshake on a non-2xx answer. */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://local');
    const now = Date.now();
    const connection: LiveConnection = {
      id: newConnectionId(),
      socket: null,
      connectedAt: now,
      lastActiveAt: now,
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      userAgent: request.headers['user-agent'] ?? '',
      disconnectSent: false,
    };
    this.connections.set(connection.id, connection);
    let result: RouteResult;
    try {
      result = await this.route(
        '$connect',
        webSocketEvent({
          ...this.baseInput(connection),
          routeKey: '$connect',
          eventType: 'CONNECT',
          headers: headersOf(request),
          queryStringParameters: url.searchParams.size ? Object.fromEntries(url.searchParams) : null,
        }),
      );
    } catch (error) {
      this.options.onLog?.(`$connect failed: ${(error as Error).message}`);
      result = { statusCode: 500 };
    }
    let status = result?.statusCode ?? 200;
    // During a simulated outage a matching upgrade is refused like an unreachable gateway's (503); its
    // `$connect` already ran (that is how the connection's user is known), so `$disconnect` undoes it.
    if (status >= 200 && status < 300 && (await this.inOutage(connection.id))) {
      await this.disconnect(connection, 1006, 'Outage');
      status = 503;
    }
    if (status < 200 || status >= 300) {
      this.connections.delete(connection.id);
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const inspector = new FrameInspector(this.limits.maxFrameBytes, () => {
      connection.socket?.close(1009, 'Frame too large');
      socket.destroy();
    });
    socket.prependListener('data', (chunk: Buffer) => inspector.push(chunk));
    this.server.handleUpgrade(request, socket, head, (ws) => this.attach(connection, ws));
  }

  private attach(connection: LiveConnection, ws: WebSocket) {
    connection.socket = ws;
    const touch = () => {
      connection.lastActiveAt = Date.now();
      clearTimeout(connection.idleTimer);
      connection.idleTimer = setTimeout(() => ws.close(1001, 'Going away'), this.limits.idleTimeoutMs);
    };
    touch();
    connection.maxTimer = setTimeout(() => ws.close(1001, 'Going away'), this.limits.maxConnectionMs);
    ws.on('ping', touch);
    ws.on('message', (data: RawData) => {
      touch();
      void this.onMessage(connection, Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
    });
    ws.on('error', () => undefined);
    ws.on('close', (code, reason) => {
      void this.disconnect(connection, code, reason.toString());
    });
  }

  private async onMessage(connection: LiveConnection, data: Buffer) {
    const body = data.toString('utf8');
    let routeKey = '$default';
    try {
      const parsed = JSON.parse(body) as { action?: unknown };
      if (
        typeof parsed.action === 'string' &&
        !parsed.action.startsWith('$') &&
        findWebSocketRoute(parsed.action)
      ) {
        routeKey = parsed.action;
      }
    } catch {
      // Not JSON: API Gateway sends it to $default as well.
    }
    try {
      const result = await this.route(
        routeKey,
        webSocketEvent({ ...this.baseInput(connection), routeKey, eventType: 'MESSAGE', body }),
      );
      if (result?.statusCode && result.statusCode >= 500) {
        connection.socket?.send(
          JSON.stringify({ message: 'Internal server error', connectionId: connection.id }),
        );
      }
    } catch (error) {
      this.options.onLog?.(`${routeKey} failed: ${(error as Error).message}`);
      connection.socket?.send(
        JSON.stringify({ message: 'Internal server error', connectionId: connection.id }),
      );
    }
  }

  private async disconnect(connection: LiveConnection, code: number, reason: string) {
    clearTimeout(connection.idleTimer);
    clearTimeout(connection.maxTimer);
    this.connections.delete(connection.id);
    if (connection.disconnectSent) return;
    connection.disconnectSent = true;
    try {
      await this.route(
        '$disconnect',
        webSocketEvent({
          ...this.baseInput(connection),
          routeKey: '$disconnect',
          eventType: 'DISCONNECT',
          disconnectStatusCode: code,
          disconnectReason: reason,
        }),
      );
    } catch (error) {
      this.options.onLog?.(`$disconnect failed: ${(error as Error).message}`);
    }
  }

  /** `POST|GET|DELETE /<stage>/@connections/{connectionId}` (loopback callers only). */
  async handleManagement(request: IncomingMessage, response: ServerResponse, connectionId: string) {
    countConnectionsCall(request.method ?? 'GET');
    const connection = this.connections.get(connectionId);
    const sendError = (status: number, type: string, message: string) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type });
      response.end(JSON.stringify({ message }));
    };
    if (!connection?.socket || connection.socket.readyState !== connection.socket.OPEN) {
      // Drain the body so the client sees the 410 rather than a reset connection.
      request.resume();
      return sendError(410, 'GoneException', 'Gone');
    }
    const ws = connection.socket;
    switch (request.method) {
      case 'POST': {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of request) {
          size += (chunk as Buffer).length;
          if (size > this.limits.maxMessageBytes) {
            return sendError(413, 'PayloadTooLargeException', 'Message too long');
          }
          chunks.push(chunk as Buffer);
        }
        const sent = await new Promise<boolean>((resolve) =>
          ws.send(Buffer.concat(chunks).toString('utf8'), (error) => resolve(!error)),
        );
        // A socket that failed while writing is gone: say so (410), as API Gateway would, rather than
        // 200 for a message nobody received.
        if (!sent) return sendError(410, 'GoneException', 'Gone');
        response.writeHead(200).end();
        return;
      }
      case 'GET':
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            ConnectedAt: new Date(connection.connectedAt).toISOString(),
            LastActiveAt: new Date(connection.lastActiveAt).toISOString(),
            Identity: { SourceIp: connection.sourceIp, UserAgent: connection.userAgent },
          }),
        );
        return;
      case 'DELETE':
        ws.close(1000, 'Deleted');
        response.writeHead(204).end();
        return;
      default:
        sendError(405, 'MethodNotAllowedException', 'Method not allowed');
    }
  }

  private async inOutage(connectionId: string) {
    const now = Date.now();
    this.outages = this.outages.filter((outage) => outage.until > now);
    for (const outage of this.outages) if (await outage.includes(connectionId)) return true;
    return false;
  }

  /**
   * Test control of the local runtime only (`POST /dev/realtime/outage`): the gateway "goes down" for the
   * connections in scope. Their sockets are cut without a close frame (what a crashed gateway or a lost
   * network looks like to a browser) and their new upgrades are refused until the outage ends, so clients
   * must go through their real reconnect path. Scoped outages leave other tests' connections alone.
   */
  async startOutage(durationMs: number, includes: OutageScope = () => Promise.resolve(true)) {
    const until = Date.now() + durationMs;
    this.outages.push({ until, includes });
    const open = [...this.connections.values()].filter((connection) => connection.socket);
    const hit = await Promise.all(
      open.map(async (connection) => ((await includes(connection.id)) ? connection : null)),
    );
    const dropped = hit.filter((connection): connection is LiveConnection => connection !== null);
    for (const connection of dropped) connection.socket?.terminate();
    return { dropped: dropped.length, until: new Date(until).toISOString() };
  }

  /** Closes every connection (sending `$disconnect` for each) and stops accepting. */
  async close(code = 1001, reason = 'Going away') {
    const open = [...this.connections.values()];
    await Promise.all(
      open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (!connection.socket) return resolve();
            connection.socket.once('close', () => resolve());
            connection.socket.close(code, reason);
            setTimeout(() => {
              connection.socket?.terminate();
              resolve();
            }, 1000).unref();
          }),
      ),
    );
    await Promise.all(open.map((connection) => this.disconnect(connection, code, reason)));
    this.server.close();
  }
}
