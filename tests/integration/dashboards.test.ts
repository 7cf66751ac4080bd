/**
 * The business dashboards (docs/product.md#business-dashboards) on the running local stack: after a scripted
 * sequence of questionnaires, registrations, bookings, moves, cancellations, payments, refunds and reviews,
 * and stream records delivered twice (and an old one replayed late), every view the API answers equals the
 * same view recomputed from the source items, the rebuild job finds no difference, and the figures of this
 * test's own nutritionist are the ones the script implies. Only the BusinessAdmin reads them.
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand, DynamoDBClient, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  BookingStatus,
  BookingType,
  CancelReason,
  QUESTION_KEYS,
  romeDate,
  type BookingView,
  type DailyPayments,
  type MonthlySummaryRow,
  type NutritionistConversionRate,
  type PatientTimeline,
  type PivotTable,
  type ConversionCohort,
} from '@nutri/shared';
import { api, createTestUser, login, stack } from './support/api';
import { eventually } from './support/outbox';
import { postSessionCompleted } from './support/stripe';
import {
  adminAccessToken,
  bookVisitFor,
  completeVisit,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from './support/visits';

const rebuild = () => import('../../functions/src/dashboards/rebuild');
const stream = () => import('../../functions/src/dashboards/stream');
const views = () => import('../../functions/src/dashboards/dashboard-views');

const TALLY_SECRET = 'local-tally-signing-secret';

/** Pays the booking through a signed Checkout webhook event, as the provider does. */
const pay = async (bookingId: number) => {
  expect((await postSessionCompleted(stack.baseUrl, bookingId)).status).toBe(200);
};

/** A questionnaire sent through the signed webhook; its submission id. */
const questionnaire = async (email: string) => {
  const { buildFormResponse } = await import('../../infra/local/local-tally');
  const { tallySignature } = await import('../../functions/src/onboarding/tally-signature');
  const payload = buildFormResponse({
    [QUESTION_KEYS.goals]: ['goal_sport'],
    [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
    [QUESTION_KEYS.firstName]: 'Livia',
    [QUESTION_KEYS.email]: email,
    [QUESTION_KEYS.phone]: '+393331112233',
  });
  const body = JSON.stringify(payload);
  const result = await api('POST', 'Tally/Webhook', {
    raw: body,
    headers: { 'Content-Type': 'application/json', 'Tally-Signature': tallySignature(TALLY_SECRET, body) },
  });
  expect(result.status).toBe(200);
  return payload.data.submissionId;
};

const runJob = async (name: string) => {
  const response = await fetch(`${stack.baseUrl}/dev/jobs/${name}/run`, { method: 'POST' });
  expect(response.status).toBe(200);
};

const nutritionistAction = async (token: string, bookingId: number, action: string, body?: unknown) => {
  const result = await api<BookingView>('POST', `CurrentNutritionist/Bookings/${bookingId}/${action}`, {
    token,
    ...(body === undefined ? {} : { body }),
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};

const dynamo = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: stack.region });
let sequence = 10n ** 20n;
/** A stream record of an item as it is stored now (NEW_IMAGE), as the table's stream carries it. */
const recordOf = async (pk: string, sk: string): Promise<DynamoDBRecord> => {
  const { Item } = await dynamo.send(
    new GetItemCommand({
      TableName: stack.tableName,
      Key: { pk: { S: pk }, sk: { S: sk } },
      ConsistentRead: true,
    }),
  );
  expect(Item, `${pk} stored`).toBeDefined();
  sequence += 1n;
  return {
    eventID: randomUUID(),
    eventName: 'MODIFY',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: { pk: { S: pk }, sk: { S: sk } },
      NewImage: Item as Record<string, AttributeValue> as never,
      SequenceNumber: String(sequence),
      StreamViewType: 'NEW_IMAGE',
    },
  };
};

/** Waits until the stream has counted everything: the rebuild then finds no difference. */
const settled = async () =>
  eventually(
    async () => (await rebuild()).rebuildAggregates({ repair: false }),
    (report) => report.differenceCount === 0,
    'dashboard aggregates equal to their recomputation',
    // Each try scans the whole table, and the other test files' writes are folded in meanwhile: on a busy
    // machine a quiet moment takes a while to come.
    90_000,
  );

const get = async <T>(path: string, token: string) => {
  const result = await api<T>('GET', `Admin/Dashboard/${path}`, { token });
  expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBe(200);
  return result.body;
};

describe('business dashboards', () => {
  it('keep every figure equal to a recomputation from the source items, duplicates included', async () => {
    // The stack writes the demo's history just after it starts (and counts it by a rebuild): start from
    // there, recounted once more in case other writes met that rebuild.
    const { getBooking } = await import('../../functions/src/bookings');
    await eventually(() => getBooking(5_000_000), Boolean, 'demo history seeded', 240_000);
    await (await rebuild()).rebuildAggregates({ repair: true });
    const admin = await adminAccessToken();
    const nutritionist = await createNutritionist();
    const alba = await createPatientOf(nutritionist.id, 'Alba Cruscotto');
    const bruno = await createPatientOf(nutritionist.id, 'Bruno Cruscotto');
    const lone = await questionnaire(`cruscotto-${randomUUID().slice(0, 8)}@nutri.test`);
    // A questionnaire followed by a registration with it.
    const email = `cruscotto-${randomUUID().slice(0, 8)}@nutri.test`;
    const registered = await api('POST', 'Tally/RegisterPatient', {
      body: {
        TallySubmissionId: await questionnaire(email),
        FirstName: 'Livia',
        LastName: 'Cruscotto',
        Email: email,
        Password: 'Melograno-Rosso-26',
        MobilePhoneNo: '+393331112233',
      },
    });
    expect(registered.status).toBe(200);

    // Alba: intro booked and done, a first paid visit held, a second paid, moved, cancelled in time, refunded.
    const intro = await bookVisitFor(nutritionist, alba.id, BookingType.FREE, `${romeDateIn(3)}T09:00`);
    const introBooked = await recordOf(`BOOKING#${intro.BookingId}`, 'BOOKING');
    await completeVisit(nutritionist, intro);
    const first = await bookVisitFor(nutritionist, alba.id, BookingType.NORMAL, `${romeDateIn(4)}T10:00`);
    await pay(first.BookingId);
    await eventually(
      async () =>
        (await api<BookingView>('GET', `CurrentPatient/Bookings/${first.BookingId}`, { token: alba.token }))
          .body,
      (booking) => booking.BookingStatusId === BookingStatus.BOOKED,
      'first visit paid',
    );
    await completeVisit(nutritionist, first);
    const second = await bookVisitFor(nutritionist, alba.id, BookingType.NORMAL, `${romeDateIn(8)}T10:00`);
    await pay(second.BookingId);
    await nutritionistAction(nutritionist.token, second.BookingId, 'ModifyBookingTime', {
      BookingTime: `${romeDateIn(9)}T11:00`,
    });
    const cancelled = await nutritionistAction(
      nutritionist.token,
      second.BookingId,
      `CancelBooking?cancelReasonId=${CancelReason.PATIENT_CHOICE}`,
    );
    expect(cancelled).toMatchObject({ BookingStatusId: BookingStatus.CANCELLED, RefundOwed: true });
    await runJob('issue-refunds');

    // Alba reviews her intro visit, approved by the back office.
    const review = await api<{ ReviewId: string }>(
      'POST',
      `CurrentPatient/Bookings/${intro.BookingId}/Review`,
      {
        token: alba.token,
        body: { Rating: 4.5, text: 'Incontro chiaro e piacevole, mi sono sentita ascoltata.' },
      },
    );
    expect(review.status).toBe(201);
    expect((await api('POST', `Reviews/${review.body.ReviewId}/Approve`, { token: admin })).status).toBe(200);

    // Bruno: an intro cancelled, a paid visit tomorrow cancelled late (the fee is kept).
    const brunoIntro = await bookVisitFor(nutritionist, bruno.id, BookingType.FREE, `${romeDateIn(5)}T09:00`);
    await nutritionistAction(
      nutritionist.token,
      brunoIntro.BookingId,
      `CancelBooking?cancelReasonId=${CancelReason.PATIENT_CHOICE}`,
    );
    const late = await bookVisitFor(nutritionist, bruno.id, BookingType.NORMAL, `${romeDateIn(1)}T20:00`);
    await pay(late.BookingId);
    await eventually(
      async () =>
        (await api<BookingView>('GET', `CurrentPatient/Bookings/${late.BookingId}`, { token: bruno.token }))
          .body,
      (booking) => booking.BookingStatusId === BookingStatus.BOOKED,
      'late visit paid',
    );
    const withFee = await nutritionistAction(
      nutritionist.token,
      late.BookingId,
      `CancelBooking?cancelReasonId=${CancelReason.PATIENT_CHOICE}`,
    );
    expect(withFee.BookingStatusId).toBe(BookingStatus.CANCELLEDWITHFEE);
    await eventually(
      async () =>
        (await api<BookingView>('GET', `CurrentPatient/Bookings/${second.BookingId}`, { token: alba.token }))
          .body,
      (booking) => booking.RefundState === 'succeeded',
      'refund confirmed',
    );

    const clean = await settled();
    expect(clean.differences).toEqual([]);

    // Stream records delivered twice, and an old state of the intro replayed after its later changes.
    const { aggregateStream } = await stream();
    const records = await Promise.all([
      recordOf(`BOOKING#${intro.BookingId}`, 'BOOKING'),
      recordOf(`BOOKING#${second.BookingId}`, 'BOOKING'),
      recordOf(`BOOKING#${late.BookingId}`, 'BOOKING'),
      recordOf(`USER#${alba.id}`, 'PATIENT'),
      recordOf(`TALLY#${lone}`, 'SUBMISSION'),
      recordOf(`REVIEW#${review.body.ReviewId}`, 'REVIEW'),
    ]);
    const { getSubject } = await import('../../functions/src/dashboards/aggregates-repo');
    const albaBefore = await getSubject(alba.id);
    for (const batch of [records, records, [introBooked]])
      expect(await aggregateStream({ Records: batch })).toEqual({ batchItemFailures: [] });
    const { factOfItem } = await stream();
    expect(await factOfItem({ type: 'Unrelated' }, '0')).toBeNull();
    const albaAfter = await getSubject(alba.id);
    expect(albaAfter?.contribution).toEqual(albaBefore?.contribution);
    expect(albaAfter?.facts[`booking:${intro.BookingId}`]).toMatchObject({
      BookingStatusId: BookingStatus.COMPLETE,
    });

    const report = await (await rebuild()).rebuildAggregates({ repair: false });
    expect(report.differences).toEqual([]);
    expect(report.differenceCount).toBe(0);

    // Every view as the API answers it equals the view recomputed from the source items.
    const { readTableForRebuild, recompute } = await rebuild();
    const { dashboardViews, memorySource } = await views();
    const { getUserNames } = await import('../../functions/src/accounts');
    const recomputed = recompute((await readTableForRebuild()).facts);
    const expected = dashboardViews(
      memorySource(
        recomputed.counters,
        recomputed.rows,
        async (ids) =>
          new Map([...(await getUserNames(ids))].map(([id, user]) => [id, user.DisplayName] as const)),
      ),
    );
    const month = romeDate(new Date()).slice(0, 7);
    const lastMonth = romeDateIn(12).slice(0, 7);
    const from = romeDateIn(-20);
    const to = romeDateIn(20);
    const months = { from: month, to: lastMonth };

    const summary = await get<MonthlySummaryRow[]>(`MonthlySummary?from=${month}&to=${lastMonth}`, admin);
    expect(summary).toEqual(await expected.monthlySummary(months));
    const cohorts = await get<ConversionCohort[]>(`ConversionTimeline?from=${from}&to=${to}`, admin);
    expect(cohorts).toEqual(await expected.conversionTimeline({ from, to }));
    for (const [rows, columns, measure] of [
      ['nutritionist', 'month', 'count'],
      ['status', 'bookingType', 'revenue'],
      ['source', 'status', 'count'],
    ] as const) {
      const pivot = await get<PivotTable>(
        `Pivot?from=${month}&to=${lastMonth}&rows=${rows}&columns=${columns}&measure=${measure}`,
        admin,
      );
      expect(pivot).toEqual(await expected.pivot({ ...months, rows, columns, measure }));
    }
    const rates = await get<NutritionistConversionRate[]>(
      `NutritionistConversionRates?from=${month}&to=${lastMonth}`,
      admin,
    );
    expect(rates).toEqual(await expected.nutritionistConversionRates(months));
    const timeline = await get<PatientTimeline>(
      `NutritionistPatientTimeline?nutritionistUserId=${nutritionist.id}&from=${from}&to=${to}`,
      admin,
    );
    expect(timeline).toEqual(
      await expected.patientTimeline({ nutritionistUserId: nutritionist.id, from, to }),
    );
    expect(timeline).toMatchObject({ PatientCount: 2, Page: 1 });
    const paidDay = romeDate(new Date());
    const payments = await get<DailyPayments>(`DailyPayments?from=${from}&to=${to}&day=${paidDay}`, admin);
    expect(payments).toEqual(await expected.dailyPayments({ from, to, day: paidDay }));

    // This nutritionist's own figures, as the script made them.
    expect(
      timeline.Patients.map((patient) => [patient.Name, patient.Visits.map((visit) => visit.BookingId)]),
    ).toEqual(
      expect.arrayContaining([
        ['Alba Cruscotto', [intro.BookingId, first.BookingId, second.BookingId]],
        ['Bruno Cruscotto', [late.BookingId, brunoIntro.BookingId]],
      ]),
    );
    const mine = rates.find((rate) => rate.NutritionistUserId === nutritionist.id);
    expect(mine).toMatchObject({
      Patients: 2,
      IntroDone: 1,
      IntroToPaid: 1,
      ConversionRate: 1,
      Cancellations: 3,
      Ratings: 1,
      AverageRating: 4.5,
    });
    const mineByStatus = await get<PivotTable>(
      `Pivot?from=${month}&to=${lastMonth}&rows=nutritionist&columns=status&measure=count`,
      admin,
    );
    const row = mineByStatus.Rows.findIndex((entry) => entry.Key === nutritionist.id);
    const column = (status: number) =>
      mineByStatus.Columns.findIndex((entry) => entry.Key === String(status));
    expect(mineByStatus.Values[row]![column(BookingStatus.COMPLETE)]).toBe(2);
    expect(mineByStatus.Values[row]![column(BookingStatus.CANCELLED)]).toBe(2);
    expect(mineByStatus.Values[row]![column(BookingStatus.CANCELLEDWITHFEE)]).toBe(1);
    const ours = new Set([first.BookingId, second.BookingId, late.BookingId]);
    const entries = payments.Entries.filter((entry) => ours.has(entry.BookingId));
    expect(entries.filter((entry) => entry.Kind === 'payment').map((entry) => entry.Amount)).toEqual([
      5500, 5500, 5500,
    ]);
    expect(entries.filter((entry) => entry.Kind === 'refund')).toMatchObject([
      { BookingId: second.BookingId, Amount: 5500, PatientName: 'Alba Cruscotto' },
    ]);
  }, 420_000);

  it('answers the BusinessAdmin only, and bad ranges in Italian', async () => {
    const admin = await adminAccessToken();
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Carla Cruscotto');
    const other = await createTestUser(['UserManager']);
    const manager = (await login(other.email, other.password)).accessToken;
    const month = romeDate(new Date()).slice(0, 7);
    const day = romeDate(new Date());
    const paths = [
      `MonthlySummary?from=${month}&to=${month}`,
      `ConversionTimeline?from=${day}&to=${day}`,
      `Pivot?from=${month}&to=${month}`,
      `NutritionistConversionRates?from=${month}&to=${month}`,
      `NutritionistPatientTimeline?nutritionistUserId=${nutritionist.id}&from=${day}&to=${day}`,
      `DailyPayments?from=${day}&to=${day}`,
    ];
    for (const path of paths) {
      expect((await api('GET', `Admin/Dashboard/${path}`)).status, path).toBe(401);
      for (const token of [patient.token, nutritionist.token, manager])
        expect((await api('GET', `Admin/Dashboard/${path}`, { token })).status, path).toBe(403);
      expect((await api('GET', `Admin/Dashboard/${path}`, { token: admin })).status, path).toBe(200);
    }
    const backwards = await api<{ Errors: Record<string, string[]> }>(
      'GET',
      'Admin/Dashboard/MonthlySummary?from=2026-05&to=2026-01',
      { token: admin },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.Errors.to).toEqual(['La data di inizio deve precedere quella di fine']);
    const same = await api<{ Errors: Record<string, string[]> }>(
      'GET',
      `Admin/Dashboard/Pivot?from=${month}&to=${month}&rows=month&columns=month`,
      { token: admin },
    );
    expect(same.status).toBe(400);
    expect(same.body.Errors.columns).toEqual(['Righe e colonne devono essere dimensioni diverse']);
    const tooLong = await api<{ Errors: Record<string, string[]> }>(
      'GET',
      'Admin/Dashboard/DailyPayments?from=2024-01-01&to=2026-01-01',
      { token: admin },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Errors.from).toEqual(['Scegli al massimo 400 giorni']);
    const noPage = await api<{ Errors: Record<string, string[]> }>(
      'GET',
      `Admin/Dashboard/NutritionistPatientTimeline?nutritionistUserId=${nutritionist.id}&from=${day}&to=${day}&page=0`,
      { token: admin },
    );
    expect(noPage.status).toBe(400);
    expect(noPage.body.Errors.page).toEqual(['Pagina non valida']);
  });
});
