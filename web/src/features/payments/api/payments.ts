/**
 * The payments calls (docs/product.md#api, card payment provider): the Checkout session of a booking, the
 * success page's fulfilment, the invoices and the payment test page.
 */
import useSWR from 'swr';
import type { CheckoutSessionView, FulfilmentView, InvoiceView, TestPaymentView } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

/** GET Stripe/{BookingId}/CreateSession: where the browser goes to pay. */
export const createCheckoutSession = (bookingId: number | string) =>
  api.get<CheckoutSessionView>(apiPath('Stripe', bookingId, 'CreateSession'));

/** PUT CurrentPatient/Bookings/{id}/StsOpposition: whether the health expense is kept from Sistema Tessera Sanitaria. */
export const setStsOpposition = (bookingId: number, opposed: boolean) =>
  api.put<{ Opposed: boolean }>(apiPath('CurrentPatient/Bookings', bookingId, 'StsOpposition'), {
    Opposed: opposed,
  });

/** POST Stripe/{BookingId}/Fulfil: confirms a paid session now, in case the provider's notice is late. */
export const fulfilCheckoutSession = (bookingId: number | string, sessionId: string) =>
  api.post<FulfilmentView>(apiPath('Stripe', bookingId, 'Fulfil'), { SessionId: sessionId });

/** GET CurrentPatient/Bookings/{id}/Invoices: the two documents of a paid visit. */
export const useBookingInvoices = (bookingId: number, paid: boolean) =>
  useSWR<{ Data: InvoiceView[] }>(
    paid ? apiPath('CurrentPatient/Bookings', bookingId, 'Invoices') : null,
    (path: string) => api.get<{ Data: InvoiceView[] }>(path),
  );

/** POST Stripe/TestPayments: a Checkout session of the payment test page's small amount. */
export const createTestPayment = () => api.post<CheckoutSessionView>(apiPath('Stripe', 'TestPayments'));

/** GET Stripe/TestPayments/{SessionId}: how the test payment went (read from the gateway). */
export const useTestPayment = (sessionId: string | null, refreshMs: number) =>
  useSWR<TestPaymentView>(
    sessionId ? apiPath('Stripe', 'TestPayments', sessionId) : null,
    (path: string) => api.get<TestPaymentView>(path),
    { refreshInterval: refreshMs },
  );
