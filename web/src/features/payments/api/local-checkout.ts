/**
 * The local Stripe stand-in's payment page calls (infra/local/local-stripe.ts): GET and POST
 * /dev/stripe/checkout/{SessionId}[/pay]. They exist only in the local runtime (outside /api/v2, so not
 * through the API client), as Stripe's hosted page exists only at Stripe.
 */
import useSWR from 'swr';
import type { LocalCheckoutResult, LocalCheckoutView } from '@nutri/shared';
import { NetworkError, apiErrorFromResponse } from '../../../api/api-error';

const checkoutUrl = (sessionId: string) => `/dev/stripe/checkout/${encodeURIComponent(sessionId)}`;

const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError(method, url, error);
  }
  if (!response.ok) throw await apiErrorFromResponse(method, url, response);
  return (await response.json()) as T;
};

export const useLocalCheckout = (sessionId: string | null) =>
  useSWR<LocalCheckoutView>(sessionId ? checkoutUrl(sessionId) : null, (url: string) =>
    call<LocalCheckoutView>('GET', url),
  );

export const payLocalCheckout = (sessionId: string, cardNumber: string) =>
  call<LocalCheckoutResult>('POST', `${checkoutUrl(sessionId)}/pay`, { CardNumber: cardNumber });
