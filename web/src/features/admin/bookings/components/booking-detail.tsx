/**
 * One booking in the back office (docs/product.md#back-office-bookings): what it is, its history newest
 * first (who, when, why; mails with their delivery status) and the back office's actions. Each action
 * opens a dialog that asks for the reason and a confirmation; the answer is the booking's new detail, so
 * the history shows the action at once.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BOOKING_STATUS_LABELS,
  BookingStatus,
  CANCEL_REASON_LABELS,
  adminBookingTexts,
  bookingHistoryActorLabels,
  bookingHistoryKindLabels,
  cancelReasonsFor,
  emailEventLabels,
  inRome,
  type AdminBookingDetail,
  type BookingHistoryEventView,
  type BookingStatusId,
  type EmailEvent,
} from '@nutri/shared';
import { isApiError, isNetworkError } from '../../../../api/api-error';
import { errorTexts } from '../../../../lib/shared-values';
import { showErrorToast, showSuccessToast } from '../../../../ui/notify';
import { BookingStatusBadge } from '../../../bookings';
import { runAdminBookingAction, useAdminBooking, type AdminBookingAction } from '../api/admin-bookings';

const when = (iso: string) => inRome(iso).format('DD/MM/YYYY HH:mm');
const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** What an event's details say, in words. */
const eventLine = (event: BookingHistoryEventView) => {
  const d = event.Details;
  switch (event.Kind) {
    case 'moved':
      return `Da ${when(String(d.From))} a ${when(String(d.To))}`;
    case 'cancelled':
    case 'expired':
      return [
        typeof d.Status === 'number' ? `Stato: ${BOOKING_STATUS_LABELS[d.Status as BookingStatusId]}` : null,
        d.RefundOwed ? 'rimborso dovuto' : null,
      ]
        .filter(Boolean)
        .join(', ');
    case 'paid':
    case 'late-payment':
    case 'payment-link':
      return typeof d.Amount === 'number' ? euro(d.Amount) : '';
    case 'refund':
      return `${typeof d.Amount === 'number' ? euro(d.Amount) : ''} · ${
        d.State === 'succeeded' ? 'confermato' : d.State === 'failed' ? 'non riuscito' : 'in corso'
      }`;
    case 'reminder':
      return d.Reminder === 'appointment'
        ? 'Promemoria dell’appuntamento'
        : d.Reminder === 'payment-urgent'
          ? 'Promemoria urgente di pagamento'
          : 'Promemoria di pagamento';
    case 'mail':
      return `A ${d.Recipient === 'nutritionist' ? 'nutrizionista' : 'paziente'} · ${
        typeof d.LastEvent === 'string' ? emailEventLabels[d.LastEvent as EmailEvent] : 'in invio'
      }`;
    case 'video-entered':
    case 'video-left':
      return d.Party === 'Nutritionist' ? 'Nutrizionista' : 'Paziente';
    default:
      return '';
  }
};

const actorOf = (event: BookingHistoryEventView) =>
  event.ActorRole === 'System'
    ? 'Sistema'
    : `${bookingHistoryActorLabels[event.ActorRole]}${event.ActorName ? `: ${event.ActorName}` : ''}`;

type DialogKind = AdminBookingAction['kind'];

/** The audit trail's action codes, as the register shows them. */
const AUDIT_ACTION_LABELS: Record<string, string> = {
  'booking.cancel': 'Annullamento',
  'booking.move': 'Spostamento',
  'booking.complete': 'Segnato come completato',
  'booking.payment-link': 'Link di pagamento inviato',
};
const DIALOG_TITLES: Record<DialogKind, string> = {
  Cancel: 'Annulla l’appuntamento',
  Move: 'Sposta l’appuntamento',
  Complete: 'Segna come completato',
  SendPaymentLink: 'Invia di nuovo il link di pagamento',
};
const DONE: Record<DialogKind, string> = {
  Cancel: adminBookingTexts.cancelled,
  Move: adminBookingTexts.moved,
  Complete: adminBookingTexts.completed,
  SendPaymentLink: adminBookingTexts.paymentLinkSent,
};

function ActionDialog({
  kind,
  detail,
  onClose,
  onDone,
}: {
  kind: DialogKind | null;
  detail: AdminBookingDetail;
  onClose: () => void;
  onDone: (detail: AdminBookingDetail) => void;
}) {
  const booking = detail.Booking;
  const [reason, setReason] = useState('');
  const [cancelReason, setCancelReason] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const close = () => {
    setReason('');
    setCancelReason(null);
    setTime('');
    setConfirming(false);
    setErrors({});
    onClose();
  };
  if (!kind) return null;
  const action = (): AdminBookingAction => {
    switch (kind) {
      case 'Cancel':
        return { kind, CancelReasonId: Number(cancelReason ?? 0), Reason: reason };
      case 'Move':
        return { kind, BookingTime: time, Reason: reason };
      default:
        return { kind, Reason: reason };
    }
  };
  const run = async () => {
    setRunning(true);
    try {
      const updated = await runAdminBookingAction(booking.BookingId, action());
      showSuccessToast(DONE[kind]);
      onDone(updated);
      close();
    } catch (error) {
      setConfirming(false);
      if (isApiError(error)) setErrors(error.fieldErrors);
      showErrorToast(
        isNetworkError(error)
          ? errorTexts.connectionProblem
          : ((isApiError(error) ? error.serverMessage : null) ?? errorTexts.cannotSaveData),
      );
    } finally {
      setRunning(false);
    }
  };
  const first = (field: string) => errors[field]?.[0];
  return (
    <Modal
      opened
      onClose={() => (running ? undefined : close())}
      title={DIALOG_TITLES[kind]}
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Appuntamento n. {booking.BookingId} di {booking.Patient.DisplayName} con{' '}
          {booking.Nutritionist.DisplayName}, {when(booking.BookingTime)}.
        </Text>
        {kind === 'Cancel' ? (
          <Select
            label="Motivo dell’annullamento"
            data={cancelReasonsFor(booking.BookingTypeId).map((id) => ({
              value: String(id),
              label: CANCEL_REASON_LABELS[id],
            }))}
            value={cancelReason}
            onChange={setCancelReason}
            error={first('CancelReasonId') ?? first('cancelReasonId')}
            required
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {kind === 'Move' ? (
          <TextInput
            type="datetime-local"
            step={300}
            label="Nuova data e ora (ora italiana)"
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            error={first('BookingTime')}
            required
          />
        ) : null}
        <Textarea
          label="Motivo (resta nello storico e nel registro)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={first('Reason')}
          autosize
          minRows={2}
          maxLength={500}
          required
        />
        {confirming ? (
          <Alert color="apricot" title="Confermi?">
            {kind === 'Cancel' && booking.PaidAt
              ? 'Se mancano almeno 2 giorni il paziente riceve il rimborso completo; altrimenti l’appuntamento resta pagato.'
              : 'L’operazione viene registrata con il tuo nome e il motivo.'}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            Chiudi
          </Button>
          {confirming ? (
            <Button
              color={kind === 'Cancel' ? 'red.9' : undefined}
              onClick={() => void run()}
              loading={running}
            >
              Sì, conferma
            </Button>
          ) : (
            <Button onClick={() => setConfirming(true)}>Continua</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

export function BookingDetailDrawer({
  bookingId,
  onClose,
}: {
  bookingId: number | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const detail = useAdminBooking(bookingId);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const data = detail.data;
  const booking = data?.Booking;
  const status = booking?.BookingStatusId;
  const canChange = status === BookingStatus.BOOKED || status === BookingStatus.WAITINGFORPAYMENT;
  return (
    <Drawer
      opened={bookingId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={
        <Title order={2} fz="h3">
          Appuntamento n. {bookingId}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Chiudi il dettaglio' }}
    >
      {!data ? (
        <Stack aria-busy="true">
          <Skeleton height={80} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Stack gap={4}>
            <Group gap="xs">
              <BookingStatusBadge statusId={data.Booking.BookingStatusId} />
              <Badge variant="outline" color="gray" c="gray.9" style={{ textTransform: 'none' }}>
                {data.Booking.BookingType.Name}
              </Badge>
            </Group>
            <Text fw={600}>{when(data.Booking.BookingTime)}</Text>
            <Text size="sm">
              Paziente: {data.Booking.Patient.DisplayName} · Nutrizionista:{' '}
              {data.Booking.Nutritionist.DisplayName}
            </Text>
            <Text size="sm">
              Importo {euro(data.Booking.TotalPaymentAmount)}
              {data.Booking.PaidAt ? ` · pagato il ${when(data.Booking.PaidAt)}` : ''}
              {data.Booking.RefundState ? ` · rimborso ${data.Booking.RefundState}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="sm"
              variant="outline"
              color="red.9"
              disabled={!canChange}
              onClick={() => setDialog('Cancel')}
            >
              Annulla
            </Button>
            <Button size="sm" variant="outline" disabled={!canChange} onClick={() => setDialog('Move')}>
              Sposta
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={status !== BookingStatus.BOOKED}
              onClick={() => setDialog('Complete')}
            >
              Completa
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={status !== BookingStatus.WAITINGFORPAYMENT}
              onClick={() => setDialog('SendPaymentLink')}
            >
              Invia link di pagamento
            </Button>
          </Group>
          <section aria-labelledby="booking-history-title">
            <Title order={3} fz="h4" id="booking-history-title" mb="sm">
              Storico
            </Title>
            <Timeline bulletSize={14} lineWidth={2}>
              {data.History.map((event) => (
                <Timeline.Item key={event.EventId} title={bookingHistoryKindLabels[event.Kind]}>
                  <Text size="sm">{eventLine(event)}</Text>
                  {event.Reason ? <Text size="sm">Motivo: {event.Reason}</Text> : null}
                  <Text size="xs" c="dimmed">
                    {when(event.At)} · {actorOf(event)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </section>
          {data.Audit.length ? (
            <section aria-labelledby="booking-audit-title">
              <Title order={3} fz="h4" id="booking-audit-title" mb="sm">
                Registro delle operazioni
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.Audit.map((entry) => (
                  <Text component="li" size="sm" key={entry.AuditId}>
                    {when(entry.At)} · {entry.ActorName ?? entry.ActorUserId} ·{' '}
                    {AUDIT_ACTION_LABELS[entry.Action] ?? entry.Action}
                    {' · '}
                    {entry.Reason}
                  </Text>
                ))}
              </Stack>
            </section>
          ) : null}
          <ActionDialog
            kind={dialog}
            detail={data}
            onClose={() => setDialog(null)}
            onDone={(updated) => void detail.mutate(updated, { revalidate: false })}
          />
        </Stack>
      )}
    </Drawer>
  );
}
