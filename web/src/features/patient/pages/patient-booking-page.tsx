/**
 * `/Patients/Agenda/{BookingId}`: one of the patient's bookings (docs/product.md#screens and #states): date and time in
 * Europe/Rome, type, duration, price and status; the pay button and deadline while it awaits payment; the
 * video call for a BOOKED visit; cancelling the introductory visit; the review of a completed visit.
 * Another patient's booking is answered 404 by the server and reads here as not found.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconStar, IconVideo } from '@tabler/icons-react';
import { BookingStatus, type BookingView } from '@nutri/shared';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { appointmentText, bookingDateParts, BookingStatusBadge } from '../../bookings';
import { useVisitReview } from '../api/visit-reviews';
import {
  canPatientCancel,
  changeRuleText,
  isPaidUpcomingVisit,
  isVideoDay,
  paymentDeadlineText,
} from '../booking-rules';
import { BackToAgenda, BookingNotFound } from '../components/booking-page-parts';
import { useRouteBooking } from './use-route-booking';
import { CancelIntroVisitButton } from '../components/cancel-intro-visit';
import { PayBookingButton } from '../components/pay-booking-button';
import { BookingPaymentSection } from '../../payments';
import { VideoRoomButton } from '../../../ui/video-room-button';
import classes from '../components/patient-booking.module.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Facts({ booking }: { booking: BookingView }) {
  const when = bookingDateParts(booking.BookingTime, booking.Duration);
  const awaitingPayment = booking.BookingStatusId === BookingStatus.WAITINGFORPAYMENT;
  const discounted = booking.Discount > 0;
  const facts: [string, string][] = [
    ['Data', when.long],
    ['Orario', `${when.start}–${when.end}`],
    ['Durata', `${booking.Duration} minuti`],
    ['Nutrizionista', booking.Nutritionist.DisplayName],
    ['Prezzo', booking.Price > 0 ? formatEuro(booking.Price) : 'Gratuito'],
    // With a discount the amount differs from the price: both show, with what was taken off.
    ...(discounted
      ? ([
          ['Sconto', formatEuro(booking.Discount)],
          [awaitingPayment ? 'Da pagare' : 'Importo', formatEuro(booking.TotalPaymentAmount)],
        ] as [string, string][])
      : []),
    ['Codice appuntamento', `n. ${booking.BookingId}`],
  ];
  return (
    <dl className={classes.facts}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewLink({ booking }: { booking: BookingView }) {
  const review = useVisitReview(String(booking.BookingId), true);
  if (review.data === undefined && !review.error) return <Skeleton height={36} width={220} />;
  return (
    <Button
      component={Link}
      to={paths.patients.bookingReview(String(booking.BookingId))}
      variant={review.data ? 'default' : 'filled'}
      leftSection={<IconStar size={18} aria-hidden />}
    >
      {review.data ? 'Vedi la tua recensione' : 'Lascia una recensione'}
    </Button>
  );
}

function BookingDetail({ booking }: { booking: BookingView }) {
  const start = bookingDateParts(booking.BookingTime, booking.Duration).start;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" mb="md" gap="xs">
          <Title order={2} fz="h4">
            Dettagli
          </Title>
          <BookingStatusBadge statusId={booking.BookingStatusId} />
        </Group>
        <Facts booking={booking} />
      </Paper>

      <BookingPaymentSection booking={booking} />

      {booking.BookingStatusId === BookingStatus.WAITINGFORPAYMENT ? (
        <Section id="payment" title="Pagamento">
          <Stack gap="sm">
            <Text>
              <strong>{paymentDeadlineText(booking.BookingTime)}</strong>: senza pagamento l’appuntamento non
              è confermato e viene annullato.
            </Text>
            <PayBookingButton booking={booking} />
          </Stack>
        </Section>
      ) : null}

      {booking.BookingStatusId === BookingStatus.BOOKED ? (
        <Section id="video" title="Videochiamata">
          <Stack gap="sm" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconVideo
                size={22}
                aria-hidden
                color="var(--mantine-color-leaf-7)"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text>
                {isVideoDay(booking)
                  ? `L’appuntamento è oggi alle ${start}: la sala della videochiamata apre 15 minuti prima.`
                  : `L’appuntamento inizia alle ${start}: il giorno della visita il collegamento alla videochiamata compare qui.`}
              </Text>
            </Group>
            <VideoRoomButton booking={booking} role="Patient" label="Entra nella videochiamata" size="md" />
          </Stack>
        </Section>
      ) : null}

      {isPaidUpcomingVisit(booking) ? (
        <Section id="change" title="Spostare o annullare">
          <Stack gap="sm" align="flex-start">
            <Text>{changeRuleText(booking.BookingTime)}</Text>
            <Button
              component={Link}
              to={paths.chat()}
              variant="light"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
            >
              Scrivi in chat
            </Button>
          </Stack>
        </Section>
      ) : null}

      {booking.BookingStatusId === BookingStatus.COMPLETE ? (
        <Section id="review" title="Com’è andata?">
          <Stack gap="sm" align="flex-start">
            <Text>
              La tua opinione aiuta altre persone a scegliere: lascia una recensione di questa visita.
            </Text>
            <ReviewLink booking={booking} />
          </Stack>
        </Section>
      ) : null}

      {booking.BookingStatusId === BookingStatus.CANCELLED ||
      booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE ? (
        <Section id="cancelled" title="Appuntamento annullato">
          <Text>
            {booking.RefundOwed && booking.CancelReasonId === null
              ? // Expired unpaid, then paid late: the payment was not applied (payments, late-payment.ts).
                'L’appuntamento era già scaduto quando è arrivato il pagamento: ti rimborseremo l’intero importo pagato.'
              : booking.RefundOwed
                ? 'L’appuntamento è stato annullato in tempo: ti rimborseremo l’intero importo pagato.'
                : booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE
                  ? 'L’appuntamento è stato annullato meno di 2 giorni prima: la visita è considerata effettuata.'
                  : 'Questo appuntamento è stato annullato.'}
          </Text>
        </Section>
      ) : null}

      <Group gap="md">
        {canPatientCancel(booking) ? <CancelIntroVisitButton booking={booking} /> : null}
        <Button
          component={Link}
          to={paths.chat()}
          variant="subtle"
          leftSection={<IconMessageCircle size={18} aria-hidden />}
        >
          Scrivi al tuo nutrizionista
        </Button>
      </Group>
    </Stack>
  );
}

export function PatientBookingPage() {
  const { booking, notFound } = useRouteBooking();
  const data = booking.data;

  return (
    <Page
      title={data ? data.BookingType.Name : 'Il tuo appuntamento'}
      documentTitle="Appuntamento"
      description={data ? appointmentText(data.BookingTime) : undefined}
      head={{ noIndex: true }}
      size="md"
    >
      <BackToAgenda />
      {notFound ? (
        <BookingNotFound />
      ) : booking.error ? (
        <LoadError onRetry={() => booking.mutate()} />
      ) : !data ? (
        <Skeleton height={260} radius="lg" aria-busy="true" />
      ) : (
        <BookingDetail booking={data} />
      )}
      {data ? (
        <Text size="sm" c="dimmed" mt="lg">
          Date e orari sono indicati nell’ora italiana.
        </Text>
      ) : null}
    </Page>
  );
}
