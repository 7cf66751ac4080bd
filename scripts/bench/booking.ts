/**
 * `npm run bench:booking [-- --one-at-a-time 50 --bookings 200 --concurrency 20 --contenders 50 --rounds 3]`:
 * booking creation through the local gateway.
 *
 * Starts its own local stack (free port, fresh temporary data directory, counting the handlers' DynamoDB
 * calls: call-counts.ts), creates nutritionists with a week of availability and one patient per booking, then
 * runs three create phases, each with no effect left to deliver and the outbox stream held while it runs (in
 * the cloud the outbox Lambda runs in containers of its own; here it would share the runtime and DynamoDB
 * Local with the requests measured), its effects delivered after it:
 * 1. `--one-at-a-time` paid visits booked one at a time (the latency of one request on an idle stack);
 * 2. `--bookings` paid visits on distinct free slots (POST CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot),
 *    `--concurrency` requests in flight: latency p50/p99 and throughput. Each request is the whole request
 *    path: the patient's reads, the slot check and the transaction (booking, lock items, patient, outbox
 *    item); then the nutritionists cancel those bookings (one at a time, then `--concurrency` at once), p50/p99;
 * 3. `--rounds` contention rounds: `--contenders` patients ask for the same slot at once; exactly one must
 *    win, the others get 409.
 * For each create phase it prints the DynamoDB calls per request by kind (read, query, write, transaction),
 * the stack's CPU time per request, and how long its effects took to deliver with the outbox Lambda's calls
 * per item; then the recorded figures of the code before docs/decisions/0021-booking-hot-path.md beside
 * this run's (booking-baseline.json), with the load average at the start and the end of the run.
 * Finally it waits (at most three minutes) until no outbox item is left pending, printing how long the effects
 * took to drain after the last request, and stops everything, also on Ctrl-C.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { putNutritionist, putPatient } from '../../tests/integration/support/people';
import type { CallCounts } from '../../infra/local/call-counts';
import { callsLine, callsPer, readCallCounts, resetCallCounts } from './call-counts';
import { cleanUpOnSignals, postToStack, runBenchmark, startStack, stopStack } from './lifecycle';
import { openWeekOfSlots, SLOT_HOURS, WEEK_DAYS } from './slots';
import { cpuPer, cpuSince, readStackCpu, type StackCpu } from './stack-cpu';
import { percentile, pool, readBoundedOptions } from './tools';
import baseline from './booking-baseline.json' with { type: 'json' };

const LIMITS = {
  'one-at-a-time': { default: 50, min: 10, max: 500 },
  bookings: { default: 200, min: 10, max: 1000 },
  concurrency: { default: 20, min: 1, max: 100 },
  contenders: { default: 50, min: 2, max: 200 },
  rounds: { default: 3, min: 1, max: 20 },
};
const WARM_UP_BOOKINGS = 8;
/** The entry points of a patient booking a slot (the bench books paid visits; the intro shares the path). */
const CREATE_ENTRY_POINTS = [
  'POST /api/v2/CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot',
  'POST /api/v2/CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
];
const SLOTS_PER_NUTRITIONIST = SLOT_HOURS.length * WEEK_DAYS;

const seed = async (baseUrl: string, nutritionistCount: number, patientsPerNutritionist: number[]) => {
  const { signAccessToken } = await import('../../functions/src/platform/tokens');
  const { startRefreshFamily } = await import('../../functions/src/accounts/credentials-repo');
  // No password (IsPasswordSet false on the patients): see the tokens below.
  const person = (id: string, role: 'Patient' | 'Nutritionist') => ({
    id,
    userName: `bench-${id}`,
    email: `bench-${id.slice(0, 8)}@nutri.test`,
    name: role === 'Patient' ? 'Paola' : 'Chiara',
    displayName: `${role === 'Patient' ? 'Paola Bianchi' : 'Chiara Verdi'} ${id.slice(0, 4)}`,
    passwordHash: null,
  });
  // Tokens are signed directly (no password hashing in the set-up) for a real session, since every request
  // checks that its session is still on; an hour covers any run.
  const token = async (id: string, role: 'Patient' | 'Nutritionist') => {
    const { family } = await startRefreshFamily(id, false, new Date());
    return signAccessToken({ sub: id, roles: [role], fam: family.familyId }, 3600);
  };
  const nutritionists = [];
  for (let n = 0; n < nutritionistCount; n += 1) {
    const id = randomUUID();
    await putNutritionist(person(id, 'Nutritionist'));
    const nutritionistToken = await token(id, 'Nutritionist');
    const slots = await openWeekOfSlots(baseUrl, nutritionistToken);
    const patients = await Promise.all(
      Array.from({ length: patientsPerNutritionist[n] ?? 0 }, async () => {
        const patientId = randomUUID();
        await putPatient(person(patientId, 'Patient'), id);
        return { id: patientId, token: await token(patientId, 'Patient') };
      }),
    );
    nutritionists.push({ id, token: nutritionistToken, slots, patients });
  }
  return nutritionists;
};

interface Attempt {
  status: number;
  ms: number;
  /** The booking made (201 answers of a create). */
  bookingId?: number;
}

const bookSlot = async (
  baseUrl: string,
  token: string,
  slot: { SelectedDate: string; SelectedTime: string },
): Promise<Attempt> => {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v2/CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(slot),
  });
  const body = (await response.json().catch(() => null)) as { BookingId?: number } | null;
  const ms = performance.now() - started;
  return { status: response.status, ms, ...(body?.BookingId ? { bookingId: body.BookingId } : {}) };
};

/** The nutritionist cancels the (unpaid) booking: the patient gets a chat message and a mail. */
const cancelBooking = async (baseUrl: string, token: string, bookingId: number): Promise<Attempt> => {
  const started = performance.now();
  const response = await fetch(
    `${baseUrl}/api/v2/CurrentNutritionist/Bookings/${bookingId}/CancelBooking?cancelReasonId=1`,
    { method: 'POST', headers: { Authorization: `Bearer ${token}` } },
  );
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

const latencyLine = (attempts: Attempt[]) => {
  const sorted = attempts.map((attempt) => attempt.ms).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
};

/** Longest wait for the stream to deliver the effects of every request made. */
const DRAIN_TIMEOUT_MS = 180_000;

/** Waits until no outbox item is pending (or the time is up); the count left and how long it took. */
const drainOutbox = async () => {
  const { listPendingOutbox } = await import('../../functions/src/platform/outbox');
  const started = performance.now();
  for (;;) {
    const pending = (await listPendingOutbox()).length;
    const ms = performance.now() - started;
    if (!pending || ms > DRAIN_TIMEOUT_MS) return { pending, ms };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const main = async () => {
  const options = readBoundedOptions(LIMITS);
  let stack: RunningLocalStack | undefined;
  const cleanUp = async () => {
    const running = stack;
    stack = undefined;
    await stopStack(running);
  };
  cleanUpOnSignals(cleanUp);

  try {
    console.log('Starting the local stack…');
    const loadAtStart = os.loadavg();
    stack = await startStack({ countCalls: true });
    const { baseUrl } = stack.info;
    console.log(`Ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${baseUrl}; preparing data…`);

    const sequentialCount = options['one-at-a-time'];
    const needed = options.bookings + WARM_UP_BOOKINGS + sequentialCount;
    const nutritionistCount = Math.ceil(needed / SLOTS_PER_NUTRITIONIST);
    const perNutritionist = Array.from({ length: nutritionistCount }, (_, n) =>
      Math.min(SLOTS_PER_NUTRITIONIST, needed - n * SLOTS_PER_NUTRITIONIST),
    );
    const nutritionists = await seed(baseUrl, nutritionistCount + 1, [
      ...perNutritionist,
      options.contenders,
    ]);
    const contention = nutritionists.pop()!;
    // One patient per booking: a patient's own bookings would contend on their profile item.
    const requests = nutritionists.flatMap((nutritionist) =>
      nutritionist.patients.map((patient, n) => ({
        token: patient.token,
        nutritionistToken: nutritionist.token,
        slot: nutritionist.slots[n]!,
      })),
    );
    const warmUp = requests.splice(0, WARM_UP_BOOKINGS);
    const warmUpResults = await pool(
      warmUp.map((request) => () => bookSlot(baseUrl, request.token, request.slot)),
      4,
    );
    if (warmUpResults.some((attempt) => attempt.status !== 201))
      throw new Error(`warm-up bookings failed: ${warmUpResults.map((attempt) => attempt.status).join(',')}`);

    // Each create phase starts with no effect left to deliver and holds the stream's deliveries while it
    // runs: in the cloud the outbox Lambda has its own containers, whereas here it would share the runtime
    // and DynamoDB Local with the requests measured (docs/decisions/0021-booking-hot-path.md). Then the
    // effects are delivered: how long that takes and the outbox Lambda's calls are printed apart.
    // Counted per phase: the DynamoDB calls (from a reset at its start) and the stack's CPU time.
    const groupId = stack.child.pid!;
    const countedPhase = async <T>(run: () => Promise<T>) => {
      const backlog = await drainOutbox();
      if (backlog.pending) throw new Error(`${backlog.pending} outbox items still pending before a phase`);
      // The longest hold the runtime grants is 30 s: renewed while the phase lasts.
      await postToStack(baseUrl, 'outbox/hold?seconds=30');
      const renew = setInterval(
        () => void postToStack(baseUrl, 'outbox/hold?seconds=30').catch(() => {}),
        10_000,
      );
      let result: T;
      let seconds: number;
      let calls: CallCounts;
      let cpu: StackCpu;
      try {
        await resetCallCounts(baseUrl);
        const cpuBefore = readStackCpu(groupId);
        const started = performance.now();
        result = await run();
        seconds = (performance.now() - started) / 1000;
        cpu = cpuSince(cpuBefore, groupId);
        calls = await readCallCounts(baseUrl);
      } finally {
        clearInterval(renew);
        await postToStack(baseUrl, 'outbox/release');
      }
      await resetCallCounts(baseUrl);
      const delivery = await drainOutbox();
      const effects = { ...delivery, calls: await readCallCounts(baseUrl) };
      return { result, seconds, calls, cpu, effects };
    };

    const sequentialRequests = requests.splice(0, sequentialCount);
    const sequentialPhase = await countedPhase(async () => {
      const results: Attempt[] = [];
      for (const request of sequentialRequests)
        results.push(await bookSlot(baseUrl, request.token, request.slot));
      return results;
    });
    const sequential = sequentialPhase.result;

    console.log(
      `Booking ${requests.length} paid visits on distinct slots of ${nutritionistCount} nutritionists, ${options.concurrency} at a time…`,
    );
    const concurrentPhase = await countedPhase(() =>
      pool(
        requests.map((request) => () => bookSlot(baseUrl, request.token, request.slot)),
        options.concurrency,
      ),
    );
    const attempts = concurrentPhase.result;
    const elapsedS = concurrentPhase.seconds;
    const created = attempts.filter((attempt) => attempt.status === 201).length;

    // Each booking made above is cancelled by its nutritionist: one at a time, then concurrently.
    const toCancel = (made: Attempt[], madeRequests: typeof requests) =>
      made.flatMap((attempt, n) =>
        attempt.bookingId
          ? [{ token: madeRequests[n]!.nutritionistToken, bookingId: attempt.bookingId }]
          : [],
      );
    console.log('Cancelling them (the nutritionist cancels each booking)…');
    const sequentialCancels: Attempt[] = [];
    for (const request of toCancel(sequential, sequentialRequests))
      sequentialCancels.push(await cancelBooking(baseUrl, request.token, request.bookingId));
    const cancels = await pool(
      toCancel(attempts, requests).map(
        (request) => () => cancelBooking(baseUrl, request.token, request.bookingId),
      ),
      options.concurrency,
    );
    const cancelled = (results: Attempt[]) => results.filter((attempt) => attempt.status === 200).length;

    console.log(
      `Contention: ${options.rounds} round(s) of ${options.contenders} patients asking for one slot…`,
    );
    const contentionPhase = await countedPhase(async () => {
      const results: Attempt[][] = [];
      for (let round = 0; round < options.rounds; round += 1) {
        const slot = contention.slots[round]!;
        results.push(
          await Promise.all(contention.patients.map((patient) => bookSlot(baseUrl, patient.token, slot))),
        );
      }
      return results;
    });
    const rounds = contentionPhase.result;
    const { pending, ms: drainMs } = await drainOutbox();
    const loadAtEnd = os.loadavg();

    const load = (figures: number[]) => figures.map((figure) => figure.toFixed(2)).join(' ');
    console.log(`\nBooking creation through the local gateway (${baseUrl})`);
    console.log(
      `load average (1, 5, 15 min): ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end (${os.cpus().length} cores)\n`,
    );
    console.log(
      `one at a time:   ${sequential.filter((attempt) => attempt.status === 201).length}/${sequential.length} created; latency ${latencyLine(sequential)}`,
    );
    console.log(
      `distinct slots:  ${created}/${attempts.length} created (others: ${
        attempts
          .filter((attempt) => attempt.status !== 201)
          .map((attempt) => attempt.status)
          .join(',') || 'none'
      }), concurrency ${options.concurrency}`,
    );
    console.log(`                 latency ${latencyLine(attempts)}`);
    console.log(
      `                 throughput ${(created / elapsedS).toFixed(1)} bookings/s (${elapsedS.toFixed(1)} s)`,
    );
    const attemptsOf = (results: Attempt[][]) => results.reduce((sum, round) => sum + round.length, 0);
    const callPhases = [
      ['one at a time', sequentialPhase, sequential.length, 'booking'],
      [`${options.concurrency} at a time`, concurrentPhase, attempts.length, 'booking'],
      ['contention', contentionPhase, attemptsOf(rounds), 'attempt'],
    ] as const;
    console.log('DynamoDB calls of the create requests:');
    for (const [phase, { calls }, per, unit] of callPhases)
      console.log(`  ${`${phase}:`.padEnd(17)} ${callsLine(calls, CREATE_ENTRY_POINTS, per, unit)}`);
    // Less sensitive to the machine's load than latency; the stream's deliveries of earlier effects count too.
    console.log('Stack CPU time of each create phase (its effects held back):');
    for (const [phase, { cpu: used }, per, unit] of callPhases) {
      const cpu = cpuPer(used, per);
      console.log(
        `  ${`${phase}:`.padEnd(17)} ${cpu.totalMs.toFixed(1)} ms per ${unit} (runtime ${cpu.runtimeMs.toFixed(1)}, DynamoDB Local ${cpu.dynamoDbMs.toFixed(1)})`,
      );
    }
    console.log('Their effects (chat message, mails), delivered from the stream after each phase:');
    for (const [phase, { result, effects }] of callPhases) {
      const made = [result].flat(2).filter((attempt) => attempt.status === 201).length;
      console.log(
        `  ${`${phase}:`.padEnd(17)} ${made} items in ${(effects.ms / 1000).toFixed(1)} s; ${callsLine(effects.calls, ['outbox'], made, 'item')}`,
      );
    }
    console.log(
      `cancel, one at a time: ${cancelled(sequentialCancels)}/${sequentialCancels.length} cancelled; latency ${latencyLine(sequentialCancels)}`,
    );
    console.log(
      `cancel, concurrency ${options.concurrency}: ${cancelled(cancels)}/${cancels.length} cancelled; latency ${latencyLine(cancels)}`,
    );
    rounds.forEach((results, round) => {
      const winners = results.filter((attempt) => attempt.status === 201).length;
      const conflicts = results.filter((attempt) => attempt.status === 409).length;
      const other = results.length - winners - conflicts;
      console.log(
        `contention #${round + 1}:   ${winners} winner, ${conflicts} × 409${other ? `, ${other} other` : ''}; latency ${latencyLine(results)}`,
      );
      if (winners !== 1 || other) process.exitCode = 1;
    });
    // Before/after: the recorded run of the code before docs/decisions/0021-booking-hot-path.md beside this
    // run (same phases, same sizes).
    const p = (results: Attempt[], q: number) =>
      percentile(
        results.map((attempt) => attempt.ms).sort((a, b) => a - b),
        q,
      ).toFixed(0);
    const callsPerBooking = (counts: CallCounts, per: number) =>
      callsPer(counts, CREATE_ENTRY_POINTS, per).perOperation.toFixed(1);
    const cpuPerBooking = (used: StackCpu, per: number) => cpuPer(used, per).totalMs.toFixed(1);
    const allContention = rounds.flat();
    const phases = [
      ['create, one at a time', baseline.createOneAtATime, `${p(sequential, 50)} / ${p(sequential, 99)}`],
      [
        `create, ${options.concurrency} at a time`,
        baseline.createConcurrent,
        `${p(attempts, 50)} / ${p(attempts, 99)}`,
      ],
      [
        `  bookings/s`,
        { p50: baseline.createConcurrentPerSecond, p99: null },
        (created / elapsedS).toFixed(1),
      ],
      [
        `contention, ${options.contenders} at once`,
        baseline.contention,
        `${p(allContention, 50)} / ${p(allContention, 99)}`,
      ],
      [
        'cancel, one at a time',
        baseline.cancelOneAtATime,
        `${p(sequentialCancels, 50)} / ${p(sequentialCancels, 99)}`,
      ],
      [
        `cancel, ${options.concurrency} at a time`,
        baseline.cancelConcurrent,
        `${p(cancels, 50)} / ${p(cancels, 99)}`,
      ],
      [
        'calls per booking, 1',
        { p50: baseline.callsPerBooking.oneAtATime, p99: null },
        callsPerBooking(sequentialPhase.calls, sequential.length),
      ],
      [
        `calls per booking, ${options.concurrency}`,
        { p50: baseline.callsPerBooking.concurrent, p99: null },
        callsPerBooking(concurrentPhase.calls, attempts.length),
      ],
      [
        'CPU ms per booking, 1',
        { p50: baseline.cpuMsPerBooking.oneAtATime, p99: null },
        cpuPerBooking(sequentialPhase.cpu, sequential.length),
      ],
      [
        `CPU ms per booking, ${options.concurrency}`,
        { p50: baseline.cpuMsPerBooking.concurrent, p99: null },
        cpuPerBooking(concurrentPhase.cpu, attempts.length),
      ],
    ] as const;
    console.log(
      `\nBefore (${baseline.what.split(':')[0]}, recorded at load ${baseline.load}) and now; latency p50 / p99 ms:`,
    );
    console.log(`  ${'phase'.padEnd(24)} ${'before'.padStart(13)} ${'now'.padStart(13)}`);
    for (const [phase, before, now] of phases)
      console.log(
        `  ${phase.padEnd(24)} ${(before.p99 === null ? String(before.p50) : `${before.p50} / ${before.p99}`).padStart(13)} ${now.padStart(13)}`,
      );
    console.log(
      `outbox items left pending: ${pending} (waited ${(drainMs / 1000).toFixed(1)} s after the last request for the stream to deliver)`,
    );
    if (
      created !== attempts.length ||
      sequential.some((attempt) => attempt.status !== 201) ||
      cancelled(sequentialCancels) !== sequential.length ||
      cancelled(cancels) !== created ||
      pending
    )
      process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

runBenchmark(main);
