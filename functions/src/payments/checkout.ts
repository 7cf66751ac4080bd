/**
 * The patient's side of paying a WAITINGFORPAYMENT booking (docs/product.md#states, payment flow;
 * docs/product.md#api: GET {BookingId}/CreateSession): the Checkout session and the fulfilment the success
 * page asks for.
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  PaymentRefusal,
  checkoutSessionExpiry,
  fulfilCheckoutSchema,
  paymentTexts,
  unpaidBookingExpiry,
  type CheckoutSessionView,
  type FulfilmentView,
} from '@nutri/shared';
import * as z from 'zod';
import { getUser } from '../accounts';
import { countBillingProfiles, isBillingProfileComplete } from '../billing';
import { getBooking, requireOwnBooking, type Booking } from '../bookings';
import { AppError, notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { pathId } from '../http/path-id';
import { getPatientProfile, privacyAcceptanceOf } from '../onboarding';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { fulfilSession } from './fulfilment';
import { paymentGateway } from './stripe-gateway';

const bookingPath = z.object({ BookingId: pathId });

/**
 * What stands between the patient and the card form, in the spec's order: the booking must await payment
 * with its deadline not passed; the patient needs an active billing profile; if the nutritionist can
 * invoice, the patient must have accepted the privacy contracts in effect. Returns the session's expiry.
 */
export const paymentPrerequisites = async (booking: Booking, at: Date) => {
  if (booking.BookingStatusId !== BookingStatus.WAITINGFORPAYMENT || booking.TotalPaymentAmount <= 0)
    throw new AppError('unprocessable', paymentTexts.notAwaitingPayment);
  const deadline = unpaidBookingExpiry({
    bookingTime: new Date(booking.BookingTime),
    scheduledAt: new Date(booking.updatedAt),
  });
  const expiresAt = checkoutSessionExpiry(deadline, at);
  if (!expiresAt) throw new AppError('unprocessable', paymentTexts.deadlinePassed);
  if ((await countBillingProfiles(booking.PatientUserId, true)) === 0)
    throw new AppError('unprocessable', paymentTexts.billingProfileMissing, {
      publicCode: PaymentRefusal.billingProfileMissing,
    });
  const [profile, nutritionistCanInvoice] = await Promise.all([
    getPatientProfile(booking.PatientUserId),
    isBillingProfileComplete(booking.NutritionistUserId),
  ]);
  if (nutritionistCanInvoice) {
    // The versions in effect must be accepted: a new version asks again (docs/product.md#contracts).
    const privacy = profile ? await privacyAcceptanceOf(profile, at) : { signed: false, updated: false };
    if (!privacy.signed)
      throw new AppError(
        'unprocessable',
        privacy.updated ? paymentTexts.privacyContractsUpdated : paymentTexts.privacyContractNotSigned,
        { publicCode: PaymentRefusal.privacyContractNotSigned },
      );
  }
  return expiresAt;
};

export const createCheckoutSession = defineOperation(
  ['Patient'],
  { path: bookingPath },
  async ({ actor, path }) => {
    const at = now();
    const booking = await requireOwnBooking('Patient', actor, path.BookingId);
    const expiresAt = await paymentPrerequisites(booking, at);
    const base = config().PUBLIC_BASE_URL;
    const patient = await getUser(booking.PatientUserId);
    const gateway = await paymentGateway();
    const session = await gateway.createSession({
      bookingId: booking.BookingId,
      patientUserId: booking.PatientUserId,
      customerEmail: patient?.Email ?? null,
      description: `${BOOKING_TYPES[booking.BookingTypeId].Name} (Nutrì)`,
      amountCents: booking.TotalPaymentAmount,
      expiresAt,
      successUrl: `${base}/Patients/Agenda/${booking.BookingId}/Success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/Patients/Agenda/${booking.BookingId}`,
      createdAt: at,
    });
    const view: CheckoutSessionView = { SessionId: session.SessionId, Url: session.Url };
    return view;
  },
);

/**
 * The success page's call: asks the gateway for the session (never trusts the browser) and fulfils it if
 * paid, in case the webhook has not arrived yet. Idempotent.
 */
export const fulfilCheckoutSession = defineOperation(
  ['Patient'],
  { path: bookingPath, body: fulfilCheckoutSchema },
  async ({ actor, path, body }) => {
    const booking = await requireOwnBooking('Patient', actor, path.BookingId);
    const session = await (await paymentGateway()).retrieveSession(body.SessionId);
    if (!session || session.BookingId !== booking.BookingId) throw notFound(paymentTexts.sessionNotFound);
    const outcome = await fulfilSession(session, now());
    const current = (await getBooking(booking.BookingId)) ?? booking;
    const view: FulfilmentView = {
      BookingId: booking.BookingId,
      Paid: outcome === 'paid' || (outcome === 'already-paid' && current.Payment !== undefined),
    };
    return view;
  },
);
