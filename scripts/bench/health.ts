/**
 * `npm run bench [-- --duration 10 --connections 50]`: what the local gateway costs per request.
 *
 * Loads GET /api/v2/health on the local stack (gateway -> API Gateway proxy event -> the system
 * area's handler -> one DynamoDB Local GetItem), then a bare node:http server answering the same
 * JSON, with the same load, and prints both and their ratio. Everything targets 127.0.0.1, runs for a
 * bounded time and is stopped here, also on Ctrl-C.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startLocalStack, LocalStackStartError, type RunningLocalStack } from '../lib/local-stack.mjs';
import { cleanUpOnSignals, stopStack } from './lifecycle';

const LIMITS = { duration: { min: 1, max: 120 }, connections: { min: 1, max: 500 } } as const;
const WARM_UP_SECONDS = 3;

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

const readOptions = () => {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
    },
    strict: true,
  });
  const bounded = (name: keyof typeof LIMITS, raw: string) => {
    const value = Number(raw);
    const { min, max } = LIMITS[name];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got "${raw}").`);
    }
    return value;
  };
  return {
    duration: bounded('duration', values.duration),
    connections: bounded('connections', values.connections),
  };
};

/** Refuses anything but loopback: this tool must never load someone else's server. */
const assertLoopback = (url: string) => {
  const { hostname } = new URL(url);
  // The local stack's origin is named `localhost`; the bare servers here listen on 127.0.0.1.
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`Refusing to load ${url}: only this machine (localhost, 127.0.0.1) is benchmarked.`);
};

/**
 * One autocannon run. The load runs in a worker thread so that the in-process bare server below does
 * not share its event loop with the load generator (that would understate the bare figures).
 */
const load = async (name: string, url: string, duration: number, connections: number): Promise<Figures> => {
  assertLoopback(url);
  const result = await autocannon({ url, duration, connections, workers: 1 });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

const startBareServer = async () => {
  const body = JSON.stringify({ status: 'ok' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/api/v2/health` };
};

const printTable = (rows: Figures[], options: { duration: number; connections: number }) => {
  const [gateway, bare] = rows;
  const header = ['target', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx'];
  const cells = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    String(row.requests),
    String(row.errors),
    String(row.non2xx),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]?.length ?? 0)),
  );
  const line = (cell: string[]) =>
    cell
      .map((value, column) =>
        column === 0 ? value.padEnd(widths[column] ?? 0) : value.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    `\nGET /api/v2/health on 127.0.0.1: ${options.connections} connections, ${options.duration} s per target\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cell of cells) console.log(line(cell));
  if (gateway && bare && bare.requestsPerSecond > 0 && bare.p99Ms > 0) {
    console.log(
      `\nthroughput ratio (gateway req/s ÷ bare req/s): ${(gateway.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}` +
        `\np99 latency ratio (gateway p99 ÷ bare p99):    ${(gateway.p99Ms / bare.p99Ms).toFixed(1)}`,
    );
  }
};

const main = async () => {
  const options = readOptions();
  let stack: RunningLocalStack | undefined;
  let bareServer: http.Server | undefined;

  const cleanUp = async () => {
    bareServer?.closeAllConnections();
    bareServer?.close();
    bareServer = undefined;
    const running = stack;
    stack = undefined;
    await stopStack(running);
  };
  cleanUpOnSignals(cleanUp);

  try {
    console.log('Starting the local stack…');
    try {
      stack = await startLocalStack({ quiet: true });
    } catch (error) {
      if (error instanceof LocalStackStartError) console.error(error.output);
      throw error;
    }
    const gatewayUrl = new URL('/api/v2/health', stack.info.baseUrl).toString();
    console.log(
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${stack.info.baseUrl}; warming up ${WARM_UP_SECONDS} s…`,
    );
    // Warm-up: JIT, DynamoDB Local's JVM and connection pools, so the measured run is steady state.
    await load('warm-up', gatewayUrl, WARM_UP_SECONDS, Math.min(10, options.connections));

    console.log(`Loading the local gateway for ${options.duration} s…`);
    const gateway = await load(
      'local gateway (handler + DynamoDB Local)',
      gatewayUrl,
      options.duration,
      options.connections,
    );
    // Stopped before the bare run so the JVM and the gateway do not compete with it for the CPU.
    await cleanUp();

    const bare = await startBareServer();
    bareServer = bare.server;
    await load('warm-up', bare.url, 1, Math.min(10, options.connections));
    console.log(`Loading a bare node:http server for ${options.duration} s…`);
    const baseline = await load(
      'bare node:http (same JSON)',
      bare.url,
      options.duration,
      options.connections,
    );

    printTable([gateway, baseline], options);
  } finally {
    await cleanUp();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
