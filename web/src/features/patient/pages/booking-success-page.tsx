/**
 * `/Patients/Agenda/{BookingId}/Success`: where the card payment provider sends the patient back after
 * paying. The confirmation arrives from the provider's webhook, possibly a few seconds later: until the
 * booking is confirmed the page checks again every few seconds (for at most a minute), then says the
 * e-mail will follow. With the provider's `session_id` it also asks the server to confirm the payment
 * from the session itself right away (idempotent), so a late webhook does not keep the patient waiting.
 * docs/product.md#states: 'Pagamento ricevuto, appuntamento del {date} è confermato!'.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { BookingStatus } from '@nutri/shared';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { fulfilCheckoutSession } from '../../payments';
import { BookingStatusBadge } from '../../bookings';
import { appointmentShortText } from '../../bookings';
import { BookingNotFound } from '../components/booking-page-parts';
import { useRouteBooking } from './use-route-booking';

const POLL_MS = 3000;
const POLL_FOR_MS = 60_000;

export const paymentConfirmedText = (bookingTime: string) =>
  `Pagamento ricevuto, appuntamento del ${appointmentShortText(bookingTime)} è confermato!`;

export function BookingSuccessPage() {
  const [polling, setPolling] = useState(true);
  const { bookingId, valid, booking, notFound } = useRouteBooking(polling ? POLL_MS : 0);
  const status = booking.data?.BookingStatusId;
  const waiting = status === BookingStatus.WAITINGFORPAYMENT;
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { mutate } = booking;

  useEffect(() => {
    if (!valid || !sessionId) return;
    // Best effort: on failure the polling below still picks up the webhook's confirmation.
    fulfilCheckoutSession(bookingId, sessionId)
      .then(() => mutate())
      .catch(() => undefined);
  }, [valid, bookingId, sessionId, mutate]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);
  useEffect(() => {
    if (status !== undefined && !waiting) setPolling(false);
  }, [status, waiting]);

  const detail = paths.patients.booking(bookingId);

  return (
    <Page title="Pagamento" documentTitle="Pagamento completato" head={{ noIndex: true }} size="sm">
      {notFound ? (
        <BookingNotFound />
      ) : booking.error && !booking.data ? (
        <LoadError onRetry={() => booking.mutate()} />
      ) : !booking.data ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" aria-hidden />
          <Text>Verifichiamo il pagamento…</Text>
        </Group>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" align="flex-start" aria-live="polite">
            {status === BookingStatus.BOOKED || status === BookingStatus.COMPLETE ? (
              <>
                <ThemeIcon size={48} radius="xl" color="leaf" aria-hidden>
                  <IconCircleCheck size={30} />
                </ThemeIcon>
                <Title order={2} fz="h3">
                  {paymentConfirmedText(booking.data.BookingTime)}
                </Title>
                <Text>Ti abbiamo inviato la conferma via e-mail. Ci vediamo in videochiamata.</Text>
              </>
            ) : waiting ? (
              <>
                <ThemeIcon size={48} radius="xl" color="apricot" variant="light" aria-hidden>
                  <IconClockHour4 size={30} />
                </ThemeIcon>
                <Title order={2} fz="h3">
                  {polling
                    ? 'Stiamo registrando il pagamento…'
                    : 'Il pagamento non risulta ancora registrato'}
                </Title>
                <Text>
                  {polling
                    ? 'Di solito bastano pochi secondi: la pagina si aggiorna da sola.'
                    : 'Se hai pagato, riceverai un’e-mail di conferma appena arriva la notifica della banca. Puoi controllare lo stato nella pagina dell’appuntamento.'}
                </Text>
                {polling ? <Loader size="sm" aria-label="Verifica in corso" /> : null}
              </>
            ) : booking.data.PaidAt && booking.data.RefundOwed ? (
              // Paid after the booking was cancelled or had expired: not applied, refunded in full.
              <>
                <Title order={2} fz="h3">
                  Il pagamento è arrivato dopo l’annullamento dell’appuntamento
                </Title>
                <Text>
                  Non ti addebitiamo nulla: ti rimborsiamo l’intero importo sulla carta che hai usato. Per
                  fissare un nuovo appuntamento scrivi in chat al tuo nutrizionista.
                </Text>
              </>
            ) : (
              <>
                <Title order={2} fz="h3">
                  Stato dell’appuntamento
                </Title>
                <BookingStatusBadge statusId={booking.data.BookingStatusId} />
              </>
            )}
            <Button component={Link} to={detail} variant={waiting ? 'default' : 'filled'}>
              Vai all’appuntamento
            </Button>
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
