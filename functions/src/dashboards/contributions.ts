/**
 * What one subject (a patient, or a questionnaire nobody registered with) adds to the dashboards'
 * aggregates (docs/product.md#business-dashboards), as a pure function of its facts. The aggregator stores
 * the contribution it last counted with the subject, so a change is counted as the difference between the
 * new contribution and the stored one: replaying a fact yields the same contribution and changes nothing.
 *
 * Counters are keyed `<pk>\t<sk>` with numeric fields; rows (the lists a view shows) likewise, with their
 * attributes. Days and months are Rome calendar dates; a cohort is the Rome week (from Monday) of the
 * questionnaire, or of the registration for a patient who registered without one.
 */
import { BookingStatus, BookingType, TIME_ZONE } from '@nutri/shared';
import type {
  BookingFact,
  DashboardFact,
  PatientFact,
  QuestionnaireFact,
  ReviewFact,
} from '../platform/dashboard-facts';

export type Counters = Record<string, Record<string, number>>;
export type Rows = Record<string, Record<string, string | number>>;
export interface Contribution {
  counters: Counters;
  rows: Rows;
}

/** The facts of one subject, by `<kind>:<id>`. */
export type SubjectFacts = Record<string, DashboardFact>;

export const DAY_PARTITION = 'DASH#DAY';
export const COHORT_PARTITION = 'DASH#COHORT';
export const PIVOT_PARTITION = 'DASH#PIVOT';
export const NUTRITIONIST_PARTITION = 'DASH#NUTR';
export const paymentsPartition = (day: string) => `DASH#PAY#${day}`;
export const visitsPartition = (nutritionistUserId: string) => `DASH#VISITS#${nutritionistUserId}`;

export const aggregateKey = (pk: string, sk: string) => `${pk}\t${sk}`;
export const splitKey = (key: string) => {
  const [pk, sk] = key.split('\t') as [string, string];
  return { pk, sk };
};

/** Funnel steps in order (docs/product.md#business-dashboards: ConversionTimeline). */
export const FUNNEL_STEPS = [
  'questionnaire',
  'registered',
  'introBooked',
  'introDone',
  'firstPaid',
  'secondPaid',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** Gaps longer than this many days are counted as this many (the median of a cohort never needs more). */
export const MAX_GAP_DAYS = 365;
export const gapField = (step: number, days: number) => `g${step}_${days}`;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const dateOfDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The Monday of a date's week (`YYYY-MM-DD`). */
export const weekOf = (date: string) => {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  return dateOfDayNumber(day - ((day + 3) % 7));
};
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

const isPaidVisit = (booking: BookingFact) =>
  booking.BookingTypeId !== BookingType.FREE &&
  booking.PaidAt !== null &&
  (booking.BookingStatusId === BookingStatus.BOOKED ||
    booking.BookingStatusId === BookingStatus.COMPLETE ||
    booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE);

const isCancelled = (booking: BookingFact) =>
  booking.BookingStatusId === BookingStatus.CANCELLED ||
  booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE;

const earliest = (instants: readonly (string | null | undefined)[]) =>
  instants.filter((value): value is string => Boolean(value)).sort()[0] ?? null;

const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The Rome calendar date (`YYYY-MM-DD`) of an ISO instant, as `romeDate` gives it, through one shared
 * `Intl` formatter: the rebuild takes it for every fact of the table, and dayjs's zone conversion costs
 * about a millisecond a call on this machine (nearly all of a rebuild's recomputation).
 */
export const romeDay = (instant: string) => {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of ROME_DAY.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
};

export const contributionOf = (facts: SubjectFacts): Contribution => {
  const counters: Counters = {};
  const rows: Rows = {};
  const add = (pk: string, sk: string, field: string, amount: number) => {
    if (!amount) return;
    const fields = (counters[aggregateKey(pk, sk)] ??= {});
    fields[field] = (fields[field] ?? 0) + amount;
  };
  const day = romeDay;
  const values = Object.values(facts);
  const questionnaires = values.filter((fact): fact is QuestionnaireFact => fact.kind === 'questionnaire');
  const patient = values.find((fact): fact is PatientFact => fact.kind === 'patient') ?? null;
  const bookings = values
    .filter((fact): fact is BookingFact => fact.kind === 'booking')
    .sort((a, b) => a.BookingTime.localeCompare(b.BookingTime) || a.BookingId - b.BookingId);
  const reviews = values.filter((fact): fact is ReviewFact => fact.kind === 'review');

  for (const questionnaire of questionnaires) {
    const received = day(questionnaire.ReceivedAt);
    add(DAY_PARTITION, received, 'questionnaires', 1);
    // A registered patient's journey counts its questionnaire in its own cohort (below).
    if (!questionnaire.PatientUserId) add(COHORT_PARTITION, weekOf(received), 'questionnaire', 1);
  }
  if (patient) add(DAY_PARTITION, day(patient.RegisteredAt), 'registrations', 1);

  const source = patient?.Source ?? 'none';
  for (const booking of bookings) {
    const visitDay = day(booking.BookingTime);
    const month = visitDay.slice(0, 7);
    if (booking.BookingTypeId === BookingType.FREE) {
      add(DAY_PARTITION, day(booking.CreatedAt), 'introBooked', 1);
      if (booking.BookingStatusId === BookingStatus.COMPLETE) add(DAY_PARTITION, visitDay, 'introDone', 1);
    }
    if (isPaidVisit(booking)) add(DAY_PARTITION, visitDay, 'paidVisits', 1);
    if (booking.BookingStatusId === BookingStatus.CANCELLED) add(DAY_PARTITION, visitDay, 'cancellations', 1);
    if (booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE)
      add(DAY_PARTITION, visitDay, 'cancellationsWithFee', 1);
    if (isCancelled(booking))
      add(NUTRITIONIST_PARTITION, `${month}#${booking.NutritionistUserId}`, 'cancellations', 1);
    const party = {
      BookingId: booking.BookingId,
      PatientUserId: booking.subject,
      NutritionistUserId: booking.NutritionistUserId,
    };
    if (booking.PaidAt) {
      const paidDay = day(booking.PaidAt);
      add(DAY_PARTITION, paidDay, 'payments', 1);
      add(DAY_PARTITION, paidDay, 'revenue', booking.AmountPaid);
      rows[aggregateKey(paymentsPartition(paidDay), `${booking.PaidAt}#P#${booking.BookingId}`)] = {
        ...party,
        Kind: 'payment',
        At: booking.PaidAt,
        Amount: booking.AmountPaid,
      };
    }
    if (booking.RefundedAt) {
      const refundDay = day(booking.RefundedAt);
      add(DAY_PARTITION, refundDay, 'refunds', 1);
      add(DAY_PARTITION, refundDay, 'refunded', booking.RefundAmount);
      rows[aggregateKey(paymentsPartition(refundDay), `${booking.RefundedAt}#R#${booking.BookingId}`)] = {
        ...party,
        Kind: 'refund',
        At: booking.RefundedAt,
        Amount: booking.RefundAmount,
      };
    }
    const cell = `${month}#${booking.NutritionistUserId}#${booking.BookingTypeId}#${booking.BookingStatusId}#${source}`;
    add(PIVOT_PARTITION, cell, 'count', 1);
    add(PIVOT_PARTITION, cell, 'revenue', booking.AmountPaid - booking.RefundAmount);
    rows[
      aggregateKey(
        visitsPartition(booking.NutritionistUserId),
        `${booking.subject}#${booking.BookingTime}#${booking.BookingId}`,
      )
    ] = {
      BookingId: booking.BookingId,
      PatientUserId: booking.subject,
      BookingTime: booking.BookingTime,
      BookingTypeId: booking.BookingTypeId,
      BookingStatusId: booking.BookingStatusId,
    };
  }

  const paidVisits = bookings.filter(isPaidVisit);
  const [firstPaid, secondPaid] = paidVisits;
  if (firstPaid) add(DAY_PARTITION, day(firstPaid.BookingTime), 'firstPaidVisits', 1);

  for (const review of reviews)
    if (review.Approved) {
      const key = `${review.ReviewDate.slice(0, 7)}#${review.NutritionistUserId}`;
      add(NUTRITIONIST_PARTITION, key, 'ratings', 1);
      // Ratings go in half steps: counted in halves, the sum stays a whole number.
      add(NUTRITIONIST_PARTITION, key, 'ratingHalves', Math.round(review.Rating * 2));
    }

  if (patient) {
    const intros = bookings.filter((booking) => booking.BookingTypeId === BookingType.FREE);
    const steps: Record<FunnelStep, string | null> = {
      questionnaire: patient.QuestionnaireAt,
      registered: patient.RegisteredAt,
      introBooked: earliest(intros.map((booking) => booking.CreatedAt)),
      introDone: earliest(
        intros
          .filter((booking) => booking.BookingStatusId === BookingStatus.COMPLETE)
          .map((booking) => booking.BookingTime),
      ),
      firstPaid: firstPaid?.BookingTime ?? null,
      secondPaid: secondPaid?.BookingTime ?? null,
    };
    const cohort = weekOf(day(patient.QuestionnaireAt ?? patient.RegisteredAt));
    FUNNEL_STEPS.forEach((step, index) => {
      const at = steps[step];
      if (!at) return;
      add(COHORT_PARTITION, cohort, step, 1);
      const previous = index > 0 ? steps[FUNNEL_STEPS[index - 1]!] : null;
      if (previous)
        add(
          COHORT_PARTITION,
          cohort,
          gapField(index, Math.min(MAX_GAP_DAYS, Math.max(0, daysBetween(day(previous), day(at))))),
          1,
        );
    });
    if (patient.NutritionistUserId) {
      const key = `${day(patient.RegisteredAt).slice(0, 7)}#${patient.NutritionistUserId}`;
      add(NUTRITIONIST_PARTITION, key, 'patients', 1);
      if (steps.introDone) add(NUTRITIONIST_PARTITION, key, 'introDone', 1);
      if (steps.introDone && steps.firstPaid) add(NUTRITIONIST_PARTITION, key, 'introToPaid', 1);
      if (paidVisits.length >= 3) add(NUTRITIONIST_PARTITION, key, 'threeVisits', 1);
    }
  }
  return { counters, rows };
};

/** What changes from one contribution to the next: counter deltas, rows to put and rows to delete. */
export const contributionChange = (before: Contribution, after: Contribution) => {
  const deltas: Counters = {};
  for (const key of new Set([...Object.keys(before.counters), ...Object.keys(after.counters)])) {
    const old = before.counters[key] ?? {};
    const next = after.counters[key] ?? {};
    for (const field of new Set([...Object.keys(old), ...Object.keys(next)])) {
      const delta = (next[field] ?? 0) - (old[field] ?? 0);
      if (delta) (deltas[key] ??= {})[field] = delta;
    }
  }
  const puts: Rows = {};
  for (const [key, row] of Object.entries(after.rows))
    if (JSON.stringify(before.rows[key]) !== JSON.stringify(row)) puts[key] = row;
  const deletes = Object.keys(before.rows).filter((key) => !(key in after.rows));
  return { deltas, puts, deletes };
};

export const EMPTY_CONTRIBUTION: Contribution = { counters: {}, rows: {} };
