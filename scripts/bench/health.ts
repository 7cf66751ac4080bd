/**
 * `npm run bench [-- --duration 10 --connections 50 --rounds 3 --users 4 --writes 120]`: what our gateway and handlers
 * cost per request, like for like.
 *
 * On one local stack of its own it loads, each for `--duration` seconds with `--connections` connections
 * (1 and 2 in `--rounds` alternating rounds):
 * 1. GET /api/v2/health through the local gateway (API Gateway proxy event -> middy stack -> the system
 *    area's handler -> one DynamoDB Local GetItem);
 * 2. a bare node:http server (scripts/bench/bare-server.ts, a process of its own) doing the same GetItem with the same document client (the
 *    functions' own `db()`, same configuration) and answering the same JSON: the ratio of the two is what
 *    the gateway and handler cost on top of the read, and must stay >= 0.7;
 * 3. the same bare server answering without the read, for reference (what a request costs with no I/O);
 * 4. an authenticated read: GET CurrentPatient/Bookings of `--users` patients signed in through
 *    Account/Login (real sessions; few, since each sign-in verifies a deliberately slow password hash);
 * 5. a write: `--writes` paid visits booked on distinct free slots (one request in flight per patient, as a
 *    patient's bookings contend on their profile), with p50/p99.
 * Everything targets 127.0.0.1, is bounded in count and time and is stopped here, also on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { passwordHashOf, putNutritionist, putPatient } from '../../tests/integration/support/people';
import { cleanUpOnSignals, runBenchmark, startStack, stopStack } from './lifecycle';
import { openWeekOfSlots, SLOT_HOURS, WEEK_DAYS, type Slot } from './slots';
import { percentile, readBoundedOptions } from './tools';

const LIMITS = {
  duration: { default: 10, min: 1, max: 120 },
  connections: { default: 50, min: 1, max: 500 },
  rounds: { default: 3, min: 1, max: 10 },
  users: { default: 4, min: 1, max: 8 },
  writes: { default: 120, min: 4, max: 480 },
};
const WARM_UP_SECONDS = 3;
/** The gateway plus handler must reach this share of the bare server doing the same read. */
const TARGET_RATIO = 0.7;
/** Bookings each patient has when their list is read. */
const LISTED_BOOKINGS = 5;
const PASSWORD = 'Bench-Ortaggi-2026';

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Transport errors and timeouts, then answers that were not the expected status. */
  errors: number;
  unexpected: number;
  /** CPU time the serving process (not DynamoDB Local) spent per request, in ms; NaN where unknown. */
  serverCpuMs: number;
}

/** USER_HZ: 100 on Linux on every architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
const cpuMsOf = (pid: number | undefined) => {
  try {
    // Fields after the command name: the state is field 3, utime field 14 and stime field 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
};

/** Refuses anything but loopback: this tool must never load someone else's server. */
const assertLoopback = (url: string) => {
  const { hostname } = new URL(url);
  // The local stack's origin is named `localhost`; the bare servers here listen on 127.0.0.1.
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`Refusing to load ${url}: only this machine (localhost, 127.0.0.1) is benchmarked.`);
};

/** One autocannon run, in a worker thread of this process (so the generator is never the bottleneck's event loop). */
const load = async (
  name: string,
  url: string,
  options: {
    duration: number;
    connections: number;
    /** Requests each connection sends in turn (default: GET `url`). */
    requests?: { method: 'GET'; path: string; headers: Record<string, string> }[];
    /** The process serving `url`, whose CPU time is measured. */
    serverPid?: number | undefined;
  },
): Promise<Figures> => {
  assertLoopback(url);
  const cpuBefore = cpuMsOf(options.serverPid);
  const result = await autocannon({
    url,
    duration: options.duration,
    connections: options.connections,
    workers: 1,
    ...(options.requests ? { requests: options.requests } : {}),
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    unexpected: result.non2xx,
    serverCpuMs: (cpuMsOf(options.serverPid) - cpuBefore) / result.requests.total,
  };
};

/**
 * Starts scripts/bench/bare-server.ts in a process of its own (as the gateway runs in the stack's), with the
 * environment that points the functions code at the stack, and returns its URL.
 */
const startBareServer = async (read: boolean) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), ...(read ? [] : ['--no-read'])],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: process.env, detached: true },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { url } = JSON.parse(line) as { url: string };
  return { child, url };
};

interface Patient {
  email: string;
  token: string;
  slots: Slot[];
}

/**
 * `users` patients, each with a nutritionist of their own and a week of that nutritionist's hourly slots.
 * Nutritionists get a directly signed token on a real session (set-up only); patients sign in through
 * Account/Login, as the web app does.
 */
const seed = async (baseUrl: string, users: number): Promise<Patient[]> => {
  const { signAccessToken } = await import('../../functions/src/platform/tokens');
  const { startRefreshFamily } = await import('../../functions/src/accounts/credentials-repo');
  const passwordHash = await passwordHashOf(PASSWORD);
  const patients: Patient[] = [];
  for (let n = 0; n < users; n += 1) {
    const nutritionistId = randomUUID();
    await putNutritionist({
      id: nutritionistId,
      userName: `bench-${nutritionistId}`,
      email: `bench-${nutritionistId.slice(0, 8)}@nutri.test`,
      name: 'Chiara',
      displayName: `Chiara Verdi ${nutritionistId.slice(0, 4)}`,
      passwordHash: null,
    });
    const { family } = await startRefreshFamily(nutritionistId, false, new Date());
    const nutritionistToken = await signAccessToken(
      { sub: nutritionistId, roles: ['Nutritionist'], fam: family.familyId },
      3600,
    );
    const slots = await openWeekOfSlots(baseUrl, nutritionistToken);
    const patientId = randomUUID();
    const email = `bench-${patientId.slice(0, 8)}@nutri.test`;
    await putPatient(
      {
        id: patientId,
        userName: `bench-${patientId}`,
        email,
        name: 'Paola',
        displayName: `Paola Bianchi ${patientId.slice(0, 4)}`,
        passwordHash,
      },
      nutritionistId,
    );
    const signIn = await fetch(`${baseUrl}/api/v2/Account/Login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    patients.push({ email, token: accessToken, slots });
  }
  return patients;
};

interface Attempt {
  status: number;
  ms: number;
}

const bookSlot = async (baseUrl: string, patient: Patient): Promise<Attempt> => {
  const slot = patient.slots.shift();
  if (!slot) throw new Error('No free slot left for this patient: lower --writes.');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v2/CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${patient.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(slot),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

/** `count` bookings spread over the patients, one request in flight per patient. */
const bookMany = async (
  baseUrl: string,
  patients: Patient[],
  count: number,
  name: string,
  serverPid: number | undefined,
) => {
  const cpuBefore = cpuMsOf(serverPid);
  const started = performance.now();
  const attempts = (
    await Promise.all(
      patients.map(async (patient, p) => {
        const own: Attempt[] = [];
        for (let n = p; n < count; n += patients.length) own.push(await bookSlot(baseUrl, patient));
        return own;
      }),
    )
  ).flat();
  const seconds = (performance.now() - started) / 1000;
  const sorted = attempts.map((attempt) => attempt.ms).sort((a, b) => a - b);
  const created = attempts.filter((attempt) => attempt.status === 201).length;
  return {
    name,
    requestsPerSecond: attempts.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: attempts.length,
    errors: 0,
    unexpected: attempts.length - created,
    serverCpuMs: (cpuMsOf(serverPid) - cpuBefore) / attempts.length,
  } satisfies Figures;
};

/** Rounds of one target as one row: mean throughput, median p50, worst p99, totals. */
const combine = (name: string, rounds: Figures[]): Figures => ({
  name,
  requestsPerSecond: rounds.reduce((sum, row) => sum + row.requestsPerSecond, 0) / rounds.length,
  p50Ms: percentile(
    rounds.map((row) => row.p50Ms).sort((a, b) => a - b),
    50,
  ),
  p99Ms: Math.max(...rounds.map((row) => row.p99Ms)),
  requests: rounds.reduce((sum, row) => sum + row.requests, 0),
  errors: rounds.reduce((sum, row) => sum + row.errors, 0),
  unexpected: rounds.reduce((sum, row) => sum + row.unexpected, 0),
  serverCpuMs:
    rounds.reduce((sum, row) => sum + row.serverCpuMs * row.requests, 0) /
    rounds.reduce((sum, row) => sum + row.requests, 0),
});

const printTable = (rows: Figures[]) => {
  const header = [
    'target',
    'req/s (mean)',
    'p50 ms',
    'p99 ms',
    'server CPU ms/req',
    'requests',
    'errors',
    'unexpected',
  ];
  const cells = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    row.serverCpuMs.toFixed(2),
    String(row.requests),
    String(row.errors),
    String(row.unexpected),
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
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cell of cells) console.log(line(cell));
};

const main = async () => {
  const options = readBoundedOptions(LIMITS);
  if (options.writes + LISTED_BOOKINGS * options.users > options.users * SLOT_HOURS.length * WEEK_DAYS)
    throw new Error(
      `--writes ${options.writes} needs more free slots than ${options.users} patient(s) have: at most ${
        options.users * (SLOT_HOURS.length * WEEK_DAYS - LISTED_BOOKINGS)
      }.`,
    );
  let stack: RunningLocalStack | undefined;
  const bareServers: ChildProcess[] = [];

  const cleanUp = async () => {
    for (const child of bareServers.splice(0))
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    const running = stack;
    stack = undefined;
    await stopStack(running);
  };
  cleanUpOnSignals(cleanUp);

  try {
    console.log('Starting the local stack…');
    stack = await startStack();
    const { baseUrl } = stack.info;
    console.log(
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${baseUrl}; signing in ${options.users} patient(s)…`,
    );
    const patients = await seed(baseUrl, options.users);
    for (const patient of patients)
      for (let n = 0; n < LISTED_BOOKINGS; n += 1) {
        const attempt = await bookSlot(baseUrl, patient);
        if (attempt.status !== 201) throw new Error(`booking for the list: ${attempt.status}`);
      }

    const gatewayUrl = new URL('/api/v2/health', baseUrl).toString();
    const withRead = await startBareServer(true);
    bareServers.push(withRead.child);
    const withoutRead = await startBareServer(false);
    bareServers.push(withoutRead.child);
    const run = { duration: options.duration, connections: options.connections };
    const onGateway = { ...run, serverPid: stack.child.pid };
    const warmUp = { duration: WARM_UP_SECONDS, connections: Math.min(10, options.connections) };

    // Warm-up: JIT, DynamoDB Local's JVM and connection pools, so the measured runs are steady state.
    console.log(`Warming up ${WARM_UP_SECONDS} s per target, then ${options.duration} s each…`);
    await load('warm-up', gatewayUrl, warmUp);
    await load('warm-up', withRead.url, warmUp);
    // Alternate rounds (which goes first swaps each round) so that a burst of load from elsewhere on the
    // machine, or DynamoDB Local slowing down as it runs, weighs on both sides alike.
    const gatewayRounds: Figures[] = [];
    const bareRounds: Figures[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const gatewayRound = () =>
        load('gateway', gatewayUrl, onGateway).then((row) => gatewayRounds.push(row));
      const bareRound = () =>
        load('bare', withRead.url, { ...run, serverPid: withRead.child.pid }).then((row) =>
          bareRounds.push(row),
        );
      if (round % 2 === 0) await gatewayRound().then(bareRound);
      else await bareRound().then(gatewayRound);
    }
    const gateway = combine('health: local gateway + handler + GetItem', gatewayRounds);
    const bare = combine('health: bare node:http + same GetItem', bareRounds);
    await load('warm-up', withoutRead.url, warmUp);
    const bareNoRead = await load('reference: bare node:http, no read', withoutRead.url, {
      ...run,
      serverPid: withoutRead.child.pid,
    });

    // Each connection reads as each signed-in patient in turn.
    const listPath = '/api/v2/CurrentPatient/Bookings';
    const listRequests = patients.map((patient) => ({
      method: 'GET' as const,
      path: listPath,
      headers: { Authorization: `Bearer ${patient.token}` },
    }));
    const listUrl = new URL(listPath, baseUrl).toString();
    await load('warm-up', listUrl, { ...warmUp, requests: listRequests });
    const listRead = await load(`signed-in read: patient's bookings (${LISTED_BOOKINGS} each)`, listUrl, {
      ...onGateway,
      requests: listRequests,
    });

    console.log(`Booking ${options.writes} paid visits, one in flight per patient (${patients.length})…`);
    const write = await bookMany(
      baseUrl,
      patients,
      options.writes,
      `write: book a paid visit (${patients.length} in flight)`,
      stack.child.pid,
    );

    console.log(
      `\nLocal stack on 127.0.0.1: ${options.connections} connections, ${options.duration} s per load` +
        ` (health: ${options.rounds} alternating rounds each; mean req/s, median p50, worst p99)\n`,
    );
    printTable([gateway, bare, bareNoRead, listRead, write]);
    console.log(
      `\nper round, gateway + handler ÷ bare server (same read): ${gatewayRounds
        .map((row, n) => (row.requestsPerSecond / (bareRounds[n]?.requestsPerSecond ?? NaN)).toFixed(2))
        .join(', ')}`,
    );
    const ratio = bare.requestsPerSecond > 0 ? gateway.requestsPerSecond / bare.requestsPerSecond : 0;
    console.log(
      `like-for-like throughput ratio (gateway + handler ÷ bare server, same read): ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})` +
        `\np99 latency ratio (gateway + handler ÷ bare server, same read):           ${(gateway.p99Ms / bare.p99Ms).toFixed(2)}` +
        `\nfor reference, gateway + handler ÷ bare server without the read:          ${(gateway.requestsPerSecond / bareNoRead.requestsPerSecond).toFixed(3)}`,
    );
    console.log(
      `CPU of the serving process per request (DynamoDB Local's JVM excluded): gateway + handler ${gateway.serverCpuMs.toFixed(2)} ms,` +
        ` bare server with the same read ${bare.serverCpuMs.toFixed(2)} ms: our gateway, middy stack and handler add ${(gateway.serverCpuMs - bare.serverCpuMs).toFixed(2)} ms`,
    );
    const failed = [gateway, bare, bareNoRead, listRead, write].filter((row) => row.errors || row.unexpected);
    if (failed.length) {
      console.error(`\nUnexpected answers or errors: ${failed.map((row) => row.name).join('; ')}`);
      process.exitCode = 1;
    }
    if (ratio < TARGET_RATIO) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

runBenchmark(main);
