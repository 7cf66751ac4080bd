/**
 * `/Patients/TestPayment`: the payment test page (docs/product.md#screens, Patient role). The patient checks that a
 * card payment goes through, touching no appointment: a real Checkout session of 1 EUR through the same
 * gateway as visits (the local checkout page locally, Stripe in the cloud), back here with `session_id`,
 * where the result is read from the server (which asks the gateway). A paid test is refunded in full at
 * once; the page follows the refund until it is confirmed (for at most a minute).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCreditCard, IconHourglassEmpty } from '@tabler/icons-react';
import { TEST_PAYMENT_AMOUNT_CENTS, type TestPaymentView } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { createTestPayment, useTestPayment } from '../api/payments';

const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

const GATEWAY_TEXT: Record<TestPaymentView['Gateway'], string> = {
  stripe: 'Stripe',
  local: 'la pagina di pagamento locale (ambiente di sviluppo)',
};

const REFUND_TEXT: Record<NonNullable<TestPaymentView['RefundState']>, string> = {
  pending: 'Rimborso completo in corso.',
  succeeded: 'Rimborso completo effettuato sulla carta usata.',
  failed: 'Il rimborso non è andato a buon fine: il supporto ti contatterà.',
};

function StartTestPayment({ again }: { again: boolean }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const session = await createTestPayment();
      // Stays "in progress" while the browser leaves for the payment page.
      window.location.assign(session.Url);
    } catch (failure) {
      setStarting(false);
      setError(
        (isApiError(failure) && failure.status < 500 && failure.serverMessage) || errorTexts.cannotLoadData,
      );
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      {error ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} w="100%">
          {error}
        </Alert>
      ) : null}
      <Button
        size="md"
        color="apricot"
        loading={starting}
        leftSection={<IconCreditCard size={18} aria-hidden />}
        onClick={() => void start()}
      >
        {again ? 'Nuovo pagamento di prova' : `Paga ${formatEuro(TEST_PAYMENT_AMOUNT_CENTS)} di prova`}
      </Button>
    </Stack>
  );
}

function TestPaymentResult({ sessionId }: { sessionId: string }) {
  const [polling, setPolling] = useState(true);
  const result = useTestPayment(sessionId, polling ? POLL_MS : 0);
  const view = result.data;
  const settled =
    view !== undefined && (!view.Paid || view.RefundState === 'succeeded' || view.RefundState === 'failed');

  useEffect(() => {
    if (settled) setPolling(false);
  }, [settled]);
  useEffect(() => {
    const timer = window.setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (isApiError(result.error, 404) || isApiError(result.error, 400))
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Pagamento di prova non trovato">
          Questo pagamento di prova non esiste o non è tuo.
        </Alert>
        <StartTestPayment again />
      </Stack>
    );
  if (result.error && !view) return <LoadError onRetry={() => void result.mutate()} />;
  if (!view)
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" aria-hidden />
        <Text>Verifichiamo il pagamento di prova…</Text>
      </Group>
    );

  return (
    <Stack gap="md" align="flex-start" aria-live="polite">
      {view.Paid ? (
        <>
          <ThemeIcon size={48} radius="xl" color="leaf" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            Pagamento di prova riuscito
          </Title>
          <Text>
            Addebitati {formatEuro(view.AmountTotal)} con {GATEWAY_TEXT[view.Gateway]}: il pagamento con carta
            funziona.
          </Text>
          <Group gap="xs">
            <Text fw={600}>
              {view.RefundState ? REFUND_TEXT[view.RefundState] : 'Rimborso in preparazione.'}
            </Text>
            {polling && view.RefundState !== 'succeeded' ? (
              <Loader size="xs" aria-label="Verifica del rimborso in corso" />
            ) : null}
          </Group>
        </>
      ) : (
        <>
          <ThemeIcon size={48} radius="xl" color="apricot" variant="light" aria-hidden>
            <IconHourglassEmpty size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {view.Status === 'expired'
              ? 'La sessione di pagamento è scaduta'
              : 'Il pagamento di prova non è stato completato'}
          </Title>
          <Text>Non ti è stato addebitato nulla. Puoi riprovare quando vuoi.</Text>
        </>
      )}
      <Text size="sm" c="dimmed">
        Codice della sessione: {view.SessionId}
      </Text>
      <StartTestPayment again />
    </Stack>
  );
}

export function TestPaymentPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return (
    <Page
      title="Pagamento di prova"
      description="Verifica che il pagamento con carta funzioni prima di pagare una visita."
      head={{ noIndex: true }}
      size="sm"
    >
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {sessionId ? (
          <TestPaymentResult sessionId={sessionId} />
        ) : (
          <Stack gap="md">
            <Text>
              Paghi {formatEuro(TEST_PAYMENT_AMOUNT_CENTS)} sulla stessa pagina di pagamento delle visite e ti
              rimborsiamo subito l’intero importo. Nessun appuntamento viene creato o modificato.
            </Text>
            <StartTestPayment again={false} />
          </Stack>
        )}
      </Paper>
    </Page>
  );
}
