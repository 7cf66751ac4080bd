/**
 * The platform as a client sees it, on the running local stack: the HTTP gateway (JSON errors,
 * security headers, method and path handling), the WebSocket gateway (ping, unknown actions, API
 * Gateway's size limits), the local job runner and the web app's SPA fallback.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WEBSOCKET_LIMITS,
  apiErrorBodySchema,
  errorTexts,
  pongMessageSchema,
  realtimeErrorMessageSchema,
  runtimeConfig,
} from '@nutri/shared';
// Relative imports: the tests package depends only on @nutri/shared; the route table and the stack
// contract are read straight from their single source.
import { restRoutes, type RestRoute } from '../../functions/src/routes';
import { batchGet, BATCH_GET_LIMIT } from '../../functions/src/platform/db/batch-get';
import { db, tableName } from '../../functions/src/platform/db/client';
import { transact, transactOrThrow, type TransactItem } from '../../functions/src/platform/db/transact';
import { DomainError } from '../../functions/src/platform/domain-error';
import { READY_PREFIX, readStackInfoFromEnv } from '../../infra/local/stack-info';
import { READY_PREFIX as HARNESS_READY_PREFIX } from '../../scripts/lib/local-stack.mjs';
import { RealtimeClient, type RealtimeOutcome } from '../support/realtime-client';
import { login } from './support/api';

const stack = readStackInfoFromEnv();

interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

const request = async (path: string, init: RequestInit = {}): Promise<HttpResult> => {
  const response = await fetch(new URL(path, stack.baseUrl), { redirect: 'manual', ...init });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
};

/** An error response must be JSON `{ code, message }` with an Italian message a user may see. */
const expectJsonError = (result: HttpResult) => {
  expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  const body = apiErrorBodySchema.parse(result.json);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
};

const openClients: RealtimeClient[] = [];
/** A connection of the demo patient: `$connect` needs a single-use ticket (tests/integration/chat.test.ts). */
const connect = async () => {
  const token = (await login('paziente@nutri.local', 'Paziente123!')).accessToken;
  const ticket = await request('/api/v2/Chat/ConnectionTicket', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const { Ticket } = ticket.json as { Ticket: string };
  const client = await RealtimeClient.connect(`${stack.wsUrl}?ticket=${encodeURIComponent(Ticket)}`);
  openClients.push(client);
  return client;
};

afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

describe('local stack contract', () => {
  it('uses the ready prefix of infra/local/stack-info.ts in the harness', () => {
    expect(HARNESS_READY_PREFIX).toBe(READY_PREFIX);
  });

  it('names one origin, http://localhost:PORT, for the site and the WebSocket, and listens on loopback', async () => {
    const origin = new URL(stack.baseUrl);
    expect(origin.protocol).toBe('http:');
    expect(origin.hostname).toBe('localhost');
    expect(stack.wsUrl).toBe(`ws://${origin.host}/ws`);
    // The listening address itself is 127.0.0.1 (never another interface).
    const health = await fetch(`http://127.0.0.1:${origin.port}/api/v2/health`);
    expect(health.status).toBe(200);
  });
});

describe('HTTP gateway', () => {
  it('answers GET /api/v2/health with 200 {"status":"ok"} as JSON with security headers', async () => {
    const result = await request('/api/v2/health');

    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.json).toEqual({ status: 'ok' });
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    // X-Frame-Options and CSP belong to HTML responses only (middy's http-security-headers agrees).
    expect(result.headers.get('x-powered-by')).toBeNull();
    expect(result.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(result.headers.get('referrer-policy')).toBe('no-referrer');
    expect(result.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('answers an unknown API path with 404 JSON not_found and an Italian message', async () => {
    for (const path of ['/api/v2/whatever', '/api/v2/whatever/deeper/still']) {
      const result = await request(path);

      expect(result.status, path).toBe(404);
      const body = expectJsonError(result);
      expect(body.code).toBe('not_found');
      expect(body.message).toBe(errorTexts.not_found);
    }
  });

  it('sends the security headers of a handler’s answer on its own answers too (unknown route, too large)', async () => {
    const handled = await request('/api/v2/health');
    const securityHeaders = [
      'x-content-type-options',
      'strict-transport-security',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
    ];
    const expected = Object.fromEntries(securityHeaders.map((name) => [name, handled.headers.get(name)]));
    expect(expected['x-content-type-options']).toBe('nosniff');

    const unknown = await request('/api/v2/whatever');
    expect(unknown.status).toBe(404);
    const tooLarge = await request('/api/v2/Account/Login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"email":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(tooLarge.status).toBe(413);
    expect(expectJsonError(tooLarge).code).toBe('payload_too_large');
    const wrongMethod = await request('/api/v2/health', { method: 'DELETE' });
    for (const [name, result] of [
      ['404', unknown],
      ['413', tooLarge],
      ['wrong method', wrongMethod],
    ] as const) {
      const sent = Object.fromEntries(securityHeaders.map((header) => [header, result.headers.get(header)]));
      expect(sent, name).toEqual(expected);
    }
  });

  it('answers a known path with the wrong method with a JSON error, never the route or the SPA', async () => {
    const result = await request('/api/v2/health', { method: 'DELETE' });

    expect([404, 405]).toContain(result.status);
    const body = expectJsonError(result);
    expect(body.code).toMatch(/^[a-z_]+$/);
  });

  // The first public JSON POST route of the table (sign-in is one).
  const postRoute = (restRoutes as readonly RestRoute[]).find(
    (route) =>
      route.method === 'POST' && route.access === 'public' && !route.rawBody && !route.path.includes('{'),
  );
  it(`refuses a malformed JSON body on a public POST route (${postRoute?.path}) with 400 invalid_json`, async () => {
    expect(postRoute).toBeDefined();
    const result = await request(postRoute!.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "paziente@example.it",',
    });

    expect(result.status).toBe(400);
    const body = expectJsonError(result);
    expect(body.code).toBe('invalid_json');
    expect(body.message).toBe(errorTexts.invalid_json);
  });
});

describe('WebSocket gateway', () => {
  /** Either a close with a code the server chose for the error, or an error message. */
  const expectRefused = (outcome: RealtimeOutcome) => {
    if (outcome.kind === 'closed') {
      // 1009 "message too big" (or 1008 "policy violation"): a crash (1011) or a dropped socket (1006) is no refusal.
      expect([1008, 1009]).toContain(outcome.code);
    } else {
      expect(realtimeErrorMessageSchema.parse(outcome.data).type).toBe('error');
    }
  };

  const pingPadded = (totalBytes: number) => {
    const head = '{"action":"ping","padding":"';
    const tail = '"}';
    return `${head}${'x'.repeat(totalBytes - head.length - tail.length)}${tail}`;
  };

  it('answers {"action":"ping"} with {"type":"pong","at":...}', async () => {
    const client = await connect();

    client.sendJson({ action: 'ping' });

    const pong = pongMessageSchema.parse(await client.nextMessage());
    expect(pong.type).toBe('pong');
    expect(Number.isNaN(Date.parse(pong.at))).toBe(false);
  });

  it('answers an unknown action and a non-JSON message with {"type":"error"} and stays open', async () => {
    const client = await connect();

    client.sendJson({ action: 'not-a-route' });
    const unknown = realtimeErrorMessageSchema.parse(await client.nextMessage());
    client.sendText('this is not JSON');
    const notJson = realtimeErrorMessageSchema.parse(await client.nextMessage());

    expect(unknown.type).toBe('error');
    expect(notJson.type).toBe('error');
    client.sendJson({ action: 'ping' });
    expect(pongMessageSchema.parse(await client.nextMessage()).type).toBe('pong');
  });

  it('accepts a message in one frame just under the 32 KB frame limit', async () => {
    const client = await connect();

    client.sendText(pingPadded(WEBSOCKET_LIMITS.maxFrameBytes - 2048));

    expect(pongMessageSchema.parse(await client.nextMessage()).type).toBe('pong');
  });

  it('refuses a single frame over 32 KB', async () => {
    const client = await connect();

    client.sendText(pingPadded(WEBSOCKET_LIMITS.maxFrameBytes + 8 * 1024));

    expectRefused(await client.next());
  });

  it('accepts a 100 KB message sent in frames under 32 KB', async () => {
    const client = await connect();

    client.sendFragmented(pingPadded(100 * 1024), 30 * 1024);

    expect(pongMessageSchema.parse(await client.nextMessage()).type).toBe('pong');
  });

  it('refuses a message over 128 KB even when every frame is under 32 KB', async () => {
    const client = await connect();

    client.sendFragmented(pingPadded(WEBSOCKET_LIMITS.maxMessageBytes + 12 * 1024), 30 * 1024);

    expectRefused(await client.next());
    // The refusal concerns that connection only: a new one works.
    const fresh = await connect();
    fresh.sendJson({ action: 'ping' });
    expect(pongMessageSchema.parse(await fresh.nextMessage()).type).toBe('pong');
  });
});

describe('platform/db on DynamoDB Local', () => {
  const testKey = (name: string) => ({ pk: `TEST#${randomUUID()}`, sk: name });
  const put = (item: Record<string, unknown>) =>
    db().send(new PutCommand({ TableName: tableName(), Item: item }));
  const putIfAbsent = (key: { pk: string; sk: string }): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: { ...key, at: 'new' },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });

  it('transact commits every item and answers null', async () => {
    const a = testKey('a');
    const b = testKey('b');

    const failure = await transact([{ item: putIfAbsent(a), failure: 'a' }, { item: putIfAbsent(b) }], {
      contended: 'contended',
    });

    expect(failure).toBeNull();
    expect(await batchGet([a, b], { consistentRead: true })).toHaveLength(2);
  });

  it('transact names the failure of the item whose condition failed, in whatever order the items come', async () => {
    const taken = testKey('taken');
    await put({ ...taken, at: 'before' });
    const free = testKey('free');
    const items = [
      { item: putIfAbsent(free), failure: 'free-taken' },
      { item: putIfAbsent(taken), failure: 'name-taken' },
    ];

    const inOrder = await transact(items, { contended: 'contended' });
    const reversed = await transact([...items].reverse(), { contended: 'contended' });

    expect(inOrder).toBe('name-taken');
    expect(reversed).toBe('name-taken');
    // Nothing of a cancelled transaction is written.
    expect(await batchGet([free], { consistentRead: true })).toEqual([]);
    expect(await batchGet([taken], { consistentRead: true })).toEqual([{ ...taken, at: 'before' }]);
  });

  it('transact answers the failure of the first failing item given when several conditions fail', async () => {
    const one = testKey('one');
    const two = testKey('two');
    await Promise.all([put(one), put(two)]);
    const items = [
      { item: putIfAbsent(one), failure: 'one' },
      { item: putIfAbsent(two), failure: 'two' },
    ];

    expect(await transact(items, { contended: 'contended' })).toBe('one');
    expect(await transact([...items].reverse(), { contended: 'contended' })).toBe('two');
  });

  it('transactOrThrow throws the named domain failure; an unnamed failing condition is thrown as it came', async () => {
    const taken = testKey('taken');
    await put(taken);

    await expect(
      transactOrThrow(
        [
          { item: putIfAbsent(testKey('x')) },
          { item: putIfAbsent(taken), failure: new DomainError('slot-taken') },
        ],
        {
          contended: new DomainError('conflict'),
        },
      ),
    ).rejects.toMatchObject({ name: 'DomainError', code: 'slot-taken' });
    await expect(transact([{ item: putIfAbsent(taken) }], { contended: 'contended' })).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
  });

  it(`batchGet reads more than ${BATCH_GET_LIMIT} keys, each once, leaving out keys without an item`, async () => {
    const keys = Array.from({ length: 2 * BATCH_GET_LIMIT + 30 }, (_, index) => testKey(`item-${index}`));
    const stored = keys.filter((_, index) => index % 7 !== 0);
    await Promise.all(stored.map((key, index) => put({ ...key, Name: `n${index}`, Secret: 'not read' })));

    const items = await batchGet([...keys, ...keys.slice(0, 10)], { attributes: ['pk', 'sk', 'Name'] });

    expect(items).toHaveLength(stored.length);
    expect(new Set(items.map((item) => item.pk))).toEqual(new Set(stored.map((key) => key.pk)));
    expect(items.every((item) => Object.keys(item).sort().join() === 'Name,pk,sk')).toBe(true);
  });

  it('batchGet asks again for the keys DynamoDB leaves unprocessed (a response over 16 MB)', async () => {
    // 60 items of 350 KB make 21 MB in one call: DynamoDB answers 16 MB and returns the rest unprocessed.
    const keys = Array.from({ length: 60 }, (_, index) => testKey(`large-${index}`));
    const payload = 'x'.repeat(350 * 1024);
    for (const key of keys) await put({ ...key, payload });
    let unprocessedAnswers = 0;
    const watch = 'count-unprocessed-keys';
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const output = result.output as
          { UnprocessedKeys?: Record<string, { Keys?: unknown[] }> } | undefined;
        if (
          context.commandName?.startsWith('BatchGet') &&
          output?.UnprocessedKeys?.[tableName()]?.Keys?.length
        )
          unprocessedAnswers += 1;
        return result;
      },
      { step: 'initialize', name: watch },
    );
    try {
      const items = await batchGet(keys);

      expect(unprocessedAnswers).toBeGreaterThanOrEqual(1);
      expect(new Set(items.map((item) => item.pk))).toEqual(new Set(keys.map((key) => key.pk)));
    } finally {
      db().middlewareStack.remove(watch);
    }
  }, 60_000);
});

describe('local job runner', () => {
  it('runs sweep-connections now and keeps live connections', async () => {
    const client = await connect();
    client.sendJson({ action: 'ping' });
    await client.nextMessage();

    const result = await request('/dev/jobs/sweep-connections/run', { method: 'POST' });

    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    const body = result.json as { job?: string; result?: unknown };
    const outcome = (body.result ?? body) as { checked?: unknown; removed?: unknown };
    expect(Number.isInteger(outcome.checked) && Number.isInteger(outcome.removed), JSON.stringify(body)).toBe(
      true,
    );
    // At least the connection opened above, which answered a ping, was checked.
    expect(outcome.checked).toBeGreaterThanOrEqual(1);
    client.sendJson({ action: 'ping' });
    expect(pongMessageSchema.parse(await client.nextMessage()).type).toBe('pong');
  });

  it('answers an unknown job with 404 JSON', async () => {
    const result = await request('/dev/jobs/no-such-job/run', { method: 'POST' });

    expect(result.status).toBe(404);
    expect(expectJsonError(result).code).toBe('not_found');
  });
});

describe('web app', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves the Italian single-page app at /', async () => {
    const result = await request('/', { headers: html });

    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
    expect(result.text).toMatch(/<html[^>]*\blang="it"/);
    // Prerendered: the app starts after the first paint, from a small script that names its entry.
    expect(result.text).toMatch(
      /<script defer src="\/start-app\.js" data-entry="\/static\/index-[\w-]+\.js"/,
    );
    expect(result.text).not.toMatch(/<script[^>]+type="module"/);
    // An app route that is not prerendered loads the entry itself.
    expect((await request('/Login', { headers: html })).text).toMatch(/<script[^>]+type="module"/);
  });

  it('moves a page asked on a loopback IP to the one origin, keeping path and query', async () => {
    const { port } = new URL(stack.baseUrl);
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`]) {
      const result = await fetch(`http://127.0.0.1:${port}/Blog?page=2`, {
        redirect: 'manual',
        headers: { ...html, host },
      });

      expect(result.status, host).toBe(308);
      expect(result.headers.get('location'), host).toBe(`${stack.baseUrl}/Blog?page=2`);
    }
  });

  it('serves /runtime-config.json with the WebSocket URL, as the web stack deploys it', async () => {
    const result = await request('/runtime-config.json');

    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.headers.get('cache-control')).toBe('no-cache');
    expect(result.json).toEqual(runtimeConfig(stack.wsUrl));
  });

  it('allows WebSockets to the gateway’s own realtime endpoint only, on the host the browser used', async () => {
    const { request: httpRequest } = await import('node:http');
    const port = new URL(stack.baseUrl).port;
    // Node's fetch sets Host itself: ask as a browser on http://localhost:<port> would.
    const cspFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        httpRequest(
          { host: '127.0.0.1', port, path: '/', headers: { host, accept: 'text/html' } },
          (response) => {
            response.resume();
            resolve(String(response.headers['content-security-policy'] ?? ''));
          },
        )
          .on('error', reject)
          .end();
      });
    const connectSources = (csp: string) =>
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'connect-src')
        ?.slice(1) ?? [];
    for (const host of [new URL(stack.baseUrl).host, `localhost:${port}`]) {
      const sockets = connectSources(await cspFor(host)).filter((source) => /^wss?:/.test(source));
      expect(sockets, host).toEqual([`ws://${host}/ws`]);
    }
    expect(stack.wsUrl).toBe(`ws://${new URL(stack.baseUrl).host}/ws`);
  });

  it('serves the same index for an unknown page path, so the app can route to /error/404', async () => {
    // /Login is an app route that is not prerendered: it gets the app's index.html as it is.
    const index = await request('/Login', { headers: html });
    const result = await request('/some/unknown/path', { headers: html });

    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
    expect(result.text).toBe(index.text);
    expect(result.text).not.toContain('data-prerendered');
  });

  it('serves a public page prerendered, with its data and head, under the same headers as the index', async () => {
    const index = await request('/Login', { headers: html });
    const page = await request('/FAQ', { headers: html });

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toBe(index.headers.get('content-security-policy'));
    expect(page.text).toContain('<div id="root" data-prerendered>');
    expect(page.text).toMatch(/<h1[^>]*>Domande frequenti<\/h1>/);
    expect(page.text).toContain('<title>FAQ · Nutrì</title>');
    expect(page.text).toContain('id="nutri-prerendered-data"');
  });
});
