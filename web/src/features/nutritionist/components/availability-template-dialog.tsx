/**
 * The weekly template (docs/product.md#calendar): for each weekday its intervals on the Rome wall clock,
 * saved at once. The server's refusals (an overlap on a weekday, a start after its end) are shown as it
 * words them.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { WEEKDAY_NAMES, bookingTexts, minutesOfDay, type TemplateInterval } from '@nutri/shared';
import { errorTexts } from '../../../lib/shared-values';
import { DialogForm, DialogFrame } from '../../../ui/form-dialog';
import { showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage } from '../../bookings';
import { useAvailabilityMutations, useAvailabilityTemplate } from '../api/availability';
import classes from './calendar-day.module.css';
import { IntervalFields } from './interval-fields';

interface Row extends TemplateInterval {
  key: number;
}

function TemplateForm({ initial, onClose }: { initial: TemplateInterval[]; onClose: () => void }) {
  const { saveTemplate } = useAvailabilityMutations();
  const [rows, setRows] = useState<Row[]>(initial.map((interval, key) => ({ ...interval, key })));
  const [nextKey, setNextKey] = useState(initial.length);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const change = (key: number, field: 'IntervalStart' | 'IntervalEnd', value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  const submit = async () => {
    if (rows.some((row) => minutesOfDay(row.IntervalStart) >= minutesOfDay(row.IntervalEnd))) {
      setProblem(bookingTexts.intervalOrder);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await saveTemplate(
        rows.map(({ Weekday, IntervalStart, IntervalEnd }) => ({ Weekday, IntervalStart, IntervalEnd })),
      );
      showSuccessToast('Modello settimanale salvato.');
      onClose();
    } catch (error) {
      setProblem(actionErrorMessage(error, errorTexts.cannotSaveData));
      setSending(false);
    }
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel="Salva il modello"
      busy={sending}
      problem={problem}
      intro={
        <Text size="sm">
          Gli orari valgono ogni settimana, ora di Roma, anche al cambio dell’ora legale. Un giorno libero o
          orari diversi per una sola data si impostano dal calendario.
        </Text>
      }
    >
      {WEEKDAY_NAMES.map((name, index) => {
        const weekday = index + 1;
        const dayRows = rows.filter((row) => row.Weekday === weekday);
        return (
          <fieldset key={name} className={classes.fieldset}>
            <Text component="legend" fw={700} size="sm" tt="capitalize">
              {name}
            </Text>
            {dayRows.length === 0 ? (
              <Text size="xs" c="dimmed">
                Nessun orario
              </Text>
            ) : null}
            {dayRows.map((row, position) => (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-end">
                <IntervalFields
                  start={row.IntervalStart}
                  end={row.IntervalEnd}
                  onStartChange={(time) => change(row.key, 'IntervalStart', time)}
                  onEndChange={(time) => change(row.key, 'IntervalEnd', time)}
                  size="xs"
                  context={`${name} intervallo ${position + 1}`}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  mb={4}
                  onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                  aria-label={`Togli l’intervallo ${position + 1} di ${name}`}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconPlus size={12} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setRows((current) => [
                  ...current,
                  { key: nextKey, Weekday: weekday, IntervalStart: '09:00', IntervalEnd: '13:00' },
                ]);
                setNextKey(nextKey + 1);
              }}
              aria-label={`Aggiungi un orario a ogni ${name}`}
            >
              Aggiungi orario
            </Button>
          </fieldset>
        );
      })}
    </DialogForm>
  );
}

export function AvailabilityTemplateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const template = useAvailabilityTemplate();
  return (
    <DialogFrame opened={opened} onClose={onClose} title="Modello settimanale" size="lg">
      {template.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorTexts.cannotLoadData}
        </Alert>
      ) : template.data ? (
        <TemplateForm initial={template.data.Intervals} onClose={onClose} />
      ) : (
        <Text size="sm">Caricamento…</Text>
      )}
    </DialogFrame>
  );
}
