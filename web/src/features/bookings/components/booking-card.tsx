/**
 * The nutritionist's booking card (docs/product.md#bookings): date/time block, status chip, booking id, patient,
 * type, price, discount, amount paid, duration; the patient waiting in the video room, and after a call
 * the prompt to complete it; buttons video call (a BOOKED booking dated today), chat,
 * WhatsApp notice, cancel, edit (date and time) and complete (from the visit's start), each shown only
 * when the state machine allows it and each confirmed first.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  type TitleOrder,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarCog,
  IconChecks,
  IconMessageCircle,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import {
  BookingStatus,
  canCancel,
  canCompleteAt,
  canModifyTime,
  CANCEL_REASON_LABELS,
  type BookingView,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage } from '../action-error';
import { sendUrgentNotice, useBookingMutations } from '../api/nutritionist-bookings';
import { bookingDateParts } from '../booking-time';
import { bookingUiTexts } from '../texts';
import { BookingStatusBadge } from './booking-status-badge';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { ModifyBookingDialog } from './modify-booking-dialog';
import { VideoRoomButton } from '../../../ui/video-room-button';
import classes from './booking-card.module.css';
import dateClasses from './booking-date-block.module.css';

/** One toast for the urgent notices: the latest outcome replaces an earlier one, whichever card sent it. */
const URGENT_NOTICE_TOAST = 'urgent-notice';

type Dialog = 'cancel' | 'modify' | 'complete' | 'whatsapp' | null;

/** Amount paid, in words fitting the status (unpaid, paid, refund owed). */
const paymentLine = (booking: BookingView): { label: string; value: string } => {
  if (booking.Price === 0) return { label: 'Importo pagato', value: 'Gratuito' };
  switch (booking.BookingStatusId) {
    case BookingStatus.WAITINGFORPAYMENT:
      return { label: 'Da pagare', value: formatEuro(booking.TotalPaymentAmount) };
    case BookingStatus.CANCELLED:
      return booking.RefundOwed
        ? { label: 'Importo pagato', value: `${formatEuro(booking.TotalPaymentAmount)} (da rimborsare)` }
        : { label: 'Importo pagato', value: formatEuro(0) };
    default:
      return { label: 'Importo pagato', value: formatEuro(booking.TotalPaymentAmount) };
  }
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={classes.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function BookingCard({
  booking,
  headingOrder = 3,
  withDetailsLink = true,
}: {
  booking: BookingView;
  headingOrder?: TitleOrder;
  /** Link to the booking's own page (left out on that page). */
  withDetailsLink?: boolean;
}) {
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { complete } = useBookingMutations();
  const when = bookingDateParts(booking.BookingTime, booking.Duration);
  const open = canCancel(booking.BookingStatusId);
  const ended = new Date(booking.BookingTime).getTime() + booking.Duration * 60_000 < Date.now();
  const payment = paymentLine(booking);

  const runComplete = async () => {
    try {
      await complete(booking.BookingId);
      showSuccessToast(bookingUiTexts.completed);
    } catch (error) {
      showErrorToast(actionErrorMessage(error));
      throw error;
    }
  };

  const runWhatsApp = async () => {
    try {
      await sendUrgentNotice(booking.PatientUserId);
      showSuccessToast(bookingUiTexts.whatsAppSent, { outcomeOf: URGENT_NOTICE_TOAST });
    } catch (error) {
      const noPhone = isApiError(error) && (error.status === 422 || error.status === 400);
      // The server explains a refusal in Italian (too soon after the last notice, WhatsApp not available).
      const explained = isApiError(error) && error.status !== 401 ? error.serverMessage : null;
      showErrorToast(noPhone ? bookingUiTexts.whatsAppNoPhone : (explained ?? actionErrorMessage(error)), {
        title: bookingUiTexts.whatsAppFailedTitle,
        outcomeOf: URGENT_NOTICE_TOAST,
      });
      throw error;
    }
  };

  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
    >
      <Group align="stretch" wrap="nowrap" gap="md">
        <Box className={dateClasses.dateBlock} data-status={booking.BookingStatusId}>
          <span className={dateClasses.weekday}>{when.weekday}</span>
          <span className={dateClasses.day}>{when.day}</span>
          <span className={dateClasses.month}>
            {when.month} {when.year}
          </span>
          <span className={dateClasses.time}>{when.start}</span>
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={headingOrder} fz="h4" id={headingId}>
            {booking.BookingType.Name}
            <VisuallyHidden>{`, ${when.long} alle ${when.start}`}</VisuallyHidden>
          </Title>
          <div>
            <BookingStatusBadge statusId={booking.BookingStatusId} />
          </div>
          <Text size="sm">
            {when.start}–{when.end} · {booking.Duration} minuti
          </Text>
          <Text size="sm">
            Paziente:{' '}
            <Anchor
              component={Link}
              to={paths.nutritionistArea.patientBookings(booking.PatientUserId)}
              state={{ displayName: booking.Patient.DisplayName }}
              fw={600}
            >
              {booking.Patient.DisplayName || 'Paziente'}
            </Anchor>
          </Text>
          {booking.VideoPresence?.PatientWaiting && open ? (
            <Badge
              color="apricot"
              variant="filled"
              size="lg"
              leftSection={<IconVideo size={14} aria-hidden />}
              role="status"
              className={classes.waiting}
            >
              Il paziente è in sala d’attesa
            </Badge>
          ) : null}
          {booking.VideoPresence?.CallHeld && canCompleteAt(booking, new Date()) ? (
            <Text size="sm" c="leaf.8" fw={600}>
              Videochiamata svolta: se la visita è conclusa, completala.
            </Text>
          ) : open && ended ? (
            <Text size="sm" c="apricot.9" fw={600}>
              Appuntamento passato: completalo o annullalo.
            </Text>
          ) : null}
        </Stack>
      </Group>

      <dl className={classes.details}>
        <Detail label="N. appuntamento">{booking.BookingId}</Detail>
        <Detail label="Durata">{booking.Duration} minuti</Detail>
        <Detail label="Prezzo">{booking.Price > 0 ? formatEuro(booking.Price) : 'Gratuito'}</Detail>
        <Detail label="Sconto">{formatEuro(booking.Discount)}</Detail>
        <Detail label={payment.label}>{payment.value}</Detail>
        {booking.CancelReasonId ? (
          <Detail label="Motivo annullamento">{CANCEL_REASON_LABELS[booking.CancelReasonId]}</Detail>
        ) : null}
      </dl>

      <div className={classes.actions}>
        <VideoRoomButton
          booking={booking}
          role="Nutritionist"
          size="sm"
          label="Videochiamata"
          aria-label={`Videochiamata con ${booking.Patient.DisplayName || 'il paziente'}`}
        />
        <Button
          component={Link}
          to={paths.chat({ UserId: booking.PatientUserId })}
          variant="default"
          size="sm"
          leftSection={<IconMessageCircle size={16} aria-hidden />}
          aria-label={`Chat con ${booking.Patient.DisplayName || 'il paziente'}`}
        >
          Chat
        </Button>
        {open ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
            onClick={() => setDialog('whatsapp')}
            aria-label="WhatsApp: avviso urgente al paziente"
          >
            WhatsApp
          </Button>
        ) : null}
        {canModifyTime(booking.BookingStatusId) ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCalendarCog size={16} aria-hidden />}
            onClick={() => setDialog('modify')}
            aria-label="Modifica data e ora"
          >
            Modifica
          </Button>
        ) : null}
        {/* Not offered before the visit's start: the server refuses it too. */}
        {canCompleteAt(booking, new Date()) ? (
          <Button
            // After the call it is the next step: the stronger button.
            variant={booking.VideoPresence?.CallHeld ? 'filled' : 'light'}
            size="sm"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={() => setDialog('complete')}
          >
            Completa
          </Button>
        ) : null}
        {open ? (
          <Button
            variant="light"
            color="red"
            size="sm"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setDialog('cancel')}
          >
            Annulla
          </Button>
        ) : null}
      </div>
      {withDetailsLink ? (
        <Group justify="flex-end" mt="xs">
          <Anchor
            component={Link}
            to={paths.nutritionistArea.booking(String(booking.BookingId))}
            size="sm"
            aria-label={`Dettagli dell’appuntamento n. ${booking.BookingId}`}
          >
            Dettagli
          </Anchor>
        </Group>
      ) : null}

      <CancelBookingDialog booking={booking} opened={dialog === 'cancel'} onClose={() => setDialog(null)} />
      <ModifyBookingDialog booking={booking} opened={dialog === 'modify'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === 'complete'}
        onClose={() => setDialog(null)}
        title="Completa appuntamento"
        message={bookingUiTexts.confirmComplete}
        confirmLabel="Sì, completa"
        onConfirm={runComplete}
      />
      <ConfirmDialog
        opened={dialog === 'whatsapp'}
        onClose={() => setDialog(null)}
        title="Avviso urgente su WhatsApp"
        message={bookingUiTexts.confirmWhatsApp}
        confirmLabel="Sì, invia"
        onConfirm={runWhatsApp}
        // The refusals (no phone number, a notice sent moments ago) do not go away by trying again.
        closeOnFailure
      />
    </Paper>
  );
}
