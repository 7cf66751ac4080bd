/**
 * Plausible history for the business dashboards (docs/product.md#business-dashboards): questionnaires,
 * registrations, intro visits, paid visits with their payments, cancellations with and without fee, refunds
 * and reviews over the last `months` months, built with the repositories' own item builders so the items are
 * the ones the product writes. The same seeded generator gives the same data on every run. The demo seed
 * (`npm start`) writes a year of it; the dashboard benchmark writes 100,000 bookings of it.
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  BookingType,
  type BookingStatusId,
  type BookingTypeId,
} from '@nutri/shared';
import { userSeedItems } from '@nutri/functions/accounts/users-repo';
import { bookingSeedItems, type Booking } from '@nutri/functions/bookings/bookings-repo';
import { reviewItem } from '@nutri/functions/nutritionists/reviews-repo';
import { patientItems } from '@nutri/functions/onboarding/patients-repo';
import { submissionSeedItem } from '@nutri/functions/onboarding/submissions-repo';

const DAY_MS = 86_400_000;
// Nobody named as one of the demo's people or seeded nutritionists: journeys find those by name.
const FIRST_NAMES = ['Davide', 'Federica', 'Simone', 'Valentina', 'Roberto', 'Martina'];
const LAST_NAMES = ['Gallo', 'Moretti', 'Barbieri', 'Lombardi', 'Rinaldi', 'Mancini'];

export interface HistoryOptions {
  /** Nutritionists the patients are matched with. */
  nutritionistIds: readonly string[];
  /** Bookings to write at least (patients are added until there are this many). */
  bookings: number;
  months: number;
  now: Date;
  /** The first four groups of the histories' user ids (UUIDs), e.g. `5d0c1a38-0000-4000-8000`. */
  idPrefix: string;
  /** First booking id (booking ids are numbers). */
  firstBookingId: number;
  seed?: number;
}

const generator = (seed: number) => {
  let state = seed >>> 0 || 0x2545f491;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return {
    random,
    chance: (probability: number) => random() < probability,
    between: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
    pick: <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!,
  };
};

/** A time on the 30-minute grid between 8:00 and 19:30 UTC of the given day. */
const visitTime = (day: number, slot: number) => new Date(day * DAY_MS + (8 * 2 + slot) * 30 * 60_000);

export const dashboardHistoryItems = (options: HistoryOptions) => {
  const { random, chance, between, pick } = generator(options.seed ?? 0x5eed);
  const nowMs = options.now.getTime();
  const today = Math.floor(nowMs / DAY_MS);
  const firstDay = today - Math.round(options.months * 30.4);
  const items: Record<string, unknown>[] = [];
  let bookingId = options.firstBookingId;
  let bookings = 0;
  let patients = 0;
  let index = 0;
  const iso = (ms: number) => new Date(ms).toISOString();

  while (bookings < options.bookings) {
    index += 1;
    const id = `${options.idPrefix}-${index.toString(16).padStart(12, '0')}`;
    // Demand grows through the year: later days are a little more likely.
    const questionnaireDay = firstDay + Math.floor(Math.sqrt(random()) * (today - firstDay));
    const questionnaireAt = questionnaireDay * DAY_MS + between(7, 21) * 3_600_000 + between(0, 59) * 60_000;
    const registers = chance(0.75) && questionnaireAt < nowMs;
    const submissionId = `${id}-q`;
    const nutritionist = pick(options.nutritionistIds);
    items.push(
      submissionSeedItem({
        submissionId,
        responseId: `${id}-r`,
        eventId: `${id}-e`,
        formId: 'demo',
        receivedAt: iso(questionnaireAt),
        fields: [],
        criteria: { skills: [], genderPreference: 'any', needsMedicalDiet: false },
        match: {
          kind: 'matched',
          nutritionistUserId: nutritionist,
          matchingSkills: [],
          reasons: [],
          alternatives: [],
        },
        patientUserId: registers ? id : null,
      }),
    );
    if (!registers) continue;
    patients += 1;
    const registeredAt = Math.min(nowMs - 60_000, questionnaireAt + between(5, 72 * 60) * 60_000);
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const displayName = `${first} ${last}`;
    items.push(
      ...userSeedItems({
        Id: id,
        UserName: `storico-${index}-${options.idPrefix.slice(0, 8)}`,
        Email: `${first.toLowerCase()}.${last.toLowerCase()}.${index}.${options.idPrefix.slice(0, 8)}@nutri.demo`,
        Name: first,
        DisplayName: displayName,
        MobilePhoneNo: null,
        roles: ['Patient'],
        passwordHash: null,
        emailVerified: true,
        createdAt: iso(registeredAt),
        updatedAt: iso(registeredAt),
      }),
      ...patientItems({
        UserId: id,
        DisplayName: displayName,
        DefaultNutritionistUserId: nutritionist,
        HasChangedNutritionist: false,
        HasLateCancelledIc: false,
        IsPasswordSet: true,
        PrivacyContractSigned: true,
        Gender: null,
        TallySubmissionId: submissionId,
        OnboardingStep: 1,
        createdAt: iso(registeredAt),
        updatedAt: iso(registeredAt),
      }),
    );

    const book = (
      type: BookingTypeId,
      createdAt: number,
      time: Date,
      status: BookingStatusId,
      payment: { paidAt: number; refundedAt?: number } | null,
    ) => {
      const price = BOOKING_TYPES[type].PriceCents;
      // Nothing to pay, nothing paid (a meal plan delivery is free).
      const paid = price > 0 ? payment : null;
      const booking: Booking = {
        BookingId: bookingId++,
        BookingTime: time.toISOString(),
        BookingStatusId: status,
        BookingTypeId: type,
        PatientUserId: id,
        NutritionistUserId: nutritionist,
        Price: price,
        Discount: 0,
        TotalPaymentAmount: price,
        Duration: BOOKING_TYPES[type].DurationMinutes,
        Recurring: false,
        PreviousOnboardingStep: null,
        SetOnboardingStep: null,
        CancelReasonId: status === BookingStatus.CANCELLED ? 2 : null,
        RefundOwed: Boolean(paid?.refundedAt),
        RemindersSent: [],
        ...(paid
          ? {
              Payment: {
                SessionId: `cs_${id}_${bookingId}`,
                PaymentIntentId: `pi_${id}_${bookingId}`,
                PaidAt: iso(paid.paidAt),
                AmountPaid: price,
                IsPaidOnNewAccount: false,
                IsPaidOnProviderAccount: true,
              },
            }
          : {}),
        ...(paid?.refundedAt
          ? {
              Refund: {
                RefundId: `re_${id}_${bookingId}`,
                State: 'succeeded' as const,
                Amount: price,
                IssuedAt: iso(paid.refundedAt),
                ConfirmedAt: iso(paid.refundedAt + 60_000),
              },
            }
          : {}),
        createdAt: iso(createdAt),
        updatedAt: iso(Math.min(nowMs, Math.max(createdAt, time.getTime()))),
        version: 1,
      };
      items.push(...bookingSeedItems(booking));
      bookings += 1;
      return booking;
    };

    // The free intro visit, a few days after registering.
    if (!chance(0.85)) continue;
    const introCreated = registeredAt + between(1, 72) * 3_600_000;
    if (introCreated >= nowMs) continue;
    const introTime = visitTime(Math.floor(introCreated / DAY_MS) + between(2, 9), between(0, 22));
    const introPast = introTime.getTime() < nowMs;
    const introStatus = !introPast
      ? BookingStatus.BOOKED
      : chance(0.82)
        ? BookingStatus.COMPLETE
        : BookingStatus.CANCELLED;
    const intro = book(BookingType.FREE, introCreated, introTime, introStatus, null);
    if (introStatus === BookingStatus.COMPLETE && chance(0.45))
      items.push(
        reviewItem({
          ReviewId: `${id}-review`,
          Text: 'Incontro chiaro e piacevole, consigli pratici.',
          Author: `${first} ${last.charAt(0)}.`,
          Rating: pick([3.5, 4, 4.5, 4.5, 5, 5, 5]),
          ReviewDate: iso(introTime.getTime() + DAY_MS).slice(0, 10),
          Status: 'Approved',
          Featured: false,
          NutritionistUserId: nutritionist,
          BookingId: intro.BookingId,
          PatientUserId: id,
          createdAt: iso(introTime.getTime() + DAY_MS),
          ModeratedAt: iso(introTime.getTime() + 2 * DAY_MS),
          ModeratedBy: null,
        }),
      );
    if (introStatus !== BookingStatus.COMPLETE) continue;

    // Paid visits every few weeks while the patient stays (fewer stay at each step).
    let previous = introTime.getTime();
    for (let visit = 0; visit < 10 && chance(visit === 0 ? 0.62 : 0.72); visit += 1) {
      const created = previous + between(1, 3) * DAY_MS;
      if (created >= nowMs) break;
      const time = visitTime(Math.floor(previous / DAY_MS) + between(14, 35), between(0, 22));
      const type = chance(0.15) ? BookingType.MEALPLAN : BookingType.NORMAL;
      const paidAt = created + between(1, 36) * 3_600_000;
      const past = time.getTime() < nowMs;
      const roll = random();
      if (!past) {
        book(
          type,
          created,
          time,
          paidAt < nowMs || type === BookingType.MEALPLAN
            ? BookingStatus.BOOKED
            : BookingStatus.WAITINGFORPAYMENT,
          paidAt < nowMs ? { paidAt } : null,
        );
        break;
      }
      if (roll < 0.08) {
        // Cancelled in time: refunded in full.
        book(type, created, time, BookingStatus.CANCELLED, {
          paidAt,
          refundedAt: time.getTime() - between(3, 6) * DAY_MS,
        });
        continue;
      }
      if (roll < 0.12) {
        book(type, created, time, BookingStatus.CANCELLEDWITHFEE, { paidAt });
        continue;
      }
      if (roll < 0.16) {
        // Never paid: expired before the visit.
        book(type, created, time, BookingStatus.CANCELLED, null);
        break;
      }
      book(type, created, time, BookingStatus.COMPLETE, { paidAt });
      previous = time.getTime();
    }
  }
  return { items, bookings, patients, questionnaires: index };
};
