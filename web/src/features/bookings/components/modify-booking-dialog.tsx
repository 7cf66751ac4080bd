/**
 * Move a booking to another date and time (docs/product.md#screens and #validation): pick the new time, confirm with the
 * spec's text, then the server moves it in one transaction. A time already taken comes back as 409 with
 * the server's Italian message, shown here so another time can be picked.
 */
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { BookingView } from '@nutri/shared';
import { DialogActions, DialogFrame, ProblemAlert } from '../../../ui/form-dialog';
import { showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage } from '../action-error';
import { useBookingMutations } from '../api/nutritionist-bookings';
import { formatBookingLong, formatLocalDateTime, toLocalDateTime } from '../booking-time';
import { bookingUiTexts } from '../texts';
import { DateTimePicker } from './date-time-picker';

export function ModifyBookingDialog({
  booking,
  opened,
  onClose,
}: {
  booking: BookingView;
  opened: boolean;
  onClose: () => void;
}) {
  const { modifyTime } = useBookingMutations();
  const current = toLocalDateTime(booking.BookingTime);
  const [value, setValue] = useState<string | null>(null);
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const chosen = value ?? current;

  const reset = () => {
    setValue(null);
    setStep('pick');
    setFieldError(undefined);
    setProblem(null);
  };

  const close = () => {
    if (sending) return;
    reset();
    onClose();
  };

  const next = () => {
    if (chosen === current) {
      setFieldError('Scegli una data o un’ora diversa da quella attuale.');
      return;
    }
    setStep('confirm');
  };

  const confirm = async () => {
    setSending(true);
    setProblem(null);
    try {
      await modifyTime(booking.BookingId, chosen);
      showSuccessToast(bookingUiTexts.modified);
      setSending(false);
      reset();
      onClose();
    } catch (error) {
      setProblem(actionErrorMessage(error));
      setSending(false);
      setStep('pick');
    }
  };

  return (
    <DialogFrame opened={opened} onClose={close} title="Modifica data e ora" busy={sending}>
      {step === 'pick' ? (
        <Stack gap="md">
          <Text size="sm">
            {booking.BookingType.Name} con {booking.Patient.DisplayName}, ora fissato per{' '}
            {formatBookingLong(booking.BookingTime)}.
          </Text>
          <ProblemAlert problem={problem} />
          <DateTimePicker
            label="Nuova data e ora"
            value={chosen}
            onChange={(picked) => {
              setValue(picked);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
          <DialogActions onCancel={close} confirmLabel="Modifica" onConfirm={next} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{bookingUiTexts.confirmModify}</Text>
          <Text size="sm" c="dimmed">
            Nuova data e ora: {formatLocalDateTime(chosen)}
          </Text>
          <DialogActions
            onCancel={() => setStep('pick')}
            cancelLabel="No, torna indietro"
            confirmLabel="Sì, modifica"
            onConfirm={confirm}
            busy={sending}
          />
        </Stack>
      )}
    </DialogFrame>
  );
}
