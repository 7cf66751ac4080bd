/**
 * Booking rules on top of the shared state machine (shared/src/bookings.ts): who may book what, what each
 * change does to the patient's onboarding step and flags, and the Booking view of docs/product.md#data.
 * Every change of a booking, its lock items, the patient's profile and the outbox item of its effects (chat
 * message, e-mails: booking-effects.ts) is one transaction (bookings-repo); the request answers right after
 * it, and the outbox Lambda delivers the effects from the table's stream (the deliver-outbox job should
 * that not complete).
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  BookingType,
  bookingTexts,
  canCancel,
  canComplete,
  canModifyTime,
  cancellationOutcome,
  cancelReasonsFor,
  hasVisitStarted,
  isFreeChangeAllowed,
  CancelReason,
  CANCEL_REASON_LABELS,
  type BookingTypeId,
  type BookingView,
  type CancelReasonId,
} from '@nutri/shared';
import { getDisplayNames } from '../accounts';
import { AppError, notFound } from '../http/errors';
import { getPatientProfile, patientStepChange, stepAsRead, type PatientProfile } from '../onboarding';
import { auditPut } from '../platform/audit';
import { idAllocator } from '../platform/db/counter';
import type { TransactItem } from '../platform/db/transact';
import {
  bookingHistoryEvent,
  stepChangeDetails,
  SYSTEM_ACTOR,
  type BookingHistoryActor,
} from './booking-history';
import { bookingOutboxEntry } from './booking-effects';
import { videoPresenceView } from './video-presence';
import type { BookingActor } from './booking-mails';
import {
  cancelBookingWrite,
  createBooking,
  listPatientBookings,
  moveBooking,
  updateBookingStatus,
  type Booking,
  type PatientChange,
} from './bookings-repo';

const unprocessable = (message: string) => new AppError('unprocessable', message);

/**
 * A back-office user acting on a booking (docs/product.md#back-office-bookings): the change is recorded in
 * the history as theirs with their reason, and audited in the same transaction.
 */
export interface AdminAction {
  userId: string;
  reason: string;
}

/** Who a change is recorded as in the booking's history. */
const historyActor = (
  booking: Pick<Booking, 'PatientUserId' | 'NutritionistUserId'>,
  by: BookingActor,
  admin: AdminAction | undefined,
): BookingHistoryActor => {
  if (admin) return { role: 'BusinessAdmin', userId: admin.userId };
  if (by === 'patient') return { role: 'Patient', userId: booking.PatientUserId };
  if (by === 'nutritionist') return { role: 'Nutritionist', userId: booking.NutritionistUserId };
  return SYSTEM_ACTOR;
};

/** The audit item of a back-office action on a booking (none for anyone else's change). */
export const adminAuditItems = (
  admin: AdminAction | undefined,
  action: string,
  booking: Pick<Booking, 'BookingId'>,
  at: Date,
  details: Record<string, string | number | null> = {},
): TransactItem[] =>
  admin
    ? [
        auditPut(
          {
            Action: `booking.${action}`,
            ActorUserId: admin.userId,
            SubjectType: 'booking',
            SubjectId: String(booking.BookingId),
            Details: { Reason: admin.reason, ...details },
          },
          at,
        ).item,
      ]
    : [];

/** Booking of docs/product.md#data, with display names read from the user items. */
export const bookingView = (booking: Booking, names: Map<string, string>): BookingView => ({
  BookingId: booking.BookingId,
  BookingTime: booking.BookingTime,
  BookingStatusId: booking.BookingStatusId,
  BookingTypeId: booking.BookingTypeId,
  BookingType: { BookingTypeId: booking.BookingTypeId, Name: BOOKING_TYPES[booking.BookingTypeId].Name },
  PatientUserId: booking.PatientUserId,
  Patient: { UserId: booking.PatientUserId, DisplayName: names.get(booking.PatientUserId) ?? '' },
  NutritionistUserId: booking.NutritionistUserId,
  Nutritionist: {
    UserId: booking.NutritionistUserId,
    DisplayName: names.get(booking.NutritionistUserId) ?? '',
  },
  Price: booking.Price,
  Discount: booking.Discount,
  TotalPaymentAmount: booking.TotalPaymentAmount,
  Duration: booking.Duration,
  CancelReasonId: booking.CancelReasonId,
  RefundOwed: booking.RefundOwed,
  IsPaidOnNewAccount: booking.Payment?.IsPaidOnNewAccount ?? false,
  IsPaidOnProviderAccount: booking.Payment?.IsPaidOnProviderAccount ?? false,
  PaidAt: booking.Payment?.PaidAt ?? null,
  RefundState: booking.Refund?.State ?? null,
  VideoPresence: videoPresenceView(booking),
});

export const bookingViews = async (bookings: readonly Booking[]) => {
  const names = await getDisplayNames(bookings.flatMap((b) => [b.PatientUserId, b.NutritionistUserId]));
  return bookings.map((booking) => bookingView(booking, names));
};

/** Whether a booking is paid: a priced booking that left WAITINGFORPAYMENT for BOOKED (or beyond). */
export const isPaid = (booking: Pick<Booking, 'BookingStatusId' | 'TotalPaymentAmount'>) =>
  booking.TotalPaymentAmount > 0 && booking.BookingStatusId === BookingStatus.BOOKED;

/** A first paid visit is one with no earlier paid visit done (completed, or late-cancelled: counts as done). */
export const isRecurringVisit = (history: readonly Pick<Booking, 'BookingTypeId' | 'BookingStatusId'>[]) =>
  history.some(
    (booking) =>
      booking.BookingTypeId === BookingType.NORMAL &&
      (booking.BookingStatusId === BookingStatus.COMPLETE ||
        booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE),
  );

export const requirePatientProfile = async (patientUserId: string) => {
  const profile = await getPatientProfile(patientUserId);
  if (!profile) throw notFound();
  return profile;
};

/**
 * What booking a visit reads of the patient: the profile (nutritionist, step, intro flags) and every booking
 * of theirs (intro and first-visit rules), read at once since neither depends on the other. The profile may
 * be null (no such patient): the caller refuses before anything is written.
 */
export const readPatientForBooking = async (patientUserId: string) => {
  const [profile, history] = await Promise.all([
    getPatientProfile(patientUserId),
    listPatientBookings(patientUserId),
  ]);
  return { profile, history };
};

/**
 * Booking ids, a block per container at a time: every booking would otherwise write the one counter item
 * before its transaction (docs/decisions/0021-booking-hot-path.md).
 */
const nextBookingId = idAllocator('booking', 20);

export interface NewBooking {
  /** Who books: the patient on a calendar slot, or the nutritionist for one of their patients. */
  by: 'patient' | 'nutritionist';
  patient: PatientProfile;
  /** Every booking of the patient, as readPatientForBooking read it with the profile. */
  history: readonly Booking[];
  nutritionistUserId: string;
  bookingTypeId: BookingTypeId;
  start: Date;
  at: Date;
}

// Takes the time or fails with 409 (lock items); the intro rules also hold atomically on the patient item.
export const bookVisit = async ({
  by,
  patient,
  history,
  nutritionistUserId,
  bookingTypeId,
  start,
  at,
}: NewBooking) => {
  if (start.getTime() <= at.getTime()) throw unprocessable(bookingTexts.inThePast);
  const type = BOOKING_TYPES[bookingTypeId];
  const base = { patientUserId: patient.UserId };
  let change: PatientChange;
  const recurring = bookingTypeId === BookingType.NORMAL && isRecurringVisit(history);
  const step = patientStepChange(patient, 'booked', { BookingTypeId: bookingTypeId, Recurring: recurring });
  const setStep = step?.set.OnboardingStep ?? null;
  const bookingId = await nextBookingId();
  if (bookingTypeId === BookingType.FREE) {
    if (patient.HasLateCancelledIc) throw unprocessable(bookingTexts.introNotAllowed);
    const active = history.some(
      (b) =>
        b.BookingTypeId === BookingType.FREE &&
        (b.BookingStatusId === BookingStatus.BOOKED || b.BookingStatusId === BookingStatus.WAITINGFORPAYMENT),
    );
    if (active || patient.ActiveIntroBookingId) throw unprocessable(bookingTexts.introAlreadyBooked);
    change = {
      ...base,
      set: { ActiveIntroBookingId: bookingId, ...step?.set },
      expect: { assignedTo: nutritionistUserId, introBookable: true },
      failure: unprocessable(bookingTexts.introNotAllowed),
    };
  } else {
    change = {
      ...base,
      set: { ...step?.set },
      expect: { assignedTo: nutritionistUserId },
      failure: new AppError('forbidden', bookingTexts.notYourPatient),
    };
  }
  const booking: Booking = {
    BookingId: bookingId,
    BookingTime: start.toISOString(),
    BookingStatusId: type.PriceCents > 0 ? BookingStatus.WAITINGFORPAYMENT : BookingStatus.BOOKED,
    BookingTypeId: bookingTypeId,
    PatientUserId: patient.UserId,
    NutritionistUserId: nutritionistUserId,
    Price: type.PriceCents,
    Discount: 0,
    TotalPaymentAmount: type.PriceCents,
    Duration: type.DurationMinutes,
    Recurring: recurring,
    PreviousOnboardingStep: setStep !== null ? patient.OnboardingStep : null,
    SetOnboardingStep: setStep,
    CancelReasonId: null,
    RefundOwed: false,
    RemindersSent: [],
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    version: 1,
  };
  const effects = bookingOutboxEntry('created', by, booking, at);
  const event = bookingHistoryEvent(booking, 'created', historyActor(booking, by, undefined), at, {
    Status: booking.BookingStatusId,
    Type: booking.BookingTypeId,
    Time: booking.BookingTime,
    ...(setStep !== null ? { StepFrom: patient.OnboardingStep, StepTo: setStep } : {}),
  });
  await createBooking(booking, change, effects, event);
  return booking;
};

const stepCondition = (profile: PatientProfile) => ({
  expect: stepAsRead(profile),
  failure: new AppError('conflict'),
});

export const requireCancelReason = (booking: Booking, reason: CancelReasonId | undefined) => {
  if (!reason)
    throw new AppError('validation_failed', bookingTexts.reasonRequired, {
      errors: { cancelReasonId: [bookingTexts.reasonRequired] },
    });
  if (!cancelReasonsFor(booking.BookingTypeId).includes(reason))
    throw new AppError('validation_failed', bookingTexts.reasonNotForType, {
      errors: { cancelReasonId: [bookingTexts.reasonNotForType] },
    });
  return reason;
};

/**
 * Cancels with the shared outcome: unpaid -> CANCELLED; paid in time -> CANCELLED, refund owed; paid late ->
 * CANCELLEDWITHFEE (counts as done). An introductory visit cancelled late on the patient's side (by the
 * patient, or by the nutritionist for the patient's choice or absence) sets HasLateCancelledIc.
 * `system` is the expiry of an unpaid booking (no reason): a BookingExpired message instead of
 * BookingCancelled, otherwise the same as an in-time cancellation of an unpaid booking.
 */
export const cancelVisit = async (
  booking: Booking,
  reason: CancelReasonId | null,
  by: BookingActor,
  at: Date,
  admin?: AdminAction,
) => {
  if (!canCancel(booking.BookingStatusId)) throw unprocessable(bookingTexts.cannotCancel);
  const bookingTime = new Date(booking.BookingTime);
  const outcome = cancellationOutcome(
    { status: booking.BookingStatusId, paid: isPaid(booking), bookingTime },
    at,
  );
  const updated: Booking = {
    ...booking,
    BookingStatusId: outcome.status,
    CancelReasonId: reason,
    RefundOwed: outcome.refundOwed,
    updatedAt: at.toISOString(),
    version: booking.version + 1,
  };
  const profile = await getPatientProfile(booking.PatientUserId);
  let change: PatientChange | null = null;
  if (profile) {
    const set: Record<string, unknown> = {};
    const remove: string[] = [];
    if (profile.ActiveIntroBookingId === booking.BookingId) remove.push('ActiveIntroBookingId');
    const patientSide =
      by === 'patient' || reason === CancelReason.PATIENT_CHOICE || reason === CancelReason.PATIENT_ABSENT;
    if (booking.BookingTypeId === BookingType.FREE && patientSide && !isFreeChangeAllowed(bookingTime, at))
      set.HasLateCancelledIc = true;
    const step = patientStepChange(profile, outcome.countsAsDone ? 'cancelledWithFee' : 'cancelled', booking);
    if (step) set.OnboardingStep = step.set.OnboardingStep;
    if (Object.keys(set).length || remove.length)
      change = { patientUserId: profile.UserId, set, remove, ...stepCondition(profile) };
  }
  const kind = by === 'system' ? 'expired' : 'cancelled';
  const effects = bookingOutboxEntry(kind, by, updated, at, { bySupport: Boolean(admin) });
  const details = {
    Status: updated.BookingStatusId,
    RefundOwed: updated.RefundOwed,
    CancelReasonId: reason,
    Time: booking.BookingTime,
    ...stepChangeDetails(change),
  };
  const event = bookingHistoryEvent(
    booking,
    kind,
    historyActor(booking, by, admin),
    at,
    details,
    admin?.reason ?? (reason ? CANCEL_REASON_LABELS[reason] : null),
  );
  await cancelBookingWrite(
    booking,
    updated,
    change,
    effects,
    event,
    adminAuditItems(admin, 'cancel', booking, at, {
      CancelReasonId: reason,
      Status: updated.BookingStatusId,
    }),
  );
  return updated;
};

export const moveVisit = async (booking: Booking, start: Date, at: Date, admin?: AdminAction) => {
  if (!canModifyTime(booking.BookingStatusId)) throw unprocessable(bookingTexts.cannotModify);
  if (start.getTime() <= at.getTime()) throw unprocessable(bookingTexts.inThePast);
  if (start.toISOString() === booking.BookingTime) return booking;
  const updated: Booking = {
    ...booking,
    BookingTime: start.toISOString(),
    updatedAt: at.toISOString(),
    version: booking.version + 1,
  };
  const effects = bookingOutboxEntry('modified', 'nutritionist', updated, at, {
    previousTime: booking.BookingTime,
    bySupport: Boolean(admin),
  });
  const event = bookingHistoryEvent(
    booking,
    'moved',
    historyActor(booking, 'nutritionist', admin),
    at,
    { From: booking.BookingTime, To: updated.BookingTime },
    admin?.reason ?? null,
  );
  await moveBooking(booking, updated, null, effects, event, [
    ...adminAuditItems(admin, 'move', booking, at, { From: booking.BookingTime, To: updated.BookingTime }),
  ]);
  return updated;
};

export const completeVisit = async (booking: Booking, at: Date, admin?: AdminAction) => {
  if (!canComplete(booking.BookingStatusId)) throw unprocessable(bookingTexts.cannotComplete);
  if (!hasVisitStarted(booking.BookingTime, at)) throw unprocessable(bookingTexts.completeBeforeStart);
  const updated: Booking = {
    ...booking,
    BookingStatusId: BookingStatus.COMPLETE,
    updatedAt: at.toISOString(),
    version: booking.version + 1,
  };
  const profile = await getPatientProfile(booking.PatientUserId);
  let change: PatientChange | null = null;
  if (profile) {
    const set: Record<string, unknown> = {};
    const remove = profile.ActiveIntroBookingId === booking.BookingId ? ['ActiveIntroBookingId'] : [];
    const step = patientStepChange(profile, 'done', booking);
    if (step) set.OnboardingStep = step.set.OnboardingStep;
    if (Object.keys(set).length || remove.length)
      change = { patientUserId: profile.UserId, set, remove, ...stepCondition(profile) };
  }
  const effects = bookingOutboxEntry('completed', 'nutritionist', updated, at);
  const event = bookingHistoryEvent(
    booking,
    'completed',
    historyActor(booking, 'nutritionist', admin),
    at,
    stepChangeDetails(change),
    admin?.reason ?? null,
  );
  await updateBookingStatus(
    booking,
    updated,
    change,
    effects,
    event,
    adminAuditItems(admin, 'complete', booking, at),
  );
  return updated;
};
