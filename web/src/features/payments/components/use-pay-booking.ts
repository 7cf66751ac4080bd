/**
 * The payment flow of a booking awaiting payment (docs/product.md#states): ask for a Checkout session; the server
 * checks, in the spec's order, that the patient has an active billing profile and, when the nutritionist can
 * invoice, has accepted the privacy contracts, and refuses with a code naming what is missing. The code
 * opens the matching dialog; once the dialog succeeds the payment is tried again. Otherwise the browser
 * goes to the payment page (Stripe Checkout, or the local checkout without a Stripe key).
 */
import { useCallback, useState } from 'react';
import { PaymentRefusal } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { showErrorToast } from '../../../ui/notify';
import { createCheckoutSession, setStsOpposition } from '../api/payments';

export type PaymentDialog = 'billing' | 'privacy' | null;

/**
 * `opposeSts`: the patient's choice about sending the visit's health expense to Sistema Tessera Sanitaria
 * (docs/product.md#invoicing), recorded before the payment page so the health invoice carries it.
 */
export const usePayBooking = (bookingId: number, opposeSts = false) => {
  const [paying, setPaying] = useState(false);
  const [dialog, setDialog] = useState<PaymentDialog>(null);

  const pay = useCallback(async () => {
    setPaying(true);
    setDialog(null);
    try {
      await setStsOpposition(bookingId, opposeSts);
      const session = await createCheckoutSession(bookingId);
      // Stays "in progress" while the browser leaves for the payment page.
      window.location.assign(session.Url);
    } catch (error) {
      setPaying(false);
      const code = isApiError(error) ? error.code : null;
      if (code === PaymentRefusal.billingProfileMissing) setDialog('billing');
      else if (code === PaymentRefusal.privacyContractNotSigned) setDialog('privacy');
      else
        showErrorToast(
          (isApiError(error) && error.status === 422 && error.serverMessage) || errorTexts.cannotLoadData,
          { id: `pay-${bookingId}` },
        );
    }
  }, [bookingId, opposeSts]);

  return { pay, paying, dialog, closeDialog: () => setDialog(null) };
};
