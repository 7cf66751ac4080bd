/**
 * Reminders about patients (docs/product.md#states): check and uncheck, inline editing of the text (Ctrl+Enter
 * saves, Esc cancels, leaving the field saves), delete, and a form to add one. Completed reminders are
 * hidden unless expanded. Failures show 'Impossibile salvare i dati' (docs/product.md#errors).
 */
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronDown, IconChevronUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  NUTRITIONIST_HOME_WINDOW_DAYS,
  REMINDER_DESCRIPTION_MAX,
  addRomeDays,
  type ReminderView,
  type UserRef,
} from '@nutri/shared';
import { errorTexts, validationTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { ItalianDates } from '../../../ui/italian-dates';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import {
  PatientPicker,
  CALENDAR_ARIA_LABELS,
  CALENDAR_CLASS_NAMES,
  dayAriaLabel,
  formatDay,
  romeToday,
} from '../../bookings';
import { useReminderMutations } from '../api/reminders';
import classes from './reminders.module.css';

const byDate = (a: ReminderView, b: ReminderView) =>
  a.Date.localeCompare(b.Date) || a.ReminderId - b.ReminderId;

function ReminderItem({ reminder, showPatient }: { reminder: ReminderView; showPatient: boolean }) {
  const { update, remove } = useReminderMutations();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reminder.Description);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const overdue = !reminder.Checked && reminder.Date < romeToday();

  const startEditing = () => {
    setDraft(reminder.Description);
    setDraftError(null);
    setEditing(true);
  };

  const save = async () => {
    const text = draft.trim();
    if (text === reminder.Description) {
      setEditing(false);
      return;
    }
    if (!text) {
      setDraftError(validationTexts.required);
      return;
    }
    if (text.length > REMINDER_DESCRIPTION_MAX) {
      setDraftError(validationTexts.tooLong(REMINDER_DESCRIPTION_MAX));
      return;
    }
    setBusy(true);
    try {
      await update(reminder.ReminderId, { Description: text });
      setEditing(false);
    } catch {
      showErrorToast(errorTexts.cannotSaveData);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // Esc cancels the edit only: it must not also close a dialog or popover around the list.
      event.preventDefault();
      event.stopPropagation();
      setDraft(reminder.Description);
      setEditing(false);
    }
  };

  const toggle = async (checked: boolean) => {
    setBusy(true);
    try {
      await update(reminder.ReminderId, { Checked: checked });
    } catch {
      showErrorToast(errorTexts.cannotSaveData);
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    setBusy(true);
    try {
      await remove(reminder.ReminderId);
    } catch {
      showErrorToast(errorTexts.cannotSaveData);
      setBusy(false);
    }
  };

  return (
    <li className={classes.item} data-checked={reminder.Checked || undefined}>
      <Checkbox
        checked={reminder.Checked}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        disabled={busy}
        aria-label={`Completato: ${reminder.Description}`}
        mt={4}
      />
      <div className={classes.body}>
        {editing ? (
          <Textarea
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setDraftError(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => void save()}
            aria-label="Testo del promemoria"
            // Esc ends the edit only, also inside a dialog (a dialog closes on Esc unless told otherwise).
            data-mantine-stop-propagation="true"
            description="Ctrl+Invio per salvare, Esc per annullare"
            error={draftError}
            autosize
            minRows={2}
            maxLength={REMINDER_DESCRIPTION_MAX}
            disabled={busy}
            data-autofocus
            autoFocus
          />
        ) : (
          <UnstyledButton
            className={classes.description}
            onClick={startEditing}
            aria-label={`Modifica il promemoria: ${reminder.Description}`}
          >
            {reminder.Description}
          </UnstyledButton>
        )}
        <Group gap="xs" mt={2}>
          <Text size="xs" c={overdue ? 'red.9' : 'dimmed'} fw={overdue ? 700 : 400}>
            {formatDay(reminder.Date)}
            {overdue ? ' · scaduto' : ''}
          </Text>
          {showPatient ? (
            <Anchor
              component={Link}
              to={paths.nutritionistArea.patientBookings(reminder.PatientUserId)}
              size="xs"
            >
              {reminder.PatientUserProfile.DisplayName || 'Paziente'}
            </Anchor>
          ) : null}
        </Group>
      </div>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => void onDelete()}
        disabled={busy}
        aria-label={`Elimina il promemoria: ${reminder.Description}`}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </li>
  );
}

function AddReminderForm({ patient: fixedPatient }: { patient: UserRef | null }) {
  const { add } = useReminderMutations();
  const [patient, setPatient] = useState<UserRef | null>(fixedPatient);
  const [description, setDescription] = useState('');
  const [date, setDate] = useState<string | null>(romeToday());
  const [errors, setErrors] = useState<{ patient?: string; description?: string; date?: string }>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const who = fixedPatient ?? patient;
    const text = description.trim();
    const found = {
      ...(who ? {} : { patient: 'Scegli il paziente.' }),
      ...(text ? {} : { description: validationTexts.required }),
      ...(date ? {} : { date: validationTexts.required }),
    };
    setErrors(found);
    if (!who || !text || !date) return;
    setSending(true);
    try {
      await add({ PatientUserId: who.UserId, Description: text, Date: date, Checked: false });
      // The home lists reminders due within 3 days: say where a later one went instead of letting it vanish.
      const later = !fixedPatient && date > addRomeDays(romeToday(), NUTRITIONIST_HOME_WINDOW_DAYS);
      showSuccessToast(
        later
          ? `Promemoria salvato per il ${formatDay(date)}: comparirà qui ${NUTRITIONIST_HOME_WINDOW_DAYS} giorni prima.`
          : 'Promemoria aggiunto',
      );
      setDescription('');
      setErrors({});
    } catch {
      showErrorToast(errorTexts.cannotSaveData);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {fixedPatient ? null : <PatientPicker value={patient} onChange={setPatient} error={errors.patient} />}
        <Textarea
          label="Nuovo promemoria"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
          error={errors.description}
          autosize
          minRows={2}
          maxLength={REMINDER_DESCRIPTION_MAX}
          required
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ItalianDates>
            <DatePickerInput
              label="Data"
              value={date}
              onChange={setDate}
              error={errors.date}
              getDayAriaLabel={dayAriaLabel}
              ariaLabels={CALENDAR_ARIA_LABELS}
              classNames={CALENDAR_CLASS_NAMES}
              popoverProps={{ withinPortal: true }}
              withAsterisk={false}
              style={{ flex: '1 1 160px' }}
              required
            />
          </ItalianDates>
          <Button type="submit" loading={sending} leftSection={<IconPlus size={16} aria-hidden />}>
            Aggiungi
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RemindersPanel({
  reminders,
  error,
  onRetry,
  patient = null,
  showPatient = true,
  emptyText = 'Nessun promemoria in scadenza.',
}: {
  reminders: ReminderView[] | undefined;
  error: unknown;
  onRetry: () => unknown;
  /** The patient they are all about (the patient's page): no picker, no name on each row. */
  patient?: UserRef | null;
  showPatient?: boolean;
  emptyText?: string;
}) {
  const [showCompleted, setShowCompleted] = useState(false);
  if (error) return <LoadError onRetry={onRetry} />;
  const sorted = [...(reminders ?? [])].sort(byDate);
  const open = sorted.filter((reminder) => !reminder.Checked);
  const completed = sorted.filter((reminder) => reminder.Checked);
  return (
    <Stack gap="md">
      {reminders === undefined ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : open.length ? (
        <ul className={classes.list} aria-label="Promemoria da fare">
          {open.map((reminder) => (
            <ReminderItem
              key={reminder.ReminderId}
              reminder={reminder}
              showPatient={showPatient && !patient}
            />
          ))}
        </ul>
      ) : (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      )}
      {completed.length ? (
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowCompleted((shown) => !shown)}
            aria-expanded={showCompleted}
            rightSection={
              showCompleted ? (
                <IconChevronUp size={14} aria-hidden />
              ) : (
                <IconChevronDown size={14} aria-hidden />
              )
            }
          >
            {showCompleted ? 'Nascondi completati' : `Mostra completati (${completed.length})`}
          </Button>
          <Collapse expanded={showCompleted}>
            <ul className={classes.list} aria-label="Promemoria completati">
              {completed.map((reminder) => (
                <ReminderItem
                  key={reminder.ReminderId}
                  reminder={reminder}
                  showPatient={showPatient && !patient}
                />
              ))}
            </ul>
          </Collapse>
        </div>
      ) : null}
      <Paper withBorder radius="md" p="sm" bg="gray.0">
        <AddReminderForm patient={patient} />
      </Paper>
    </Stack>
  );
}
