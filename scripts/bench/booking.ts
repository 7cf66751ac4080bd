/**
 * `npm run bench:booking [-- --bookings 200 --concurrency 20 --contenders 50 --rounds 3]`: booking creation
 * through the local gateway.
 *
 * Starts its own local stack (free port, fresh temporary data directory), creates nutritionists with a
 * week of availability and one patient per booking, then:
 * 1. books 20 paid visits one at a time (the latency of one request on an idle stack), then `--bookings`
 *    paid visits on distinct free slots (POST CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot),
 *    `--concurrency` requests in flight, and prints latency p50/p99 and throughput. Each request is the
 *    whole path: slot check, the transaction (booking, lock items, patient, outbox item) and the in-process
 *    delivery of its effects (chat message, two e-mails);
 * 2. `--rounds` contention rounds: `--contenders` patients ask for the same slot at once; exactly one must
 *    win, the others get 409.
 * Finally it checks that no outbox item is left pending, and stops everything, also on Ctrl-C.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LocalStackStartError, startLocalStack, type RunningLocalStack } from '../lib/local-stack.mjs';
import { cleanUpOnSignals, stopStack } from './lifecycle';

const LIMITS = {
  bookings: { min: 10, max: 1000 },
  concurrency: { min: 1, max: 100 },
  contenders: { min: 2, max: 200 },
  rounds: { min: 1, max: 20 },
} as const;
const WARM_UP_BOOKINGS = 8;
const SEQUENTIAL_BOOKINGS = 20;
/** Paid visits last 50 minutes: hourly starts from 08:00 to 19:00 never overlap (12 a day, 7 days). */
const HOURS = Array.from({ length: 12 }, (_, n) => `${String(8 + n).padStart(2, '0')}:00`);
const SLOTS_PER_NUTRITIONIST = HOURS.length * 7;

const readOptions = () => {
  const { values } = parseArgs({
    options: {
      bookings: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '20' },
      contenders: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
    },
    strict: true,
  });
  const bounded = (name: keyof typeof LIMITS) => {
    const raw = values[name];
    const value = Number(raw);
    const { min, max } = LIMITS[name];
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got "${raw}").`);
    return value;
  };
  return {
    bookings: bounded('bookings'),
    concurrency: bounded('concurrency'),
    contenders: bounded('contenders'),
    rounds: bounded('rounds'),
  };
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** Points the functions code imported below at the stack (the configuration its own runtime uses). */
const configureFor = (stack: RunningLocalStack) => {
  const { info } = stack;
  Object.assign(process.env, {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
    S3_ENDPOINT: info.s3Endpoint,
    FILES_BUCKET: info.filesBucket,
    ASSETS_BUCKET: info.assetsBucket,
    ASSETS_BASE_URL: `${info.baseUrl}/media`,
    SES_ENDPOINT: info.sesEndpoint,
    PUBLIC_BASE_URL: info.baseUrl,
    JWT_KEYS_JSON: readFileSync(path.join(info.dataDir, 'keys', 'jwt.json'), 'utf8'),
    POWERTOOLS_LOG_LEVEL: 'WARN',
  });
};

const seed = async (baseUrl: string, nutritionistCount: number, patientsPerNutritionist: number[]) => {
  const { createUser } = await import('../../functions/src/accounts/users-repo');
  const { patientItem } = await import('../../functions/src/onboarding/patients-repo');
  const { saveNutritionistProfile } = await import('../../functions/src/nutritionists/public-profiles-repo');
  const { signAccessToken } = await import('../../functions/src/platform/tokens');
  const { addRomeDays, romeDate } = await import('@nutri/shared');
  const now = new Date().toISOString();
  const user = (id: string, role: 'Patient' | 'Nutritionist') => ({
    Id: id,
    UserName: `bench-${id}`,
    Email: `bench-${id.slice(0, 8)}@nutri.test`,
    Name: role === 'Patient' ? 'Paola' : 'Chiara',
    DisplayName: `${role === 'Patient' ? 'Paola Bianchi' : 'Chiara Verdi'} ${id.slice(0, 4)}`,
    MobilePhoneNo: null,
    roles: [role],
    passwordHash: null,
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  // Tokens are signed directly (no password hashing in the set-up); an hour covers any run.
  const token = (id: string, role: 'Patient' | 'Nutritionist') =>
    signAccessToken({ sub: id, roles: [role] }, 3600);
  const today = romeDate(new Date());
  const nutritionists = [];
  for (let n = 0; n < nutritionistCount; n += 1) {
    const id = randomUUID();
    await createUser(user(id, 'Nutritionist'));
    await saveNutritionistProfile(id, null, { ProfessionalTitle: 'Biologa nutrizionista' }, new Date());
    const nutritionistToken = await token(id, 'Nutritionist');
    const slots: { SelectedDate: string; SelectedTime: string }[] = [];
    for (let day = 1; day <= 7; day += 1) {
      const date = addRomeDays(today, day);
      const response = await fetch(`${baseUrl}/api/v2/CurrentNutritionist/DailyAvailabilities`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${nutritionistToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ IntervalDate: date, IntervalStart: '08:00', IntervalEnd: '20:00' }),
      });
      if (response.status !== 201)
        throw new Error(`availability: ${response.status} ${await response.text()}`);
      for (const time of HOURS) slots.push({ SelectedDate: date, SelectedTime: time });
    }
    const patients = await Promise.all(
      Array.from({ length: patientsPerNutritionist[n] ?? 0 }, async () => {
        const patientId = randomUUID();
        const patient = user(patientId, 'Patient');
        await createUser(patient, [
          patientItem({
            UserId: patientId,
            DisplayName: patient.DisplayName,
            DefaultNutritionistUserId: id,
            HasChangedNutritionist: false,
            HasLateCancelledIc: false,
            IsPasswordSet: false,
            PrivacyContractSigned: true,
            Gender: 2,
            TallySubmissionId: null,
            OnboardingStep: 1,
            createdAt: now,
            updatedAt: now,
          }),
        ]);
        return { id: patientId, token: await token(patientId, 'Patient') };
      }),
    );
    nutritionists.push({ id, slots, patients });
  }
  return nutritionists;
};

interface Attempt {
  status: number;
  ms: number;
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
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

/** Runs the jobs with at most `concurrency` in flight. */
const pool = async <T>(jobs: (() => Promise<T>)[], concurrency: number) => {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) {
        const job = jobs[next]!;
        next += 1;
        results.push(await job());
      }
    }),
  );
  return results;
};

const latencyLine = (attempts: Attempt[]) => {
  const sorted = attempts.map((attempt) => attempt.ms).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
};

const countPendingOutbox = async () => {
  const { queryAll } = await import('../../functions/src/platform/db/query');
  const { PENDING_QUEUE } = await import('../../functions/src/platform/outbox');
  let pending = 0;
  for await (const _item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: { ':queue': PENDING_QUEUE },
  }))
    pending += 1;
  return pending;
};

const main = async () => {
  const options = readOptions();
  let stack: RunningLocalStack | undefined;
  const cleanUp = async () => {
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
    const { baseUrl } = stack.info;
    console.log(`Ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${baseUrl}; preparing data…`);
    configureFor(stack);

    const needed = options.bookings + WARM_UP_BOOKINGS + SEQUENTIAL_BOOKINGS;
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
      nutritionist.patients.map((patient, n) => ({ token: patient.token, slot: nutritionist.slots[n]! })),
    );
    const warmUp = requests.splice(0, WARM_UP_BOOKINGS);
    const warmUpResults = await pool(
      warmUp.map((request) => () => bookSlot(baseUrl, request.token, request.slot)),
      4,
    );
    if (warmUpResults.some((attempt) => attempt.status !== 201))
      throw new Error(`warm-up bookings failed: ${warmUpResults.map((attempt) => attempt.status).join(',')}`);

    const sequential: Attempt[] = [];
    for (const request of requests.splice(0, SEQUENTIAL_BOOKINGS))
      sequential.push(await bookSlot(baseUrl, request.token, request.slot));

    console.log(
      `Booking ${requests.length} paid visits on distinct slots of ${nutritionistCount} nutritionists, ${options.concurrency} at a time…`,
    );
    const started = performance.now();
    const attempts = await pool(
      requests.map((request) => () => bookSlot(baseUrl, request.token, request.slot)),
      options.concurrency,
    );
    const elapsedS = (performance.now() - started) / 1000;
    const created = attempts.filter((attempt) => attempt.status === 201).length;

    console.log(
      `Contention: ${options.rounds} round(s) of ${options.contenders} patients asking for one slot…`,
    );
    const rounds = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const slot = contention.slots[round]!;
      const results = await Promise.all(
        contention.patients.map((patient) => bookSlot(baseUrl, patient.token, slot)),
      );
      rounds.push(results);
    }
    const pending = await countPendingOutbox();

    console.log(`\nBooking creation through the local gateway (${baseUrl})\n`);
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
    rounds.forEach((results, round) => {
      const winners = results.filter((attempt) => attempt.status === 201).length;
      const conflicts = results.filter((attempt) => attempt.status === 409).length;
      const other = results.length - winners - conflicts;
      console.log(
        `contention #${round + 1}:   ${winners} winner, ${conflicts} × 409${other ? `, ${other} other` : ''}; latency ${latencyLine(results)}`,
      );
      if (winners !== 1 || other) process.exitCode = 1;
    });
    console.log(`outbox items left pending: ${pending}`);
    if (created !== attempts.length || sequential.some((attempt) => attempt.status !== 201) || pending)
      process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
