/**
 * Card payments (docs/product.md#overview, #states, #api, #limits): the Checkout session a WAITINGFORPAYMENT booking is paid with,
 * the rules that bound it, and the Italian texts. Shared by the payments area and the web app.
 */
import * as z from 'zod';
import type { DocumentType, InvoiceKind, InvoiceState } from './invoicing';

/** Stripe accepts a Checkout session's `expires_at` between 30 minutes and 24 hours from its creation. */
export const CHECKOUT_MIN_EXPIRY_MINUTES = 30;
export const CHECKOUT_MAX_EXPIRY_HOURS = 24;

/**
 * When a Checkout session created `now` for a booking whose payment closes at `deadline` expires: at the
 * deadline, but within Stripe's window (at most 24 h; at least 30 min, since Stripe refuses less). Null when
 * the deadline is less than Stripe's minimum away: that booking can no longer be paid by card.
 */
export const checkoutSessionExpiry = (deadline: Date, now: Date): Date | null => {
  const min = now.getTime() + CHECKOUT_MIN_EXPIRY_MINUTES * 60_000;
  const max = now.getTime() + CHECKOUT_MAX_EXPIRY_HOURS * 3_600_000;
  if (deadline.getTime() < min) return null;
  return new Date(Math.min(deadline.getTime(), max));
};

/** Codes the web app maps to the dialog that resolves the refusal (docs/product.md#states, payment flow). */
export const PaymentRefusal = {
  billingProfileMissing: 'nutri-billing-profile-missing',
  privacyContractNotSigned: 'nutri-privacy-contract-not-signed',
} as const;

export const paymentTexts = {
  notAwaitingPayment: 'Questo appuntamento non è in attesa di pagamento.',
  deadlinePassed:
    'Il termine per il pagamento è scaduto: l’appuntamento non può più essere pagato. Scrivi al tuo nutrizionista per fissarne un altro.',
  billingProfileMissing: 'Mancano i dati per la fattura',
  privacyContractNotSigned: 'Per pagare devi prima accettare i contratti sulla privacy.',
  privacyContractsUpdated:
    'Abbiamo aggiornato le informative privacy: per pagare leggi e accetta la nuova versione.',
  sessionNotFound: 'Sessione di pagamento non trovata.',
  sessionClosed: 'Questa sessione di pagamento è scaduta o è già stata usata.',
  cardDeclined: 'La carta è stata rifiutata. Prova con un’altra carta.',
  cardInvalid: 'Numero di carta non valido.',
  testPaymentNotFound: 'Pagamento di prova non trovato.',
  invalidSignature: 'Firma del webhook non valida.',
} as const;

/** Response of `GET Stripe/{BookingId}/CreateSession`: where the browser goes to pay. */
export interface CheckoutSessionView {
  SessionId: string;
  Url: string;
}

/** The local checkout page's view of its session (the local Stripe stand-in: no Stripe key configured). */
export interface LocalCheckoutView {
  SessionId: string;
  /** What is paid, as the payment page of the provider shows it (the line item's name). */
  Description: string;
  /** A test payment (the payment test page), which pays no booking. */
  TestPayment: boolean;
  AmountTotal: number;
  Currency: string;
  Status: 'open' | 'complete' | 'expired';
  ExpiresAt: string;
  CancelUrl: string;
}

export const localCardPaymentSchema = z.object({
  CardNumber: z.string().trim().min(1, paymentTexts.cardInvalid).max(30),
});
export type LocalCardPayment = z.infer<typeof localCardPaymentSchema>;

/** Response of paying on the local checkout page: where the browser goes next. */
export interface LocalCheckoutResult {
  RedirectUrl: string;
}

export const fulfilCheckoutSchema = z.object({ SessionId: z.string().trim().min(1).max(255) });
export type FulfilCheckout = z.infer<typeof fulfilCheckoutSchema>;

export interface FulfilmentView {
  BookingId: number;
  /** Whether the booking is paid (now or before). */
  Paid: boolean;
}

/**
 * The two documents of a paid visit (docs/product.md#overview, FAQ): the health service invoiced by the
 * nutritionist (35 EUR, deductible at 19% IRPEF) and the rest invoiced by the service. A discounted total
 * below 35 EUR is the nutritionist's part only.
 */
export const invoiceSplit = (amountPaidCents: number, nutritionistShareCents: number) => {
  const nutritionist = Math.max(0, Math.min(nutritionistShareCents, amountPaidCents));
  return { nutritionist, service: Math.max(0, amountPaidCents - nutritionist) };
};

/** The nutritionist uploads their invoice within this many days of the payment (docs/product.md#limits). */
export const invoiceUploadDeadline = (paidAt: Date, uploadDays: number) =>
  new Date(paidAt.getTime() + uploadDays * 86_400_000);

/** Response of `GET CurrentPatient/Bookings/{id}/Invoices`: the visit's documents (docs/product.md#invoicing). */
export interface InvoiceView {
  DocumentId: string;
  Kind: InvoiceKind;
  DocumentType: DocumentType;
  /** `N-2026-000012` (per nutritionist and year) or `S-2026-000345` (the service's, per year); null for a draft. */
  Number: string | null;
  Issuer: string;
  Description: string;
  /** Cents, EUR. */
  Amount: number;
  State: InvoiceState;
  /** The nutritionist's deadline (12 days after payment); null for the service's invoice. */
  UploadDueAt: string | null;
  CreatedAt: string;
  HasPdf: boolean;
}

/**
 * The payment test page (docs/product.md#screens, Patient role: "A payment test page"): a real Checkout session of
 * this small amount through the same gateway as visits (the local checkout locally, Stripe in the cloud),
 * touching no booking, and refunded in full as soon as it is paid. 1 EUR: above Stripe's 0.50 EUR minimum.
 */
export const TEST_PAYMENT_AMOUNT_CENTS = 100;

/** Response of `GET Stripe/TestPayments/{SessionId}`: how the test payment went. */
export interface TestPaymentView {
  SessionId: string;
  /** `stripe`: Stripe Checkout (test mode with a test key); `local`: the local checkout page. */
  Gateway: 'stripe' | 'local';
  /** Cents, EUR. */
  AmountTotal: number;
  Status: 'open' | 'complete' | 'expired';
  Paid: boolean;
  /** The automatic refund of a paid test payment: null until issued. */
  RefundState: 'pending' | 'succeeded' | 'failed' | null;
  CreatedAt: string;
}
