/**
 * Payments on the local stack, which has no Stripe key of its own: the payments area's Stripe client talks
 * to the local runtime's Stripe stand-in (infra/local/local-stripe.ts), whose hosted page is at
 * /dev/stripe/checkout; webhook events are signed here the way Stripe signs them (HMAC-SHA256 of
 * `<timestamp>.<body>` with the local webhook secret) and posted to the real endpoint.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BookingStatus,
  PaymentRefusal,
  parseMessageAttributes,
  paymentTexts,
  type BookingView,
  type ChatMessage,
  type CheckoutSessionView,
  type FulfilmentView,
  type InvoiceView,
  type LocalCheckoutResult,
  type LocalCheckoutView,
  type TestPaymentView,
  BookingType,
  CancelReason,
} from '@nutri/shared';
import { api, mailsTo, stack, waitForMail } from './support/api';
import { waitForEffects } from './support/outbox';
import {
  addAvailability,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
  withoutPrivacyContracts,
  type TestPatient,
} from './support/visits';

const WEBHOOK_SECRET = 'whsec_local_nutri';
const CONFIRMED = /^Pagamento ricevuto, appuntamento del \d{2}\/\d{2}\/\d{4} è confermato!$/;

const repo = () => import('../../functions/src/bookings/bookings-repo');
const chat = () => import('../../functions/src/chat/chat-repo');

const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

const postEvent = (payload: string, signature: string) =>
  fetch(`${stack.baseUrl}/api/v2/Stripe/Webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });

/** The stand-in's hosted payment page (local runtime only): what it shows, and paying with a card. */
const localCheckout = async <T>(sessionId: string, cardNumber?: string) => {
  const response = await fetch(
    `${stack.baseUrl}/dev/stripe/checkout/${sessionId}${cardNumber ? '/pay' : ''}`,
    {
      method: cardNumber ? 'POST' : 'GET',
      ...(cardNumber
        ? {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ CardNumber: cardNumber }),
          }
        : {}),
    },
  );
  return { status: response.status, body: (await response.json()) as T };
};
const localRefunds = () => import('../../infra/local/local-stripe-repo');

/** A Stripe event about a Checkout session of the booking. */
const sessionEvent = (
  type: string,
  bookingId: number,
  session: { id?: string; payment_status?: string; status?: string; payment_intent?: string } = {},
) =>
  JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: session.id ?? `cs_test_${randomUUID()}`,
        object: 'checkout.session',
        amount_total: 5500,
        currency: 'eur',
        metadata: { BookingId: String(bookingId) },
        payment_intent: session.payment_intent ?? `pi_test_${randomUUID()}`,
        payment_status: session.payment_status ?? 'paid',
        status: session.status ?? 'complete',
      },
    },
  });

let dayOffset = 0;
/** A fresh nutritionist and patient (billing profile, privacy signed) with a paid visit awaiting payment. */
const paidVisit = async (days = 10) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, 'Giulia Conti');
  const date = romeDateIn(days + (dayOffset++ % 3));
  await addAvailability(nutritionist, date, '09:00', '12:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T10:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
  return { nutritionist, patient, booking };
};

const addBillingProfile = async (patient: TestPatient) => {
  const result = await api('POST', 'User/BillingProfilesSelf', {
    token: patient.token,
    body: {
      RagioneSociale: patient.name,
      CodiceFiscale: 'RSSMRA85T10A562S',
      Address: 'Via dei Mille 12',
      PostalCode: '00185',
      ComuneId: 'H501',
    },
  });
  expect(result.status).toBe(201);
};

const createSession = (patient: { token: string }, bookingId: number) =>
  api<CheckoutSessionView & { code?: string; message?: string }>('GET', `Stripe/${bookingId}/CreateSession`, {
    token: patient.token,
  });

const bookingOf = async (patient: TestPatient, bookingId: number) => {
  const result = await api<BookingView>('GET', `CurrentPatient/Bookings/${bookingId}`, {
    token: patient.token,
  });
  expect(result.status).toBe(200);
  return result.body;
};

const paymentMessages = async (patientUserId: string, nutritionistUserId: string) => {
  const { conversationSidFor, listMessages } = await chat();
  const messages: ChatMessage[] = await listMessages(conversationSidFor(patientUserId, nutritionistUserId), {
    limit: 200,
  });
  return messages.filter((m) => parseMessageAttributes(m.Attributes).MessageType === 'PaymentCompleted');
};

const onboardingStep = async (token: string) =>
  (await api<{ OnboardingStep: number }>('GET', 'CurrentPatient/Profile/OnboardingStep', { token })).body;

describe('Stripe webhook: signature', () => {
  it('refuses a forged signature and a stale one with 400, changing nothing', async () => {
    const { patient, booking } = await paidVisit();
    const payload = sessionEvent('checkout.session.completed', booking.BookingId);
    const forged = await postEvent(payload, sign(payload, undefined, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    const stale = await postEvent(payload, sign(payload, Math.floor(Date.now() / 1000) - 301));
    expect(stale.status).toBe(400);
    const missing = await fetch(`${stack.baseUrl}/api/v2/Stripe/Webhook`, { method: 'POST', body: payload });
    expect(missing.status).toBe(400);
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(
      BookingStatus.WAITINGFORPAYMENT,
    );
  });

  it('refuses signatures dated beyond the tolerance in the future, accepting honest clock skew', async () => {
    const { patient, booking } = await paidVisit();
    const payload = sessionEvent('checkout.session.completed', booking.BookingId);
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const ahead of [400, 3600, 365 * 24 * 3600]) {
      const future = await postEvent(payload, sign(payload, nowSeconds + ahead));
      expect(future.status, `t = now + ${ahead} s`).toBe(400);
      expect(((await future.json()) as { message: string }).message).toBe(paymentTexts.invalidSignature);
    }
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(
      BookingStatus.WAITINGFORPAYMENT,
    );
    // A minute ahead is clock skew, within the tolerance (an event that changes nothing).
    const expired = sessionEvent('checkout.session.expired', booking.BookingId);
    const skewed = await postEvent(expired, sign(expired, nowSeconds + 60));
    expect(skewed.status).toBe(200);
  });
});

describe('Stripe webhook: payment', () => {
  it('the same event 10 times at once: one confirmation, one chat message, one mail, step 4 -> 5', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    expect(await onboardingStep(patient.token)).toMatchObject({ OnboardingStep: 4 });
    const samePayment = { id: `cs_test_${randomUUID()}`, payment_intent: `pi_test_${randomUUID()}` };
    const payload = sessionEvent('checkout.session.completed', booking.BookingId, samePayment);
    const signature = sign(payload);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postEvent(payload, signature)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);

    const paid = await bookingOf(patient, booking.BookingId);
    expect(paid).toMatchObject({
      BookingStatusId: BookingStatus.BOOKED,
      Price: 5500,
      TotalPaymentAmount: 5500,
      IsPaidOnProviderAccount: true,
      IsPaidOnNewAccount: false,
    });
    expect(paid.PaidAt).not.toBeNull();
    // In the BOOKED job queue now (appointment reminder), out of the unpaid one.
    const { getBooking, BOOKING_QUEUES } = await repo();
    expect((await getBooking(booking.BookingId))!.BookingStatusId).toBe(BookingStatus.BOOKED);
    expect(BOOKING_QUEUES[BookingStatus.BOOKED]).toBe('BOOKINGS#BOOKED');

    const mail = await waitForMail(patient.email, (m) => CONFIRMED.test(m.subject));
    expect(mail.subject).toMatch(CONFIRMED);
    const messages = await paymentMessages(patient.id, nutritionist.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.Body).toMatch(CONFIRMED);
    expect(await onboardingStep(patient.token)).toMatchObject({ OnboardingStep: 5 });

    // The visit's two documents: the nutritionist's 35 EUR health invoice drafted (due within 12 days), the
    // service's 20 EUR invoice issued.
    const invoices = await api<{ Data: InvoiceView[] }>(
      'GET',
      `CurrentPatient/Bookings/${booking.BookingId}/Invoices`,
      {
        token: patient.token,
      },
    );
    expect(invoices.status).toBe(200);
    expect(invoices.body.Data).toMatchObject([
      {
        Kind: 'nutritionist',
        DocumentType: 'invoice',
        Amount: 3500,
        State: 'draft',
        Number: null,
      },
      {
        Kind: 'service',
        DocumentType: 'invoice',
        Amount: 2000,
        State: 'issued',
        UploadDueAt: null,
      },
    ]);
    expect(invoices.body.Data[1]!.Number).toMatch(/^S-\d{4}-\d{6}$/);
    const due = Date.parse(invoices.body.Data[0]!.UploadDueAt!) - Date.parse(paid.PaidAt!);
    expect(due).toBe(12 * 86_400_000);
    const stranger = await createPatientOf(nutritionist.id, 'Luca Bassi');
    expect(
      (await api('GET', `CurrentPatient/Bookings/${booking.BookingId}/Invoices`, { token: stranger.token }))
        .status,
    ).toBe(404);

    // A different event for the same payment (Stripe's async success, the redirect) adds nothing.
    const again = sessionEvent('checkout.session.async_payment_succeeded', booking.BookingId, samePayment);
    expect((await postEvent(again, sign(again))).status).toBe(200);
    await waitForEffects(patient.id);
    expect((await mailsTo(patient.email)).filter((m) => CONFIRMED.test(m.subject))).toHaveLength(1);
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(1);
  });

  it('out of order: expired after completed does not undo the payment; expired alone changes nothing', async () => {
    const first = await paidVisit();
    const sessionId = `cs_test_${randomUUID()}`;
    const completed = sessionEvent('checkout.session.completed', first.booking.BookingId, { id: sessionId });
    const expired = sessionEvent('checkout.session.expired', first.booking.BookingId, {
      id: sessionId,
      payment_status: 'unpaid',
      status: 'expired',
    });
    expect((await postEvent(completed, sign(completed))).status).toBe(200);
    expect((await postEvent(expired, sign(expired))).status).toBe(200);
    expect((await bookingOf(first.patient, first.booking.BookingId)).BookingStatusId).toBe(
      BookingStatus.BOOKED,
    );

    const second = await paidVisit();
    const onlyExpired = sessionEvent('checkout.session.expired', second.booking.BookingId, {
      payment_status: 'unpaid',
      status: 'expired',
    });
    expect((await postEvent(onlyExpired, sign(onlyExpired))).status).toBe(200);
    expect((await bookingOf(second.patient, second.booking.BookingId)).BookingStatusId).toBe(
      BookingStatus.WAITINGFORPAYMENT,
    );
  });

  it('a payment arriving after the booking was cancelled does not revive it', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    const cancel = await api(
      'POST',
      `CurrentNutritionist/Bookings/${booking.BookingId}/CancelBooking?cancelReasonId=${CancelReason.PATIENT_CHOICE}`,
      {
        token: nutritionist.token,
      },
    );
    expect(cancel.status).toBe(200);
    const late = sessionEvent('checkout.session.completed', booking.BookingId);
    expect((await postEvent(late, sign(late))).status).toBe(200);
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(BookingStatus.CANCELLED);
    await waitForEffects(patient.id);
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(0);
  });
});

describe('CreateSession and the local checkout', () => {
  it('asks for billing data first, then gives a session expiring by the payment deadline', async () => {
    const { patient, booking } = await paidVisit();
    const missing = await createSession(patient, booking.BookingId);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      code: PaymentRefusal.billingProfileMissing,
      message: paymentTexts.billingProfileMissing,
    });
    await addBillingProfile(patient);
    const session = await createSession(patient, booking.BookingId);
    expect(session.status).toBe(200);
    expect(session.body.SessionId).toMatch(/^cs_local_/);
    expect(session.body.Url).toBe(
      `${stack.baseUrl}/Patients/Checkout?session_id=${encodeURIComponent(session.body.SessionId)}`,
    );
    const view = await localCheckout<LocalCheckoutView>(session.body.SessionId);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      Description: 'Visita Nutrizionale (Nutrì)',
      TestPayment: false,
      AmountTotal: 5500,
      Status: 'open',
    });
    // At most 24 h from now (Stripe's limit), the deadline being 8+ days away.
    const hours = (Date.parse(view.body.ExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.5);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('another patient cannot create a session for the booking, nor fulfil it (404)', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    await addBillingProfile(patient);
    const other = await createPatientOf(nutritionist.id, 'Marta Riva');
    await addBillingProfile(other);
    expect((await createSession(other, booking.BookingId)).status).toBe(404);
    const session = await createSession(patient, booking.BookingId);
    // The stand-in's page is Stripe's, not the product's API: no route of the API serves it.
    expect(
      (await api('GET', `Stripe/LocalCheckout/${session.body.SessionId}`, { token: patient.token })).status,
    ).toBe(404);
    const fulfil = await api('POST', `Stripe/${booking.BookingId}/Fulfil`, {
      token: other.token,
      body: { SessionId: session.body.SessionId },
    });
    expect(fulfil.status).toBe(404);
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(
      BookingStatus.WAITINGFORPAYMENT,
    );
  });

  it('a declined card leaves the booking awaiting payment; 4242 pays it through the signed webhook', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    await addBillingProfile(patient);
    const session = await createSession(patient, booking.BookingId);
    const pay = (CardNumber: string) =>
      localCheckout<LocalCheckoutResult & { message?: string }>(session.body.SessionId, CardNumber);
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.status).toBe(422);
    expect(declined.body.message).toBe(paymentTexts.cardDeclined);
    expect((await pay('1234 5678 9012 3456')).status).toBe(400);
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(
      BookingStatus.WAITINGFORPAYMENT,
    );

    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect(paid.body.RedirectUrl).toBe(
      `${stack.baseUrl}/Patients/Agenda/${booking.BookingId}/Success?session_id=${session.body.SessionId}`,
    );
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(BookingStatus.BOOKED);
    // The success page's fulfilment is idempotent; a session cannot be paid twice.
    const fulfil = await api<FulfilmentView>('POST', `Stripe/${booking.BookingId}/Fulfil`, {
      token: patient.token,
      body: { SessionId: session.body.SessionId },
    });
    expect(fulfil.body).toEqual({ BookingId: booking.BookingId, Paid: true });
    expect((await pay('4242 4242 4242 4242')).status).toBe(422);
    await waitForEffects(patient.id);
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(1);
    // Paid: no new session.
    const again = await createSession(patient, booking.BookingId);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(paymentTexts.notAwaitingPayment);
  });
});

const runJob = async (name: string) => {
  const response = await fetch(`${stack.baseUrl}/dev/jobs/${name}/run`, { method: 'POST' });
  expect(response.status).toBe(200);
};

/** Pays the booking through a signed webhook event with a known payment intent. */
const payByWebhook = async (bookingId: number) => {
  const paymentIntent = `pi_test_${randomUUID()}`;
  const body = sessionEvent('checkout.session.completed', bookingId, { payment_intent: paymentIntent });
  expect((await postEvent(body, sign(body))).status).toBe(200);
  return paymentIntent;
};

const cancelAsNutritionist = (token: string, bookingId: number) =>
  api<BookingView>(
    'POST',
    `CurrentNutritionist/Bookings/${bookingId}/CancelBooking?cancelReasonId=${CancelReason.PATIENT_CHOICE}`,
    {
      token,
    },
  );

describe('refunds', () => {
  it('a paid visit cancelled 2 days ahead or more is refunded exactly once, then confirmed', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    const paymentIntent = await payByWebhook(booking.BookingId);
    const cancelled = await cancelAsNutritionist(nutritionist.token, booking.BookingId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ BookingStatusId: BookingStatus.CANCELLED, RefundOwed: true });
    expect(cancelled.body.RefundState).toBeNull();

    // The job twice at once, then again, then the refund asked for directly: one refund.
    await Promise.all([runJob('issue-refunds'), runJob('issue-refunds')]);
    await runJob('issue-refunds');
    const { issueRefund } = await import('../../functions/src/payments/refunds');
    expect(await issueRefund(booking.BookingId, new Date())).toBe('already-issued');
    const { getLocalRefund } = await localRefunds();
    const refund = await getLocalRefund(paymentIntent);
    expect(refund).toMatchObject({ Metadata: { BookingId: String(booking.BookingId) }, Amount: 5500 });
    const { getBooking } = await repo();
    expect((await getBooking(booking.BookingId))!.Refund!.RefundId).toBe(refund!.RefundId);

    // The provider's charge.refunded (the local gateway sends it signed) marks it succeeded.
    await expect
      .poll(async () => (await bookingOf(patient, booking.BookingId)).RefundState, { timeout: 10_000 })
      .toBe('succeeded');
  });

  it('a paid visit cancelled later than 2 days ahead is not refunded (CANCELLEDWITHFEE)', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Sara Neri');
    const date = romeDateIn(1);
    await addAvailability(nutritionist, date, '19:00', '21:00');
    const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T20:00`);
    const paymentIntent = await payByWebhook(booking.BookingId);
    expect((await bookingOf(patient, booking.BookingId)).BookingStatusId).toBe(BookingStatus.BOOKED);
    const cancelled = await cancelAsNutritionist(nutritionist.token, booking.BookingId);
    expect(cancelled.body).toMatchObject({
      BookingStatusId: BookingStatus.CANCELLEDWITHFEE,
      RefundOwed: false,
    });
    await runJob('issue-refunds');
    const { getLocalRefund } = await localRefunds();
    expect(await getLocalRefund(paymentIntent)).toBeNull();
    expect((await bookingOf(patient, booking.BookingId)).RefundState).toBeNull();
  });
});

describe('CreateSession: privacy contracts', () => {
  it('asks for the privacy contracts when the nutritionist can invoice and the patient has not accepted them', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    await addBillingProfile(patient);
    const billing = await api('POST', 'User/BillingProfilesSelf', {
      token: nutritionist.token,
      body: {
        RagioneSociale: 'Studio Nutrizione',
        CodiceFiscale: 'RSSMRA85T10A562S',
        PartitaIva: '12345678903',
        Address: 'Via Roma 1',
        PostalCode: '00185',
        ComuneId: 'H501',
      },
    });
    expect(billing.status).toBe(201);
    // createPatientOf signs the contracts; this patient has not.
    await withoutPrivacyContracts(patient.id);
    const refused = await createSession(patient, booking.BookingId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: PaymentRefusal.privacyContractNotSigned,
      message: paymentTexts.privacyContractNotSigned,
    });
    const accepted = await api('POST', 'Patients/Contracts/AcceptPrivacy', {
      token: patient.token,
      body: { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true },
    });
    expect(accepted.status).toBeLessThan(300);
    expect((await createSession(patient, booking.BookingId)).status).toBe(200);
  });
});

const LATE_REFUND_SUBJECT =
  /^Pagamento rimborsato: l’appuntamento del \d{2}\/\d{2}\/\d{4} era già annullato$/;

/** Expires the unpaid booking exactly as the expire-unpaid-bookings job does at its deadline. */
const expireAsTheJobDoes = async (bookingId: number) => {
  const { getBooking } = await repo();
  const { cancelVisit } = await import('../../functions/src/bookings/booking-service');
  await cancelVisit((await getBooking(bookingId))!, null, 'system', new Date());
};

describe('late payments (after the booking was cancelled or expired)', () => {
  it('expired booking, payment event twice at once and again as async success: one refund, one mail, still expired', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    await expireAsTheJobDoes(booking.BookingId);
    const expired = await bookingOf(patient, booking.BookingId);
    expect(expired).toMatchObject({ BookingStatusId: BookingStatus.CANCELLED, CancelReasonId: null });
    expect(expired.RefundOwed).toBe(false);

    const sessionId = `cs_test_${randomUUID()}`;
    const paymentIntent = `pi_test_${randomUUID()}`;
    const completed = sessionEvent('checkout.session.completed', booking.BookingId, {
      id: sessionId,
      payment_intent: paymentIntent,
    });
    const signature = sign(completed);
    const responses = await Promise.all([postEvent(completed, signature), postEvent(completed, signature)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    // The same payment as another event (Stripe's async success): recognised, nothing more happens.
    const again = sessionEvent('checkout.session.async_payment_succeeded', booking.BookingId, {
      id: sessionId,
      payment_intent: paymentIntent,
    });
    expect((await postEvent(again, sign(again))).status).toBe(200);

    // Still expired; the payment recorded, refund owed and issued once, then confirmed by charge.refunded.
    const after = await bookingOf(patient, booking.BookingId);
    expect(after).toMatchObject({
      BookingStatusId: BookingStatus.CANCELLED,
      CancelReasonId: null,
      RefundOwed: true,
    });
    expect(after.PaidAt).not.toBeNull();
    const { getBooking, listSlotLocks } = await repo();
    expect(await listSlotLocks(nutritionist.id)).toEqual([]);
    const { getLocalRefund } = await localRefunds();
    const refund = await getLocalRefund(paymentIntent);
    expect(refund).toMatchObject({
      Metadata: { BookingId: String(booking.BookingId) },
      Amount: 5500,
      IdempotencyKey: `refund-booking-${booking.BookingId}`,
    });
    const stored = (await getBooking(booking.BookingId))!;
    expect(stored.Payment).toMatchObject({
      SessionId: sessionId,
      PaymentIntentId: paymentIntent,
      Late: true,
    });
    expect(stored.Refund!.RefundId).toBe(refund!.RefundId);
    await expect
      .poll(async () => (await bookingOf(patient, booking.BookingId)).RefundState, { timeout: 10_000 })
      .toBe('succeeded');

    // The job (twice at once) and a direct request find it issued: the refund stays the first one.
    await Promise.all([runJob('issue-refunds'), runJob('issue-refunds')]);
    const { issueRefund } = await import('../../functions/src/payments/refunds');
    expect(await issueRefund(booking.BookingId, new Date())).toBe('already-issued');
    expect((await getLocalRefund(paymentIntent))!.RefundId).toBe(refund!.RefundId);
    expect((await getBooking(booking.BookingId))!.Refund!.RefundId).toBe(refund!.RefundId);

    // The patient is told once; no confirmation, no payment message, no invoices.
    const mail = await waitForMail(patient.email, (m) => LATE_REFUND_SUBJECT.test(m.subject));
    expect(mail.body.text ?? mail.body.html).toContain('ti rimborsiamo l’intero importo');
    await waitForEffects(patient.id);
    const mails = await mailsTo(patient.email);
    expect(mails.filter((m) => LATE_REFUND_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => CONFIRMED.test(m.subject))).toHaveLength(0);
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(0);
    const invoices = await api<{ Data: InvoiceView[] }>(
      'GET',
      `CurrentPatient/Bookings/${booking.BookingId}/Invoices`,
      { token: patient.token },
    );
    expect(invoices.body.Data).toEqual([]);
  });

  it('cancelled while the patient was on the local checkout: paying is refunded; the success page says not paid', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    await addBillingProfile(patient);
    const session = await createSession(patient, booking.BookingId);
    expect(session.status).toBe(200);
    expect((await cancelAsNutritionist(nutritionist.token, booking.BookingId)).status).toBe(200);

    const paid = await localCheckout<LocalCheckoutResult>(session.body.SessionId, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    // The success redirect asks for fulfilment too: the same late payment, not a payment of the booking.
    const fulfil = await api<FulfilmentView>('POST', `Stripe/${booking.BookingId}/Fulfil`, {
      token: patient.token,
      body: { SessionId: session.body.SessionId },
    });
    expect(fulfil.body).toEqual({ BookingId: booking.BookingId, Paid: false });

    const after = await bookingOf(patient, booking.BookingId);
    expect(after).toMatchObject({ BookingStatusId: BookingStatus.CANCELLED, RefundOwed: true });
    const { getBooking } = await repo();
    const stored = (await getBooking(booking.BookingId))!;
    expect(stored.Payment).toMatchObject({ SessionId: session.body.SessionId, Late: true });
    const { getLocalRefund } = await localRefunds();
    const refund = await getLocalRefund(stored.Payment!.PaymentIntentId!);
    expect(refund).toMatchObject({ Metadata: { BookingId: String(booking.BookingId) }, Amount: 5500 });
    await expect
      .poll(async () => (await bookingOf(patient, booking.BookingId)).RefundState, { timeout: 10_000 })
      .toBe('succeeded');
    await waitForMail(patient.email, (m) => LATE_REFUND_SUBJECT.test(m.subject));
    expect((await mailsTo(patient.email)).filter((m) => LATE_REFUND_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(0);
  });
});

const UNAPPLIED_REFUND_SUBJECT =
  /^Pagamento rimborsato: l’appuntamento del \d{2}\/\d{2}\/\d{4} era già pagato$/;
const unapplied = () => import('../../functions/src/payments/unapplied-payments-repo');

describe('a second payment of a booking already paid (two payment pages paid)', () => {
  it('is refunded in full once and mailed once, however often it arrives; the booking keeps its first payment', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    const firstIntent = await payByWebhook(booking.BookingId);
    await waitForMail(patient.email, (m) => CONFIRMED.test(m.subject));

    const second = { id: `cs_test_${randomUUID()}`, payment_intent: `pi_test_${randomUUID()}` };
    const completed = sessionEvent('checkout.session.completed', booking.BookingId, second);
    const signature = sign(completed);
    const asyncSuccess = sessionEvent('checkout.session.async_payment_succeeded', booking.BookingId, second);
    const responses = await Promise.all([
      postEvent(completed, signature),
      postEvent(completed, signature),
      postEvent(asyncSuccess, sign(asyncSuccess)),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);

    // The booking is untouched: still paid by the first payment, no refund of it.
    const { getBooking } = await repo();
    const stored = (await getBooking(booking.BookingId))!;
    expect(stored.BookingStatusId).toBe(BookingStatus.BOOKED);
    expect(stored.Payment).toMatchObject({ PaymentIntentId: firstIntent });
    expect(stored.RefundOwed).toBeFalsy();
    const { getLocalRefund } = await localRefunds();
    expect(await getLocalRefund(firstIntent)).toBeNull();

    // The second payment: one refund of all of it, recorded, then confirmed by charge.refunded.
    const refund = await getLocalRefund(second.payment_intent);
    expect(refund).toMatchObject({
      Metadata: { BookingId: String(booking.BookingId) },
      Amount: 5500,
      IdempotencyKey: `refund-payment-${second.payment_intent}`,
    });
    const { getUnappliedPayment } = await unapplied();
    await expect
      .poll(async () => (await getUnappliedPayment(second.payment_intent))?.Refund?.State, {
        timeout: 10_000,
      })
      .toBe('succeeded');
    expect(await getUnappliedPayment(second.payment_intent)).toMatchObject({
      SessionId: second.id,
      BookingId: booking.BookingId,
      PatientUserId: patient.id,
      Amount: 5500,
      BookingAlreadyPaid: true,
      Refund: { RefundId: refund!.RefundId, State: 'succeeded' },
    });
    await Promise.all([runJob('issue-refunds'), runJob('issue-refunds')]);
    expect((await getLocalRefund(second.payment_intent))!.RefundId).toBe(refund!.RefundId);

    // The patient is told once; the visit's confirmation and chat message stay the first payment's.
    const mail = await waitForMail(patient.email, (m) => UNAPPLIED_REFUND_SUBJECT.test(m.subject));
    expect(mail.body.text ?? mail.body.html).toContain('rimborsiamo l’intero importo di questo pagamento');
    await waitForEffects(patient.id);
    const mails = await mailsTo(patient.email);
    expect(mails.filter((m) => UNAPPLIED_REFUND_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => CONFIRMED.test(m.subject))).toHaveLength(1);
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(1);
  });

  it('when the refund could not be issued at once, the issue-refunds job issues it, once', async () => {
    const { patient, booking } = await paidVisit();
    const { recordUnappliedPayment, getUnappliedPayment } = await unapplied();
    const { newOutboxEntry } = await import('../../functions/src/platform/outbox');
    const paymentIntentId = `pi_test_${randomUUID()}`;
    const payment = {
      SessionId: `cs_test_${randomUUID()}`,
      PaymentIntentId: paymentIntentId,
      BookingId: booking.BookingId,
      PatientUserId: patient.id,
      Amount: 5500,
      PaidAt: new Date().toISOString(),
      BookingAlreadyPaid: true,
      Refund: null,
    };
    const notice = () =>
      newOutboxEntry(
        'unapplied-payment',
        {
          patientUserId: patient.id,
          bookingId: booking.BookingId,
          bookingTime: booking.BookingTime,
          amount: 5500,
          bookingAlreadyPaid: true,
        },
        new Date(),
      );
    // Recorded as the fulfilment records it; a second record of the same payment is refused.
    expect(await recordUnappliedPayment(payment, notice())).toBe(true);
    expect(await recordUnappliedPayment(payment, notice())).toBe(false);

    await Promise.all([runJob('issue-refunds'), runJob('issue-refunds')]);
    const { getLocalRefund } = await localRefunds();
    const refund = await getLocalRefund(paymentIntentId);
    expect(refund).toMatchObject({ Amount: 5500, IdempotencyKey: `refund-payment-${paymentIntentId}` });
    expect((await getUnappliedPayment(paymentIntentId))!.Refund).toMatchObject({
      RefundId: refund!.RefundId,
    });
    await expect
      .poll(async () => (await getUnappliedPayment(paymentIntentId))?.Refund?.State, { timeout: 10_000 })
      .toBe('succeeded');
    await runJob('issue-refunds');
    expect((await getLocalRefund(paymentIntentId))!.RefundId).toBe(refund!.RefundId);
  });
});

describe('the payment test page', () => {
  it('a test payment goes through the local checkout, is refunded once, and touches no booking', async () => {
    const { nutritionist, patient, booking } = await paidVisit();
    // Only patients; another patient cannot see it.
    expect((await api('POST', 'Stripe/TestPayments', { token: nutritionist.token })).status).toBe(403);
    const created = await api<CheckoutSessionView>('POST', 'Stripe/TestPayments', { token: patient.token });
    expect(created.status).toBe(200);
    expect(created.body.Url).toBe(
      `${stack.baseUrl}/Patients/Checkout?session_id=${encodeURIComponent(created.body.SessionId)}`,
    );
    const sessionId = created.body.SessionId;
    const checkout = await localCheckout<LocalCheckoutView>(sessionId);
    expect(checkout.body).toMatchObject({
      Description: 'Pagamento di prova (Nutrì)',
      TestPayment: true,
      AmountTotal: 100,
      Status: 'open',
    });
    const before = await api<TestPaymentView>('GET', `Stripe/TestPayments/${sessionId}`, {
      token: patient.token,
    });
    expect(before.body).toMatchObject({ Gateway: 'local', Paid: false, Status: 'open', RefundState: null });
    const other = await createPatientOf(nutritionist.id, 'Paolo Fabbri');
    expect((await api('GET', `Stripe/TestPayments/${sessionId}`, { token: other.token })).status).toBe(404);

    const paid = await localCheckout<LocalCheckoutResult>(sessionId, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect(paid.body.RedirectUrl).toBe(`${stack.baseUrl}/Patients/TestPayment?session_id=${sessionId}`);
    // The page's read (it asks the gateway too) and the webhook together: one refund, then confirmed.
    const after = await api<TestPaymentView>('GET', `Stripe/TestPayments/${sessionId}`, {
      token: patient.token,
    });
    expect(after.body).toMatchObject({ Paid: true, Status: 'complete', AmountTotal: 100 });
    expect(after.body.RefundState).not.toBeNull();
    await expect
      .poll(
        async () =>
          (await api<TestPaymentView>('GET', `Stripe/TestPayments/${sessionId}`, { token: patient.token }))
            .body.RefundState,
        { timeout: 10_000 },
      )
      .toBe('succeeded');
    const { getTestPayment } = await import('../../functions/src/payments/test-payment-repo');
    const stored = (await getTestPayment(sessionId))!;
    const { getLocalRefund } = await localRefunds();
    expect(await getLocalRefund(stored.PaymentIntentId!)).toMatchObject({
      Metadata: { TestPayment: 'true' },
      Amount: 100,
      IdempotencyKey: `refund-test-payment-${sessionId}`,
      RefundId: stored.RefundId,
    });

    // The visit awaiting payment is as it was: no payment, no message, no mail.
    const visit = await bookingOf(patient, booking.BookingId);
    expect(visit).toMatchObject({ BookingStatusId: BookingStatus.WAITINGFORPAYMENT, PaidAt: null });
    expect(await paymentMessages(patient.id, nutritionist.id)).toHaveLength(0);
    expect((await mailsTo(patient.email)).filter((m) => CONFIRMED.test(m.subject))).toHaveLength(0);
  });
});
