/**
 * "Copia settimana" (docs/product.md#calendar): the week shown is copied onto a week chosen among the next
 * ones; each day of that week, from today on, takes the same weekday's intervals and day off, in place of
 * its own (the dialog says so before anything changes).
 */
import { useState } from 'react';
import { NativeSelect, Text } from '@mantine/core';
import { addRomeDays } from '@nutri/shared';
import { errorTexts } from '../../../lib/shared-values';
import { FormDialog } from '../../../ui/form-dialog';
import { showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage } from '../../bookings';
import { useAvailabilityMutations } from '../api/availability';
import { weekLabel } from './week-label';

const TARGET_WEEKS = 8;

export function CopyWeekDialog({
  fromWeek,
  currentWeek,
  opened,
  onClose,
  onCopied,
}: {
  fromWeek: string;
  currentWeek: string;
  opened: boolean;
  onClose: () => void;
  onCopied: (toWeek: string) => void;
}) {
  const { copyWeek } = useAvailabilityMutations();
  const targets = Array.from({ length: TARGET_WEEKS + 1 }, (_, index) =>
    addRomeDays(currentWeek, 7 * index),
  ).filter((monday) => monday !== fromWeek);
  const [toWeek, setToWeek] = useState(targets.find((monday) => monday > fromWeek) ?? targets[0]!);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    setSending(true);
    setProblem(null);
    try {
      await copyWeek({ FromWeek: fromWeek, ToWeek: toWeek });
      showSuccessToast(`Settimana copiata: ${weekLabel(toWeek)}.`);
      setSending(false);
      onCopied(toWeek);
    } catch (error) {
      setProblem(actionErrorMessage(error, errorTexts.cannotSaveData));
      setSending(false);
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Copia settimana"
      onSubmit={submit}
      submitLabel="Copia"
      busy={sending}
      problem={problem}
    >
      <Text size="sm">Copia le disponibilità della settimana {weekLabel(fromWeek)}.</Text>
      <NativeSelect
        label="Sulla settimana"
        data={targets.map((monday) => ({ value: monday, label: weekLabel(monday) }))}
        value={toWeek}
        onChange={(event) => setToWeek(event.currentTarget.value)}
      />
      <Text size="sm">
        Ogni giorno della settimana scelta, da oggi in poi, prende gli intervalli e i giorni liberi dello
        stesso giorno di questa settimana: gli intervalli che ha ora vengono sostituiti. Il modello
        settimanale resta com’è.
      </Text>
    </FormDialog>
  );
}
