/**
 * Cancel a booking with a reason (docs/product.md#data and #validation): the reasons its type allows ('patient absent'
 * only for free meetings), what the cancellation will mean (refund, fee, intro no longer bookable), then
 * the confirmation before anything is sent.
 */
import { useState } from 'react';
import { Alert, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  BookingStatus,
  BookingType,
  CANCEL_REASON_LABELS,
  CancelReason,
  FREE_CHANGE_DEADLINE_DAYS,
  cancelReasonsFor,
  isFreeChangeAllowed,
  type BookingView,
  type CancelReasonId,
} from '@nutri/shared';
import { errorTexts } from '../../../lib/shared-values';
import { DialogActions, DialogFrame } from '../../../ui/form-dialog';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage } from '../action-error';
import { useBookingMutations } from '../api/nutritionist-bookings';
import { formatBookingLong } from '../booking-time';
import { bookingUiTexts } from '../texts';

/** What cancelling now does, in words (the server decides; this mirrors the shared rules). */
const consequences = (booking: BookingView, reason: CancelReasonId | null, now: Date): string[] => {
  const inTime = isFreeChangeAllowed(new Date(booking.BookingTime), now);
  const paid = booking.BookingStatusId === BookingStatus.BOOKED && booking.TotalPaymentAmount > 0;
  const notes: string[] = [];
  if (paid) {
    notes.push(
      inTime
        ? 'Il paziente ha già pagato: riceverà il rimborso completo.'
        : `Mancano meno di ${FREE_CHANGE_DEADLINE_DAYS} giorni: l’appuntamento risulterà annullato e pagato (conta come svolto, senza rimborso).`,
    );
  }
  if (
    booking.BookingTypeId === BookingType.FREE &&
    !inTime &&
    (reason === CancelReason.PATIENT_CHOICE || reason === CancelReason.PATIENT_ABSENT)
  ) {
    notes.push('Il paziente non potrà più prenotare da solo un incontro conoscitivo.');
  }
  return notes;
};

export function CancelBookingDialog({
  booking,
  opened,
  onClose,
}: {
  booking: BookingView;
  opened: boolean;
  onClose: () => void;
}) {
  const { cancel } = useBookingMutations();
  const [reason, setReason] = useState<CancelReasonId | null>(null);
  const [step, setStep] = useState<'reason' | 'confirm'>('reason');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    if (sending) return;
    setReason(null);
    setStep('reason');
    setReasonError(null);
    onClose();
  };

  const next = () => {
    if (!reason) {
      setReasonError(bookingUiTexts.reasonRequired);
      return;
    }
    setStep('confirm');
  };

  const confirm = async () => {
    if (!reason) return;
    setSending(true);
    try {
      await cancel(booking.BookingId, reason);
      showSuccessToast(bookingUiTexts.cancelled);
      setSending(false);
      setReason(null);
      setStep('reason');
      onClose();
    } catch (error) {
      showErrorToast(actionErrorMessage(error, errorTexts.operationFailed));
      setSending(false);
      setStep('reason');
    }
  };

  const notes = consequences(booking, reason, new Date());

  return (
    <DialogFrame opened={opened} onClose={close} title="Annulla appuntamento" busy={sending}>
      {step === 'reason' ? (
        <Stack gap="md">
          <Text size="sm">
            {booking.BookingType.Name} con {booking.Patient.DisplayName},{' '}
            {formatBookingLong(booking.BookingTime)}.
          </Text>
          <Radio.Group
            label="Motivo dell’annullamento"
            value={reason ? String(reason) : null}
            onChange={(value) => {
              setReason(Number(value) as CancelReasonId);
              setReasonError(null);
            }}
            error={reasonError}
          >
            <Stack gap="xs" mt="xs">
              {cancelReasonsFor(booking.BookingTypeId).map((id) => (
                <Radio key={id} value={String(id)} label={CANCEL_REASON_LABELS[id]} />
              ))}
            </Stack>
          </Radio.Group>
          {notes.length ? (
            <Alert variant="light" color="apricot" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Stack gap={4}>
                {notes.map((note) => (
                  <Text key={note} size="sm">
                    {note}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          <DialogActions
            onCancel={close}
            cancelLabel="Indietro"
            confirmLabel="Annulla l’appuntamento"
            onConfirm={next}
            confirmColor="red.9"
          />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{bookingUiTexts.confirmCancel}</Text>
          <Text size="sm" c="dimmed">
            Motivo: {reason ? CANCEL_REASON_LABELS[reason] : ''}
          </Text>
          <DialogActions
            onCancel={() => setStep('reason')}
            cancelLabel="No, torna indietro"
            confirmLabel="Sì, annulla"
            onConfirm={confirm}
            confirmColor="red.9"
            busy={sending}
          />
        </Stack>
      )}
    </DialogFrame>
  );
}
