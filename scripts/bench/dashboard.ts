/**
 * `npm run bench:dashboard`: the business dashboards (docs/product.md#business-dashboards) on a stack of their
 * own holding 100,000 bookings of plausible history (infra/local/dashboard-history.ts: patients,
 * questionnaires, payments, refunds, reviews), seeded directly with BatchWriteItem as a migration would and
 * counted by the rebuild job (the aggregation stream is told to skip the seed). Measures, through the local
 * gateway, one request at a time, p50/p99 of each dashboard call beside the admin home's figures (the
 * baseline, same run, same stack), and the lag from a change (a visit paid through the Stripe webhook) to
 * the DailyPayments figure that counts it (p50/p99) beside one read of that figure (the floor of the
 * measurement). Fails when a dashboard call's p99 passes 200 ms or uses a Scan.
 *
 *   npm run bench:dashboard [-- --bookings 100000 --requests 100 --changes 20 --seed-minutes 25
 *                               --seed-concurrency 4]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { BookingType, addRomeDays, romeDate } from '@nutri/shared';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { callsLine, callsPer, readCallCounts, resetCallCounts } from './call-counts';
import { cleanUpOnSignals, postToStack, runBenchmark, startStack, stopStack } from './lifecycle';
import { assertLoopback, loadLine } from './machine';
import { putBenchNutritionists } from './nutritionists';
import { percentile, readBoundedOptions } from './tools';

const options = readBoundedOptions({
  bookings: { default: 100_000, min: 5_000, max: 100_000 },
  requests: { default: 100, min: 20, max: 500 },
  changes: { default: 20, min: 5, max: 100 },
  // The seed stops at this budget (a shared machine can take far longer than a quiet one): the run then
  // reports how many bookings it holds and fails, rather than running for hours.
  'seed-minutes': { default: 25, min: 1, max: 120 },
  // BatchWriteItem calls in flight while seeding (DynamoDB Local is CPU bound: a few keep it busy).
  'seed-concurrency': { default: 4, min: 1, max: 16 },
});
const NUTRITIONISTS = 40;
const P99_LIMIT_MS = 200;
const WARM_UP = 10;
/** A change not counted within this long is reported as lost (and the run fails). */
const LAG_TIMEOUT_MS = 30_000;

const tokenFor = async (id: string, role: 'BusinessAdmin' | 'Nutritionist') => {
  const { signAccessToken } = await import('../../functions/src/platform/tokens');
  const { startRefreshFamily } = await import('../../functions/src/accounts/credentials-repo');
  const { family } = await startRefreshFamily(id, false, new Date());
  return signAccessToken({ sub: id, roles: [role], fam: family.familyId }, 3600);
};

const seed = async (baseUrl: string) => {
  const { dashboardHistoryItems } = await import('../../infra/local/dashboard-history');
  const { rebuildAggregates } = await import('../../functions/src/dashboards/rebuild');
  // One more, with no history, takes the lag measurement's bookings (no slot of theirs is taken).
  const nutritionists = await putBenchNutritionists(NUTRITIONISTS + 1);
  const history = dashboardHistoryItems({
    nutritionistIds: nutritionists.slice(0, NUTRITIONISTS),
    bookings: options.bookings,
    months: 12,
    now: new Date(),
    idPrefix: 'b3c4da5b-0000-4000-8000',
    firstBookingId: 10_000_000,
  });
  // The stack writes the demo's own year of history after it starts, then skips the aggregation stream to
  // its end and rebuilds: that must be over first, or its skip would release the hold below (the stream
  // would then fold the seed in record by record) and its rebuild would scan the seed while it is measured.
  await waitForDemoHistory();
  // The seed is written directly, as a migration would, and the rebuild counts it. Both stream readers are
  // held meanwhile and then skip it all: the seed and the rebuild's writes are hundreds of thousands of
  // records, none an outbox item nor one the aggregation should fold in (the rebuild counted them). Read,
  // they kept DynamoDB Local busy for minutes after the seed (at 30,000 bookings the rebuild took 239 s
  // instead of 124 s), while in the cloud the stream is read beside the table, not by its server.
  const holdStreams = () =>
    Promise.all([
      postToStack(baseUrl, 'dashboards/hold'),
      postToStack(baseUrl, `outbox/hold?seconds=${OUTBOX_HOLD_SECONDS}`),
    ]);
  await holdStreams();
  // The runtime grants holds of limited length: renewed while the seed and the rebuild last.
  const renew = setInterval(() => void holdStreams().catch(() => {}), 10_000);
  try {
    let started = performance.now();
    const seeded = await putWithinBudget(history.items);
    const seedSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const report = await rebuildAggregates({ repair: true });
    const rebuildSeconds = (performance.now() - started) / 1000;
    clearInterval(renew);
    await postToStack(baseUrl, 'dashboards/skip-to-latest');
    await postToStack(baseUrl, 'outbox/skip-to-latest');
    // The history's own items are not kept: hundreds of thousands of live objects would make each of this
    // process's full garbage collections long enough to show in the measured calls.
    const { bookings, patients, questionnaires } = history;
    const generated = { items: history.items.length, bookings, patients, questionnaires };
    return { nutritionists, history: generated, seeded, seedSeconds, rebuildSeconds, report };
  } finally {
    clearInterval(renew);
  }
};

/** The longest hold of the outbox stream reader the local runtime grants. */
const OUTBOX_HOLD_SECONDS = 30;

const DEMO_HISTORY_TIMEOUT_MS = 600_000;

const waitForDemoHistory = async () => {
  const { demoHistorySeeded } = await import('../../infra/local/seed-dashboard-history');
  const deadline = performance.now() + DEMO_HISTORY_TIMEOUT_MS;
  while (!(await demoHistorySeeded())) {
    if (performance.now() > deadline)
      throw new Error(`the stack's demo history was not seeded within ${DEMO_HISTORY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

/**
 * Writes the items in slices, in the generator's order (a patient's items together), until all are written
 * or the seed budget is spent; returns the items written and the bookings among them.
 */
const putWithinBudget = async (items: readonly Record<string, unknown>[]) => {
  const { putAll } = await import('../../functions/src/platform/db/batch-write');
  const deadline = performance.now() + options['seed-minutes'] * 60_000;
  const slice = 25 * options['seed-concurrency'] * 20;
  let written = 0;
  let bookings = 0;
  let reported = performance.now();
  while (written < items.length && performance.now() < deadline) {
    const part = items.slice(written, written + slice);
    await putAll(part, options['seed-concurrency']);
    written += part.length;
    bookings += part.filter((item) => item.type === 'Booking').length;
    if (performance.now() - reported > 60_000) {
      reported = performance.now();
      console.log(`  ${written} of ${items.length} items, ${bookings} bookings (${loadLine()})`);
    }
  }
  return { items: written, bookings };
};

interface Case {
  label: string;
  entryPoint: string;
  route: string;
  baseline?: boolean;
}

const measure = async (baseUrl: string, token: string, item: Case) => {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v2/${item.route}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${item.route}: ${response.status} ${body}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i += 1) await call();
  await resetCallCounts(baseUrl);
  const times: number[] = [];
  for (let i = 0; i < options.requests; i += 1) times.push(await call());
  const counts = await readCallCounts(baseUrl);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    calls: callsLine(counts, [item.entryPoint], options.requests, 'request'),
    scans: callsPer(counts, [item.entryPoint], options.requests).operations.Scan ?? 0,
  };
};

/** Pays a booking through a signed Checkout webhook event, as the provider does. */
const pay = async (baseUrl: string, bookingId: number) => {
  const { postSessionCompleted } = await import('../../tests/integration/support/stripe');
  const response = await postSessionCompleted(baseUrl, bookingId);
  if (!response.ok) throw new Error(`webhook: ${response.status} ${await response.text()}`);
};

/** Lag from a committed payment to the DailyPayments figure counting it, and one read of that figure. */
const measureLag = async (baseUrl: string, admin: string, nutritionistId: string) => {
  const { putPatient } = await import('../../tests/integration/support/people');
  const nutritionist = await tokenFor(nutritionistId, 'Nutritionist');
  const today = romeDate(new Date());
  const paymentsToday = async () => {
    const started = performance.now();
    const response = await fetch(
      `${baseUrl}/api/v2/Admin/Dashboard/DailyPayments?from=${today}&to=${today}&day=${today}`,
      {
        headers: { Authorization: `Bearer ${admin}` },
      },
    );
    const body = (await response.json()) as { Days: { Payments: number }[] };
    return { count: body.Days[0]?.Payments ?? 0, ms: performance.now() - started };
  };
  const lags: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < options.changes; i += 1) {
    const patientId = randomUUID();
    await putPatient(
      {
        id: patientId,
        userName: `bench-lag-${patientId}`,
        email: `bench-lag-${patientId.slice(0, 8)}@nutri.test`,
        name: 'Lia',
        displayName: `Lia Ritardo ${i}`,
        passwordHash: null,
      },
      nutritionistId,
    );
    // One visit an hour (a paid visit lasts 50 minutes), eight a day.
    const day = addRomeDays(today, 3 + Math.floor(i / 8));
    const time = `${String(9 + (i % 8)).padStart(2, '0')}:00`;
    const booked = await fetch(`${baseUrl}/api/v2/CurrentNutritionist/Bookings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${nutritionist}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        PatientUserId: patientId,
        NutritionistUserId: nutritionistId,
        BookingTypeId: BookingType.NORMAL,
        BookingTime: `${day}T${time}`,
      }),
    });
    const booking = (await booked.json()) as { BookingId: number };
    if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booking)}`);
    const before = await paymentsToday();
    reads.push(before.ms);
    await pay(baseUrl, booking.BookingId);
    const committed = performance.now();
    for (;;) {
      const now = await paymentsToday();
      if (now.count > before.count) break;
      if (performance.now() - committed > LAG_TIMEOUT_MS)
        throw new Error(`payment ${i} not counted after ${LAG_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    lags.push(performance.now() - committed);
  }
  lags.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  return { lags, reads };
};

runBenchmark(async () => {
  let stack: RunningLocalStack | undefined;
  cleanUpOnSignals(() => stopStack(stack));
  try {
    stack = await startStack({ countCalls: true, timeoutMs: 600_000 });
    const { baseUrl } = stack.info;
    assertLoopback(baseUrl);
    console.log(`Seeding at least ${options.bookings} bookings of history… (${loadLine()})`);
    const data = await seed(baseUrl);
    const { seeded, report } = data;
    console.log(
      `Seeded ${seeded.items} of ${data.history.items} items (${seeded.bookings} of ${data.history.bookings} bookings; ${data.history.patients} patients, ${data.history.questionnaires} questionnaires in all) in ${data.seedSeconds.toFixed(1)} s, ${(seeded.items / data.seedSeconds).toFixed(0)} items/s with ${options['seed-concurrency']} BatchWriteItem calls of 25 in flight.`,
    );
    console.log(
      `Rebuild: ${report.sourceItems} source items into ${report.counters} counters, ${report.rows} rows and ${report.subjects} subjects in ${data.rebuildSeconds.toFixed(1)} s (read by parallel Scan ${report.seconds.read} s, recompute ${report.seconds.compare} s, write ${report.seconds.write} s); ${loadLine()}`,
    );
    const failures: string[] = [];
    if (seeded.bookings < options.bookings)
      failures.push(
        `seed budget (${options['seed-minutes']} min) spent at ${seeded.bookings} of ${options.bookings} bookings: the figures below are for that many`,
      );
    const adminId = randomUUID();
    const { putAll } = await import('../../functions/src/platform/db/batch-write');
    const { userSeedItems } = await import('../../functions/src/accounts/users-repo');
    await putAll(
      userSeedItems({
        Id: adminId,
        UserName: `bench-admin-${adminId}`,
        Email: `bench-admin-${adminId.slice(0, 8)}@nutri.test`,
        Name: 'Anna',
        DisplayName: 'Anna Amministrazione',
        MobilePhoneNo: null,
        roles: ['BusinessAdmin'],
        passwordHash: null,
        emailVerified: true,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      }),
    );
    const admin = await tokenFor(adminId, 'BusinessAdmin');
    const today = romeDate(new Date());
    const month = today.slice(0, 7);
    const yearAgo = addRomeDays(today, -335).slice(0, 7);
    const dashboard = (view: string) => `GET /api/v2/Admin/Dashboard/${view}`;
    const cases: Case[] = [
      {
        label: 'baseline: admin home figures',
        entryPoint: 'GET /api/v2/Admin/Overview',
        route: 'Admin/Overview',
        baseline: true,
      },
      {
        label: 'MonthlySummary, 12 months',
        entryPoint: dashboard('MonthlySummary'),
        route: `Admin/Dashboard/MonthlySummary?from=${yearAgo}&to=${month}`,
      },
      {
        label: 'ConversionTimeline, 26 weeks',
        entryPoint: dashboard('ConversionTimeline'),
        route: `Admin/Dashboard/ConversionTimeline?from=${addRomeDays(today, -182)}&to=${today}`,
      },
      {
        label: 'Pivot nutritionist x month, count',
        entryPoint: dashboard('Pivot'),
        route: `Admin/Dashboard/Pivot?from=${yearAgo}&to=${month}&rows=nutritionist&columns=month&measure=count`,
      },
      {
        label: 'Pivot status x source, revenue',
        entryPoint: dashboard('Pivot'),
        route: `Admin/Dashboard/Pivot?from=${yearAgo}&to=${month}&rows=status&columns=source&measure=revenue`,
      },
      {
        label: 'NutritionistConversionRates, 12 months',
        entryPoint: dashboard('NutritionistConversionRates'),
        route: `Admin/Dashboard/NutritionistConversionRates?from=${yearAgo}&to=${month}`,
      },
      {
        label: 'NutritionistPatientTimeline, 6 months',
        entryPoint: dashboard('NutritionistPatientTimeline'),
        route: `Admin/Dashboard/NutritionistPatientTimeline?nutritionistUserId=${data.nutritionists[0]}&from=${addRomeDays(today, -182)}&to=${today}`,
      },
      {
        label: 'DailyPayments, 30 days and a day',
        entryPoint: dashboard('DailyPayments'),
        route: `Admin/Dashboard/DailyPayments?from=${addRomeDays(today, -29)}&to=${today}&day=${addRomeDays(today, -3)}`,
      },
    ];
    console.log(`\n${options.requests} requests each, one at a time; ${loadLine()}\n`);
    console.log(`${'request'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  calls`);
    for (const item of cases) {
      const result = await measure(baseUrl, admin, item);
      console.log(
        `${item.label.padEnd(42)} ${result.p50.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)}  ${result.calls}`,
      );
      if (result.scans > 0) failures.push(`${item.label}: ${result.scans} Scan per request`);
      if (!item.baseline && result.p99 > P99_LIMIT_MS)
        failures.push(`${item.label}: p99 ${result.p99.toFixed(1)} ms > ${P99_LIMIT_MS} ms`);
    }
    const { lags, reads } = await measureLag(baseUrl, admin, data.nutritionists[NUTRITIONISTS]!);
    console.log(
      `\nChange to figure, ${options.changes} payments through the Stripe webhook; ${loadLine()}\n`,
    );
    console.log(`${'measure'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    console.log(
      `${'baseline: one DailyPayments read'.padEnd(42)} ${percentile(reads, 50).toFixed(1).padStart(8)} ${percentile(reads, 99).toFixed(1).padStart(8)}`,
    );
    console.log(
      `${'payment committed -> DailyPayments counts it'.padEnd(42)} ${percentile(lags, 50).toFixed(1).padStart(8)} ${percentile(lags, 99).toFixed(1).padStart(8)}`,
    );
    console.log(`\n${loadLine()}`);
    if (failures.length) {
      console.error(`\nFailed:\n- ${failures.join('\n- ')}`);
      process.exitCode = 1;
    } else console.log(`\nEvery dashboard p99 <= ${P99_LIMIT_MS} ms; no Scan on any request path.`);
  } finally {
    await stopStack(stack);
  }
});
