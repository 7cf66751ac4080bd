/**
 * Choosing a free slot of the patient's nutritionist (docs/product.md#states and #api): a day, then a time, then the
 * confirmation. The first day is chosen already, so on a phone the times show without a tap. When someone
 * else took the slot first (409), the server's Italian message shows, the slots reload and the remaining
 * ones are offered; after booking, the page of the new booking opens.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Chip, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { inRome, romeInstant, type SlotsByDate } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage, bookingUiTexts } from '../../bookings';
import { bookVisitSlot, useBookingRevalidation, type VisitKind } from '../api/patient-bookings';
import '../../../lib/dates';

const dayOf = (date: string) => inRome(romeInstant(date, '12:00'));

/** 'lun 12 mag' on the chip, 'lunedì 12 maggio' for screen readers and the summary. */
const shortDay = (date: string) => dayOf(date).format('ddd D MMM');
export const longDay = (date: string) => dayOf(date).format('dddd D MMMM');

interface VisitSlotChooserProps {
  kind: VisitKind;
  slots: SlotsByDate;
  /** Minutes the visit lasts, for the summary. */
  durationMinutes: number;
  confirmLabel: string;
  /** Reloads the slots (after a slot was taken by someone else). */
  reloadSlots: () => Promise<unknown>;
}

export function VisitSlotChooser({
  kind,
  slots,
  durationMinutes,
  confirmLabel,
  reloadSlots,
}: VisitSlotChooserProps) {
  const navigate = useNavigate();
  const revalidate = useBookingRevalidation();
  const ids = useId();
  const dates = Object.keys(slots).filter((date) => (slots[date] ?? []).length > 0);
  const [chosenDate, setDate] = useState<string | null>(null);
  const [chosenTime, setTime] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // After a reload the chosen day or time may be gone: what is still free stands in for it.
  const date = chosenDate && dates.includes(chosenDate) ? chosenDate : (dates[0] ?? null);
  const times = date ? (slots[date] ?? []) : [];
  const time = chosenTime && times.includes(chosenTime) ? chosenTime : null;

  const chooseDate = (value: string) => {
    setDate(value);
    setTime(null);
  };

  const confirm = async () => {
    if (!date || !time) return;
    setSending(true);
    setProblem(null);
    try {
      const { BookingId } = await bookVisitSlot(kind, { date, time });
      showSuccessToast(bookingUiTexts.created);
      await revalidate(BookingId);
      void navigate(paths.patients.booking(String(BookingId)));
    } catch (error) {
      setProblem(actionErrorMessage(error, bookingUiTexts.createFailed));
      // Taken meanwhile (409) or no longer offered (422): show what is still free.
      if (isApiError(error, 409) || isApiError(error, 422)) {
        setTime(null);
        await reloadSlots();
      }
      setSending(false);
    }
  };

  if (dates.length === 0 || !date) return null;

  return (
    <Stack gap="md">
      <div role="radiogroup" aria-labelledby={`${ids}-days`}>
        <Text fw={700} id={`${ids}-days`} mb={6}>
          Scegli il giorno
        </Text>
        <Chip.Group value={date} onChange={(value) => chooseDate(String(value))}>
          <Group gap="xs">
            {dates.map((day) => (
              <Chip key={day} value={day} type="radio" name={`${ids}-day`} size="md" disabled={sending}>
                <span aria-hidden="true">{shortDay(day)}</span>
                <VisuallyHidden>{longDay(day)}</VisuallyHidden>
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <div role="radiogroup" aria-labelledby={`${ids}-times`}>
        <Text fw={700} id={`${ids}-times`} mb={6}>
          Scegli l’orario di {longDay(date)}
        </Text>
        <Chip.Group value={time ?? ''} onChange={(value) => setTime(String(value))}>
          <Group gap="xs">
            {times.map((slot) => (
              <Chip key={slot} value={slot} type="radio" name={`${ids}-time`} size="md" disabled={sending}>
                {slot}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      {problem ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {problem}
        </Alert>
      ) : null}
      <Group gap="md" align="center">
        <Button
          size="md"
          color="apricot"
          leftSection={<IconCheck size={18} aria-hidden />}
          disabled={!time}
          loading={sending}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {time
            ? `${longDay(date)} alle ${time}, ${durationMinutes} minuti`
            : 'Scegli un orario per continuare.'}
        </Text>
      </Group>
    </Stack>
  );
}
