/**
 * Local stand-in for CloudFront + API Gateway REST on one origin: `/api/v2/*` as API Gateway proxy events
 * (v1) to the same handlers, `/sitemap.xml` to the sitemap route (as CloudFront rewrites it), `/ws` to the
 * WebSocket gateway, `/media/*` from the assets bucket, `/dev/*` local-only tools (mail viewer, local
 * questionnaire, Stripe's payment page stand-in, jobs on demand, a simulated realtime outage for browser
 * tests, the outbox stream reader's failure destination and hold), and the web app (production build, SPA
 * fallback) everywhere else.
 */
import { createPrerenderedPages } from './prerendered-pages';
import { createReadStream, existsSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { APIGatewayProxyResult } from 'aws-lambda';
import {
  API_BASE_PATH,
  RUNTIME_CONFIG_FILE,
  errorTexts,
  localCardPaymentSchema,
  paymentTexts,
  runtimeConfig,
} from '@nutri/shared';
import { securityHeadersFor } from '@nutri/functions/http/area-handler';
import { getConnection } from '@nutri/functions/platform/connections-repo';
import { GOOGLE_SIGN_IN_SOURCES } from '../lib/content-security-policy';
import { restEvent } from './events';
import { localCheckoutView, payLocalCheckout } from './local-stripe';
import { missingAnswers, submitLocalQuestionnaire, type LocalAnswers } from './local-tally';
import { isCountingCalls, readCallCounts, resetCallCounts } from './call-counter';
import { invokeArea } from './handlers';
import { createRestRouter, isWellEncoded } from './router';
import type { OutboxStream } from './outbox-stream';
import type { WebSocketGateway } from './websocket-gateway';

/** How long the dashboards' stream reader is held for a benchmark's seed at most (skip-to-latest ends it). */
const MAX_DASHBOARD_HOLD_SECONDS = 1800;
/** Longest hold of the outbox stream reader (`POST /dev/outbox/hold?seconds=`). */
const MAX_OUTBOX_HOLD_SECONDS = 30;
/** Longest simulated realtime outage (`POST /dev/realtime/outage?seconds=`). */
const MAX_OUTAGE_SECONDS = 60;

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The headers CloudFront's response headers policy adds in the cloud, so CSP mistakes show up locally.
 * `filesOrigin` is the S3 emulator: like the files bucket in the cloud, browsers upload to it with
 * presigned POSTs and read presigned GETs from it. `realtimeUrl` is the WebSocket endpoint, pinned as the
 * cloud pins its WebSocket API (null: none allowed).
 */
export const webSecurityHeaders = ({
  filesOrigin,
  realtimeUrl,
}: {
  filesOrigin: string;
  realtimeUrl: string | null;
}): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE_SIGN_IN_SOURCES.script}`,
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN_SOURCES.style}`,
    `img-src 'self' data: blob: ${filesOrigin}`,
    "font-src 'self' data:",
    ['connect-src', "'self'", realtimeUrl, filesOrigin, GOOGLE_SIGN_IN_SOURCES.connect]
      .filter(Boolean)
      .join(' '),
    `media-src 'self' blob: ${filesOrigin}`,
    // Google sign-in's button and popup (shown only when a Google client id is configured).
    `frame-src ${GOOGLE_SIGN_IN_SOURCES.frame}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; '),
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
});

/**
 * The gateway's own WebSocket endpoint as the browser reaches it: `ws://<Host>/<stage>`. The page and its
 * socket share the host the browser used (the app connects to `/ws` on its own origin), so the Host header
 * names it; one that is not a plain host[:port] (it would end up inside the CSP) pins nothing.
 */
export const localRealtimeUrl = (hostHeader: string | undefined, stage: string) =>
  hostHeader && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(hostHeader)
    ? `ws://${hostHeader}/${stage}`
    : null;

/** Paths CloudFront sends to an API route, rewriting the URI (infra/lib/stacks/web-stack.ts). */
export const API_REWRITES: Record<string, string> = { '/sitemap.xml': `${API_BASE_PATH}/Seo/Sitemap` };

export interface HttpGatewayOptions {
  port: number;
  host: string;
  /** The product's one public origin (http://localhost:PORT): pages asked on a loopback IP move there. */
  origin: string;
  /** The WebSocket URL `/runtime-config.json` names, as the web stack's copy names the realtime stage. */
  realtimeUrl: string;
  webDist: string;
  s3Endpoint: string;
  assetsBucket: string;
  mailViewerUrl: string;
  webSocket: WebSocketGateway;
  webSocketStage: string;
  runJob: (name: string) => Promise<unknown>;
  /**
   * The local outbox stream reader (outbox-stream.ts): its failure destination, holding it for a while,
   * leaving what it holds so far unread (benchmarks).
   */
  outboxStream: () => Pick<OutboxStream, 'failures' | 'hold' | 'release' | 'skipToLatest'> | null;
  /** The dashboards' stream reader (the aggregation Lambda's): left to skip what was written so far. */
  dashboardStream?: () => Pick<OutboxStream, 'skipToLatest' | 'hold'> | null;
  onLog?: (line: string) => void;
}

/** A Host header naming a loopback IP (`127.0.0.1:3000`, `[::1]:3000`) rather than the origin's name. */
const LOOPBACK_IP_HOST = /^(?:127\.\d+\.\d+\.\d+|\[::1\])(?::\d+)?$/;

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
};

const NO_BODY = Buffer.alloc(0);

const readBody = async (request: IncomingMessage): Promise<Buffer | 'tooLarge'> => {
  // HTTP/1.1: a request has a body only with one of these headers (most API calls are GETs without).
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
    request.resume();
    return NO_BODY;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'tooLarge';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

export const startHttpGateway = async (options: HttpGatewayOptions) => {
  const router = createRestRouter();
  const webRoot = normalize(options.webDist);
  const prerendered = createPrerenderedPages({
    webDist: webRoot,
    apiOrigin: () => options.origin,
    publicOrigin: () => options.origin,
    onLog: options.onLog,
  });
  const publicHost = new URL(options.origin).host;
  const filesOrigin = new URL(options.s3Endpoint).origin;
  // The gateway's own answers (unknown route, too large, ...) carry the headers a handler's answer has.
  const apiHeaders = await securityHeadersFor('application/json; charset=utf-8');

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (!isWellEncoded(url.pathname + url.search)) {
      request.resume();
      return sendJson(response, 400, { code: 'bad_request', message: errorTexts.bad_request }, apiHeaders);
    }
    const path = API_REWRITES[url.pathname] ?? url.pathname;
    const match = router.match(request.method ?? 'GET', path);
    if (!match || match === 'methodNotAllowed') {
      request.resume();
      // API Gateway answers unknown routes itself; the CDK stack maps that answer to this same body.
      return sendJson(response, 404, { code: 'not_found', message: errorTexts.not_found }, apiHeaders);
    }
    const body = await readBody(request);
    if (body === 'tooLarge') {
      return sendJson(
        response,
        413,
        { code: 'payload_too_large', message: errorTexts.payload_too_large },
        apiHeaders,
      );
    }
    const event = restEvent({
      method: request.method ?? 'GET',
      path,
      resource: match.route.path,
      pathParameters: match.pathParameters,
      query: url.searchParams,
      headers: request.headers,
      body,
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
    });
    const result = (await invokeArea(match.route.area, event)) as APIGatewayProxyResult;
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(result.headers ?? {})) headers[key] = String(value);
    for (const [key, values] of Object.entries(result.multiValueHeaders ?? {}))
      headers[key] = values.map(String);
    response.writeHead(result.statusCode, headers);
    response.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  };

  const handleMedia = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendJson(response, 405, { code: 'not_found', message: errorTexts.not_found });
    const key = url.pathname.slice('/media/'.length);
    const upstream = httpRequest(
      `${options.s3Endpoint}/${options.assetsBucket}/${key}`,
      { method: request.method },
      (s3) => {
        if ((s3.statusCode ?? 500) >= 400) {
          s3.resume();
          return sendJson(response, 404, { code: 'not_found', message: errorTexts.not_found });
        }
        response.writeHead(200, {
          'Content-Type': s3.headers['content-type'] ?? 'application/octet-stream',
          ...(s3.headers['content-length'] ? { 'Content-Length': s3.headers['content-length'] } : {}),
          'Cache-Control': 'public, max-age=3600',
          'X-Content-Type-Options': 'nosniff',
        });
        s3.pipe(response);
      },
    );
    upstream.on('error', () => sendJson(response, 502, { code: 'internal', message: errorTexts.internal }));
    upstream.end();
  };

  const handleDev = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (url.pathname === '/dev/mail' || url.pathname === '/dev/mail/') {
      response.writeHead(302, { Location: options.mailViewerUrl }).end();
      return;
    }
    if (url.pathname === '/dev/tally/submit' && request.method === 'POST') {
      const body = await readBody(request);
      let answers: LocalAnswers;
      try {
        answers = JSON.parse(body === 'tooLarge' ? '' : body.toString('utf8')) as LocalAnswers;
      } catch {
        return sendJson(response, 400, { code: 'invalid_json', message: errorTexts.invalid_json });
      }
      const missing = missingAnswers(answers);
      if (Object.keys(missing).length) {
        return sendJson(response, 400, {
          code: 'validation_failed',
          message: errorTexts.validation_failed,
          Errors: missing,
        });
      }
      const result = await submitLocalQuestionnaire(`http://127.0.0.1:${options.port}`, answers);
      return sendJson(response, result.status, result.body);
    }
    // Test controls (the outage and the outbox hold below): loopback clients only, a bounded duration.
    const forbidden = () => sendJson(response, 403, { code: 'forbidden', message: errorTexts.forbidden });
    const badRequest = () =>
      sendJson(response, 400, { code: 'bad_request', message: errorTexts.bad_request });
    const secondsOf = (fallback: number, max: number) => {
      const seconds = Number(url.searchParams.get('seconds') ?? fallback);
      return Number.isFinite(seconds) && seconds > 0 && seconds <= max ? seconds : null;
    };
    const checkout = url.pathname.match(/^\/dev\/stripe\/checkout\/([^/]+)(\/pay)?$/);
    if (checkout?.[1]) {
      if (!isWellEncoded(checkout[1]))
        return sendJson(response, 400, { code: 'bad_request', message: errorTexts.bad_request });
      const sessionId = decodeURIComponent(checkout[1]);
      if (!checkout[2] && request.method === 'GET') {
        request.resume();
        const answer = await localCheckoutView(sessionId);
        return sendJson(response, answer.status, answer.body);
      }
      if (checkout[2] && request.method === 'POST') {
        const body = await readBody(request);
        let payment: unknown;
        try {
          payment = JSON.parse(body === 'tooLarge' ? '' : body.toString('utf8'));
        } catch {
          return sendJson(response, 400, { code: 'invalid_json', message: errorTexts.invalid_json });
        }
        const parsed = localCardPaymentSchema.safeParse(payment);
        if (!parsed.success)
          return sendJson(response, 400, {
            code: 'validation_failed',
            message: paymentTexts.cardInvalid,
            Errors: { CardNumber: [paymentTexts.cardInvalid] },
          });
        const answer = await payLocalCheckout(
          sessionId,
          parsed.data.CardNumber,
          `http://127.0.0.1:${options.port}`,
        );
        return sendJson(response, answer.status, answer.body);
      }
    }
    if (url.pathname === '/dev/realtime/outage' && request.method === 'POST') {
      request.resume();
      // Browser tests cut the realtime channel with this; it exists in the local runtime only.
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      const seconds = secondsOf(3, MAX_OUTAGE_SECONDS);
      if (seconds === null) return badRequest();
      const userId = url.searchParams.get('userId');
      // Scoped to one user's connections (looked up like the pusher does), so parallel tests are untouched.
      const scope = userId
        ? async (connectionId: string) => (await getConnection(connectionId))?.userId === userId
        : undefined;
      return sendJson(response, 200, await options.webSocket.startOutage(seconds * 1000, scope));
    }
    // The benchmarks' call counts (call-counter.ts): only on a stack started with NUTRI_COUNT_CALLS=1.
    if (isCountingCalls() && url.pathname === '/dev/calls' && request.method === 'GET') {
      request.resume();
      return sendJson(response, 200, readCallCounts());
    }
    if (isCountingCalls() && url.pathname === '/dev/calls/reset' && request.method === 'POST') {
      request.resume();
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      resetCallCounts();
      return sendJson(response, 200, {});
    }
    const outbox = url.pathname.startsWith('/dev/outbox/') ? options.outboxStream() : null;
    if (outbox && url.pathname === '/dev/outbox/failures' && request.method === 'GET') {
      request.resume();
      return sendJson(response, 200, { failures: outbox.failures() });
    }
    if (outbox && url.pathname === '/dev/outbox/hold' && request.method === 'POST') {
      request.resume();
      // Integration tests hold the stream with this; it exists in the local runtime only.
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      const seconds = secondsOf(5, MAX_OUTBOX_HOLD_SECONDS);
      if (seconds === null) return badRequest();
      return sendJson(response, 200, outbox.hold(seconds * 1000));
    }
    if (outbox && url.pathname === '/dev/outbox/release' && request.method === 'POST') {
      request.resume();
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      outbox.release();
      return sendJson(response, 200, {});
    }
    if (outbox && url.pathname === '/dev/outbox/skip-to-latest' && request.method === 'POST') {
      request.resume();
      // Benchmarks that seed the table directly (no outbox item among it) leave its records unread.
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      await outbox.skipToLatest();
      return sendJson(response, 200, {});
    }
    if (url.pathname === '/dev/dashboards/hold' && request.method === 'POST') {
      request.resume();
      // Benchmarks stop the aggregation while they seed (then skip what they wrote); local runtime only.
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      const stream = options.dashboardStream?.();
      if (!stream) return badRequest();
      return sendJson(response, 200, stream.hold(MAX_DASHBOARD_HOLD_SECONDS * 1000));
    }
    if (url.pathname === '/dev/dashboards/skip-to-latest' && request.method === 'POST') {
      request.resume();
      // Benchmarks seed the table directly and rebuild the aggregates; local runtime only.
      if (!isLoopback(request.socket.remoteAddress)) return forbidden();
      const stream = options.dashboardStream?.();
      if (!stream) return badRequest();
      await stream.skipToLatest();
      return sendJson(response, 200, {});
    }
    const job = url.pathname.match(/^\/dev\/jobs\/([a-z0-9-]+)\/run$/);
    if (job?.[1] && request.method === 'POST') {
      try {
        return sendJson(response, 200, await options.runJob(job[1]));
      } catch (error) {
        return sendJson(response, 404, { code: 'not_found', message: (error as Error).message });
      }
    }
    return sendJson(response, 404, { code: 'not_found', message: errorTexts.not_found });
  };

  const serveFile = (
    request: IncomingMessage,
    response: ServerResponse,
    file: string,
    method: string,
    content?: Buffer,
  ) => {
    const extension = extname(file);
    const isHtml = extension === '.html';
    // The web app's files get CloudFront's headers only, as from the web bucket in the cloud.
    for (const name of Object.keys(apiHeaders)) response.removeHeader(name);
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Content-Length': content?.length ?? statSync(file).size,
      // Hashed bundle files never change; HTML must always be revalidated to pick up a new build.
      'Cache-Control': isHtml
        ? 'no-cache'
        : file.includes(`${sep}static${sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      ...webSecurityHeaders({
        filesOrigin,
        realtimeUrl: localRealtimeUrl(request.headers.host, options.webSocketStage),
      }),
    });
    if (method === 'HEAD') return response.end();
    if (content) return response.end(content);
    createReadStream(file).pipe(response);
  };

  const handleWeb = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD')
      return sendJson(response, 405, { code: 'not_found', message: errorTexts.not_found });
    // One origin: generated URLs (images, the checkout's return) name `origin`, so a page opened on a
    // loopback IP would see its images refused by the CSP and lose its session when paying.
    const host = request.headers.host;
    if (host && host !== publicHost && LOOPBACK_IP_HOST.test(host)) {
      response.writeHead(308, { Location: `${options.origin}${url.pathname}${url.search}` });
      return response.end();
    }
    if (url.pathname === `/${RUNTIME_CONFIG_FILE}`) {
      // Same caching as the deployed entry files: never stale after a restart on another port.
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES['.json']!,
        'Cache-Control': 'no-cache',
        ...webSecurityHeaders({
          filesOrigin,
          realtimeUrl: localRealtimeUrl(request.headers.host, options.webSocketStage),
        }),
      });
      return response.end(method === 'HEAD' ? undefined : JSON.stringify(runtimeConfig(options.realtimeUrl)));
    }
    const index = join(webRoot, 'index.html');
    if (!existsSync(index)) {
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      return response.end(
        'Il sito non è ancora stato compilato: esegui `npm run build -w web` oppure `npm start`.',
      );
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(response, 400, { code: 'bad_request', message: errorTexts.bad_request });
    }
    const file = normalize(join(webRoot, path));
    if (file.startsWith(webRoot + sep) && existsSync(file) && statSync(file).isFile())
      return serveFile(request, response, file, method);
    if (extname(path) === '') {
      // A public page is served prerendered (src/prerender of the web app), like the web bucket's copies.
      const page = await prerendered.page(path, url.search);
      if (page !== null) return serveFile(request, response, index, method, Buffer.from(page));
      // Like the CloudFront function: other extension-less paths are app routes and get index.html.
      return serveFile(request, response, index, method);
    }
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  };

  const wsManagementPath = new RegExp(`^/${options.webSocketStage}/@connections/([^/]+)$`);
  const { onLog } = options;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (onLog) {
      const started = Date.now();
      response.on('finish', () => {
        onLog(`${request.method} ${url.pathname} ${response.statusCode} ${Date.now() - started}ms`);
      });
    }
    const isApi =
      url.pathname === API_BASE_PATH ||
      url.pathname.startsWith('/api/') ||
      API_REWRITES[url.pathname] !== undefined;
    // Defaults for every answer; a handler's own headers win (writeHead), the web app's files drop them.
    // An API answer is left out: a handler's answer carries these headers already (the middy stack adds
    // them) and the gateway's own API answers add them, so the hot path validates no header twice.
    if (!isApi) for (const [name, value] of Object.entries(apiHeaders)) response.setHeader(name, value);
    const wsManagement = isApi ? null : wsManagementPath.exec(url.pathname);
    let work: unknown;
    if (wsManagement?.[1]) {
      if (!isLoopback(request.socket.remoteAddress))
        return sendJson(response, 403, { code: 'forbidden', message: errorTexts.forbidden });
      if (!isWellEncoded(wsManagement[1]))
        return sendJson(response, 400, { code: 'bad_request', message: errorTexts.bad_request });
      work = options.webSocket.handleManagement(request, response, decodeURIComponent(wsManagement[1]));
    } else if (isApi) {
      work = handleApi(request, response, url);
    } else if (url.pathname.startsWith('/media/')) {
      work = handleMedia(request, response, url);
    } else if (url.pathname.startsWith('/dev/')) {
      work = handleDev(request, response, url);
    } else {
      work = handleWeb(request, response, url);
    }
    void Promise.resolve(work).catch((error: unknown) => {
      onLog?.(`gateway error: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent)
        sendJson(response, 500, { code: 'internal', message: errorTexts.internal }, apiHeaders);
      else response.destroy();
    });
  });

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname !== `/${options.webSocketStage}`) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    void options.webSocket.handleUpgrade(request, socket, head).catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
