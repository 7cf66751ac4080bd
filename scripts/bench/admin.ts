/**
 * `npm run bench:admin`: the back office's reads on a stack of its own holding 10,000 bookings and 2,000
 * patients (seeded here with BatchWriteItem, through the repositories' own item builders, so the items are
 * the ones the product writes). Measures, through the local gateway, one request at a time, the latency of
 * the first page of `GET Admin/Bookings` without and with each kind of filter and of `GET Patients/Search`,
 * beside the nutritionist's own bookings list (the baseline, same run, same stack), with the DynamoDB calls
 * per request by kind. Fails when a p99 passes 150 ms (docs/product.md#back-office-bookings) or when any of
 * these requests used a Scan.
 *
 *   npm run bench:admin [-- --requests 200]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  BOOKING_TYPES,
  BookingStatus,
  BookingType,
  addRomeDays,
  romeDate,
  type BookingStatusId,
  type BookingTypeId,
} from '@nutri/shared';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { callsLine, callsPer, readCallCounts, resetCallCounts } from './call-counts';
import { cleanUpOnSignals, runBenchmark, startStack, stopStack } from './lifecycle';
import { assertLoopback, loadLine } from './machine';
import { putBenchNutritionists } from './nutritionists';
import { percentile, readBoundedOptions } from './tools';

const options = readBoundedOptions({
  requests: { default: 200, min: 20, max: 1000 },
  bookings: { default: 10_000, min: 1_000, max: 10_000 },
  patients: { default: 2_000, min: 200, max: 2_000 },
});
const NUTRITIONISTS = 20;
const P99_LIMIT_MS = 150;
const WARM_UP = 20;

/** A small seeded generator: the same data on every run. */
const random = (() => {
  let state = 0x2545f491;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
})();
const pick = <T>(weighted: [T, number][]) => {
  let roll = random();
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
};

const FIRST_NAMES = [
  'Giulia',
  'Marco',
  'Francesca',
  'Luca',
  'Chiara',
  'Alessandro',
  'Sara',
  'Matteo',
  'Elena',
];
const LAST_NAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
];

const seed = async () => {
  const { putAll } = await import('../../functions/src/platform/db/batch-write');
  const { userKey } = await import('../../functions/src/accounts/users-repo');
  const { patientSearchItems } = await import('../../functions/src/accounts/patient-search-repo');
  const { bookingSeedItems } = await import('../../functions/src/bookings/bookings-repo');
  const now = new Date();
  const nutritionists = await putBenchNutritionists(NUTRITIONISTS);
  const patients = Array.from({ length: options.patients }, (_, index) => {
    const id = randomUUID();
    const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!;
    return {
      Id: id,
      UserName: `bench-${id}`,
      Email: `${first.toLowerCase()}.${last.toLowerCase()}.${index}@nutri.test`,
      Name: first,
      DisplayName: `${first} ${last} ${index}`,
      MobilePhoneNo: `+39333${String(index).padStart(7, '0')}`,
      roles: ['Patient'],
      passwordHash: null,
      emailVerified: true,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      nutritionist: nutritionists[index % NUTRITIONISTS]!,
    };
  });
  const started = performance.now();
  await putAll(
    patients.flatMap(({ nutritionist: _n, ...user }) => [
      { ...userKey(user.Id), type: 'User', ...user },
      ...patientSearchItems(user),
    ]),
    8,
  );
  const today = romeDate(now);
  const items = Array.from({ length: options.bookings }, (_, index) => {
    const patient = patients[index % patients.length]!;
    const type = pick<BookingTypeId>([
      [BookingType.FREE, 0.3],
      [BookingType.NORMAL, 0.6],
      [BookingType.MEALPLAN, 0.1],
    ]);
    const status = pick<BookingStatusId>([
      [BookingStatus.COMPLETE, 0.4],
      [BookingStatus.CANCELLED, 0.2],
      [BookingStatus.BOOKED, 0.15],
      [BookingStatus.WAITINGFORPAYMENT, 0.15],
      [BookingStatus.CANCELLEDWITHFEE, 0.1],
    ]);
    const day = addRomeDays(today, Math.floor(random() * 360) - 240);
    const time = new Date(`${day}T${String(8 + Math.floor(random() * 10)).padStart(2, '0')}:00:00Z`);
    const price = BOOKING_TYPES[type].PriceCents;
    const paid =
      price > 0 && status !== BookingStatus.WAITINGFORPAYMENT && status !== BookingStatus.CANCELLED;
    return bookingSeedItems({
      BookingId: 1_000_000 + index,
      BookingTime: time.toISOString(),
      BookingStatusId: status,
      BookingTypeId: type,
      PatientUserId: patient.Id,
      NutritionistUserId: patient.nutritionist,
      Price: price,
      Discount: 0,
      TotalPaymentAmount: price,
      Duration: BOOKING_TYPES[type].DurationMinutes,
      Recurring: false,
      PreviousOnboardingStep: null,
      SetOnboardingStep: null,
      CancelReasonId: status === BookingStatus.CANCELLED ? 1 : null,
      RefundOwed: false,
      RemindersSent: [],
      ...(paid
        ? {
            Payment: {
              SessionId: `cs_bench_${index}`,
              PaymentIntentId: `pi_bench_${index}`,
              PaidAt: time.toISOString(),
              AmountPaid: price,
              IsPaidOnNewAccount: false,
              IsPaidOnProviderAccount: true,
            },
          }
        : {}),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      version: 1,
    });
  });
  await putAll(items.flat(), 8);
  return {
    nutritionists,
    patients,
    seedSeconds: (performance.now() - started) / 1000,
    items: items.length * 2 + patients.length,
  };
};

const tokenFor = async (id: string, role: 'BusinessAdmin' | 'Nutritionist') => {
  const { signAccessToken } = await import('../../functions/src/platform/tokens');
  const { startRefreshFamily } = await import('../../functions/src/accounts/credentials-repo');
  const { family } = await startRefreshFamily(id, false, new Date());
  return signAccessToken({ sub: id, roles: [role], fam: family.familyId }, 3600);
};

interface Case {
  label: string;
  entryPoint: string;
  route: string;
  token: string;
  /** The nutritionist's own list: what the back office's figures are read against. */
  baseline?: boolean;
}

const measure = async (baseUrl: string, item: Case, requests: number) => {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v2/${item.route}`, {
      headers: { Authorization: `Bearer ${item.token}` },
    });
    const body = (await response.json()) as { Count?: number };
    if (!response.ok) throw new Error(`${item.route}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, count: body.Count ?? 0 };
  };
  for (let i = 0; i < WARM_UP; i += 1) await call();
  await resetCallCounts(baseUrl);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < requests; i += 1) {
    const { ms, count } = await call();
    times.push(ms);
    rows += count;
  }
  const counts = await readCallCounts(baseUrl);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rows: rows / requests,
    calls: callsLine(counts, [item.entryPoint], requests, 'request'),
    scans: callsPer(counts, [item.entryPoint], requests).operations.Scan ?? 0,
  };
};

runBenchmark(async () => {
  let stack: RunningLocalStack | undefined;
  cleanUpOnSignals(() => stopStack(stack));
  try {
    // A shared machine may take minutes to start a stack: the start is bounded, just longer.
    stack = await startStack({ countCalls: true, timeoutMs: 600_000 });
    const { baseUrl } = stack.info;
    assertLoopback(baseUrl);
    console.log(`Seeding ${options.bookings} bookings and ${options.patients} patients…`);
    const data = await seed();
    console.log(`Seeded ${data.items} items in ${data.seedSeconds.toFixed(1)} s (BatchWriteItem).`);
    const adminId = randomUUID();
    const { putAll } = await import('../../functions/src/platform/db/batch-write');
    const { userKey } = await import('../../functions/src/accounts/users-repo');
    await putAll([
      {
        ...userKey(adminId),
        type: 'User',
        Id: adminId,
        UserName: `bench-admin-${adminId}`,
        Email: `bench-admin-${adminId.slice(0, 8)}@nutri.test`,
        Name: 'Anna',
        DisplayName: 'Anna Amministrazione',
        MobilePhoneNo: null,
        roles: ['BusinessAdmin'],
        passwordHash: null,
        emailVerified: true,
      },
    ]);
    const admin = await tokenFor(adminId, 'BusinessAdmin');
    const nutritionist = data.nutritionists[0]!;
    const patient = data.patients[7]!;
    const today = romeDate(new Date());
    const from = addRomeDays(today, -30);
    const list = 'GET /api/v2/Admin/Bookings';
    const search = 'GET /api/v2/Patients/Search';
    const cases: Case[] = [
      {
        label: 'baseline: nutritionist bookings, first page',
        entryPoint: 'GET /api/v2/CurrentNutritionist/Bookings',
        route: 'CurrentNutritionist/Bookings?limit=25',
        token: await tokenFor(nutritionist, 'Nutritionist'),
        baseline: true,
      },
      { label: 'Admin/Bookings, no filter', entryPoint: list, route: 'Admin/Bookings', token: admin },
      { label: '  status', entryPoint: list, route: 'Admin/Bookings?statusId=4', token: admin },
      {
        label: '  status + type',
        entryPoint: list,
        route: 'Admin/Bookings?statusId=2&bookingTypeId=3',
        token: admin,
      },
      {
        label: '  nutritionist + status',
        entryPoint: list,
        route: `Admin/Bookings?nutritionistUserId=${nutritionist}&statusId=3`,
        token: admin,
      },
      {
        label: '  paid + date range, oldest first',
        entryPoint: list,
        route: `Admin/Bookings?paid=true&from=${from}&to=${today}&order=asc`,
        token: admin,
      },
      {
        label: '  patient',
        entryPoint: list,
        route: `Admin/Bookings?patientUserId=${patient.Id}`,
        token: admin,
      },
      {
        label: '  type + not paid',
        entryPoint: list,
        route: 'Admin/Bookings?bookingTypeId=3&paid=false',
        token: admin,
      },
      {
        label: 'Patients/Search, name words',
        entryPoint: search,
        route: 'Patients/Search?userInput=giulia%20ros',
        token: admin,
      },
      {
        label: 'Patients/Search, phone',
        entryPoint: search,
        route: 'Patients/Search?userInput=3330000',
        token: admin,
      },
      {
        label: 'Patients/Search, e-mail',
        entryPoint: search,
        route: 'Patients/Search?userInput=marco.russo',
        token: admin,
      },
    ];
    console.log(`\n${options.requests} requests each, one at a time; ${loadLine()}\n`);
    console.log(
      `${'request'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'rows'.padStart(6)}  calls`,
    );
    const failures: string[] = [];
    for (const item of cases) {
      const result = await measure(baseUrl, item, options.requests);
      console.log(
        `${item.label.padEnd(44)} ${result.p50.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${result.rows
          .toFixed(1)
          .padStart(6)}  ${result.calls}`,
      );
      if (result.scans > 0) failures.push(`${item.label.trim()}: ${result.scans} Scan per request`);
      if (!item.baseline && result.p99 > P99_LIMIT_MS)
        failures.push(`${item.label.trim()}: p99 ${result.p99.toFixed(1)} ms > ${P99_LIMIT_MS} ms`);
    }
    console.log(`\n${loadLine()}`);
    if (failures.length) {
      console.error(`\nFailed:\n- ${failures.join('\n- ')}`);
      process.exitCode = 1;
    } else console.log(`\nEvery p99 <= ${P99_LIMIT_MS} ms; no Scan on any request path.`);
  } finally {
    await stopStack(stack);
  }
});
