/**
 * `/Patients/Checkout?session_id=…`: the local stand-in for the card payment provider's page (local
 * runtime, no Stripe key). It shows what is being paid and a card form that knows Stripe's test cards
 * (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined); paying makes the server send a signed
 * payment event to the product's webhook, then the browser goes to the success page as after Stripe.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconLock } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { appointmentText } from '../../bookings';
import { payLocalCheckout, useLocalCheckout } from '../api/payments';

/** Groups the digits by four as they are typed (what card forms do), at most 19 digits. */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function LocalCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const checkout = useLocalCheckout(sessionId);
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sessionId || paying) return;
    setError(null);
    setPaying(true);
    try {
      const result = await payLocalCheckout(sessionId, cardNumber);
      // Stays "in progress" while the browser leaves for the success page.
      window.location.assign(result.RedirectUrl);
    } catch (failure) {
      setPaying(false);
      setError(
        (isApiError(failure) && failure.status < 500 && failure.serverMessage) || errorTexts.cannotLoadData,
      );
    }
  };

  const notFound = !sessionId || isApiError(checkout.error, 404) || isApiError(checkout.error, 400);
  const view = checkout.data;

  return (
    <Page title="Pagamento" documentTitle="Pagamento con carta" head={{ noIndex: true }} size="xs">
      {notFound ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Sessione non trovata">
          Questa sessione di pagamento non esiste o non è tua. Torna all’appuntamento e premi di nuovo “Paga”.
        </Alert>
      ) : checkout.error && !view ? (
        <LoadError onRetry={() => void checkout.mutate()} />
      ) : !view ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" aria-hidden />
          <Text>Carichiamo il pagamento…</Text>
        </Group>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {view.BookingTime
                  ? `Visita nutrizionale · ${appointmentText(view.BookingTime)}`
                  : 'Pagamento di prova (nessun appuntamento, rimborsato subito)'}
              </Text>
              <Title order={2} fz="h2">
                {formatEuro(view.AmountTotal)}
              </Title>
            </Stack>
            {view.Status !== 'open' ? (
              <Alert color="apricot" icon={<IconAlertTriangle aria-hidden />}>
                {view.Status === 'complete'
                  ? 'Questa sessione è già stata pagata.'
                  : view.BookingTime
                    ? 'Questa sessione di pagamento è scaduta. Torna all’appuntamento e premi di nuovo “Paga”.'
                    : 'Questa sessione di pagamento è scaduta. Torna indietro e avvia un nuovo pagamento di prova.'}
              </Alert>
            ) : (
              <form onSubmit={(event) => void submit(event)} noValidate>
                <Stack gap="md">
                  <TextInput
                    label="Numero della carta"
                    description="Ambiente di prova: 4242 4242 4242 4242 va a buon fine, 4000 0000 0000 0002 viene rifiutata."
                    placeholder="1234 1234 1234 1234"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    required
                    value={cardNumber}
                    onChange={(event) => setCardNumber(formatCardNumber(event.currentTarget.value))}
                    leftSection={<IconCreditCard size={18} aria-hidden />}
                    error={error}
                    size="md"
                  />
                  <Button
                    type="submit"
                    size="md"
                    color="apricot"
                    loading={paying}
                    leftSection={<IconLock size={18} aria-hidden />}
                  >
                    Paga {formatEuro(view.AmountTotal)}
                  </Button>
                </Stack>
              </form>
            )}
            <Anchor href={view.CancelUrl} size="sm">
              {view.BookingTime ? 'Annulla e torna all’appuntamento' : 'Annulla e torna indietro'}
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
