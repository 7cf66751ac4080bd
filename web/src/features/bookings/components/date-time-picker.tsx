/**
 * The date-time picker of the booking dialogs (docs/product.md#screens): a date first, then the hour, then the
 * minute in 5-minute steps on a 24-hour clock, weeks starting on Monday; choosing the minute sets the value
 * and closes the picker. Values are Rome wall-clock `YYYY-MM-DDTHH:mm` (docs/product.md#validation), and times already
 * past are disabled.
 *
 * The picker opens in the dialog's own flow, right below its field, not as a floating layer: floating, it
 * had no room below the last field of a dialog, flipped up and hid the dialog's other fields (and its own
 * label) while the user was choosing; in the flow it only pushes the buttons down.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Input, InputBase, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconArrowLeft, IconCalendarClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { TIME_PICKER_STEP_MINUTES } from '@nutri/shared';
import { ItalianDates } from '../../../ui/italian-dates';
import { formatDayLong, formatLocalDateTime, romeToday, toLocalDateTime } from '../booking-time';
import classes from './date-time-picker.module.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MINUTES = Array.from({ length: 60 / TIME_PICKER_STEP_MINUTES }, (_, i) => i * TIME_PICKER_STEP_MINUTES);
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A dialog around the picker closes on Esc from a window listener, unless the key comes from an element
 * marked like this: Esc then closes the picker only.
 */
const STOP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

/** Month navigation and level controls of the calendar, in Italian. */
export const CALENDAR_ARIA_LABELS = {
  previousMonth: 'Mese precedente',
  nextMonth: 'Mese successivo',
  monthLevelControl: 'Scegli il mese',
  yearLevelControl: 'Scegli l’anno',
  previousYear: 'Anno precedente',
  nextYear: 'Anno successivo',
  previousDecade: 'Decennio precedente',
  nextDecade: 'Decennio successivo',
};

/** Readable weekend days in the calendars of the booking screens. */
export const CALENDAR_CLASS_NAMES = { day: classes.day };

/** '5 marzo 2026': the accessible name of a calendar day. */
export const dayAriaLabel = (date: string) => dayjs(date).format('D MMMM YYYY');

interface DateTimePickerProps {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: string;
  disabled?: boolean;
}

type Stage = 'date' | 'hour' | 'minute';

/** One hour or minute of the picker's grids. */
function TimeButton(props: {
  label: string;
  ariaLabel: string;
  selected: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-md"
      h={40}
      px={0}
      variant={props.selected ? 'filled' : 'default'}
      disabled={props.disabled}
      aria-label={props.ariaLabel}
      {...STOP_ESCAPE}
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}

export function DateTimePicker({
  label,
  value,
  onChange,
  error,
  description,
  disabled,
}: DateTimePickerProps) {
  const [opened, setOpened] = useState(false);
  const [stage, setStage] = useState<Stage>('date');
  const [date, setDate] = useState<string | null>(null);
  const [hour, setHour] = useState<number | null>(null);
  const headingId = useId();
  const panelId = useId();
  const fieldRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Read when the picker opens and on every render while open: a time becomes past as the clock moves.
  const now = toLocalDateTime(new Date());
  const today = romeToday();

  const open = () => {
    setDate(value ? value.slice(0, 10) : null);
    setHour(value ? Number(value.slice(11, 13)) : null);
    setStage('date');
    setOpened(true);
  };

  const close = () => {
    setOpened(false);
    fieldRef.current?.focus();
  };

  // Opening, and each step (date, hour, minute), moves focus to the picker: keyboard and screen-reader
  // users land where they choose, and Esc never starts from a button the step just removed.
  useEffect(() => {
    if (opened) panelRef.current?.focus();
  }, [opened, stage]);

  const isPast = (day: string, h: number, m: number) => `${day}T${pad(h)}:${pad(m)}` <= now;
  const hourFullyPast = (day: string, h: number) => isPast(day, h, 60 - TIME_PICKER_STEP_MINUTES);

  const stageTitle =
    stage === 'date'
      ? 'Scegli la data'
      : stage === 'hour'
        ? `${formatDayLong(date!)}: scegli l’ora`
        : `${formatDayLong(date!)}, ore ${pad(hour!)}: scegli i minuti`;

  return (
    <Stack gap="xs">
      <InputBase
        ref={fieldRef}
        component="button"
        type="button"
        label={label}
        description={description}
        error={error}
        pointer
        disabled={disabled}
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
        onClick={() => (opened ? setOpened(false) : open())}
        rightSection={<IconCalendarClock size={18} aria-hidden />}
        rightSectionPointerEvents="none"
      >
        {value ? (
          formatLocalDateTime(value)
        ) : (
          <Input.Placeholder c="dimmed">Scegli data e ora</Input.Placeholder>
        )}
      </InputBase>
      {opened ? (
        <Paper
          ref={panelRef}
          id={panelId}
          role="group"
          aria-labelledby={headingId}
          tabIndex={-1}
          withBorder
          radius="md"
          p="sm"
          className={classes.panel}
          {...STOP_ESCAPE}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
        >
          <Stack gap="xs" w={{ base: 280, xs: 300 }}>
            <Group gap="xs" wrap="nowrap" mih={28}>
              {stage !== 'date' ? (
                <ActionIcon
                  variant="subtle"
                  aria-label={stage === 'hour' ? 'Torna alla data' : 'Torna all’ora'}
                  {...STOP_ESCAPE}
                  onClick={() => setStage(stage === 'hour' ? 'date' : 'hour')}
                >
                  <IconArrowLeft size={18} aria-hidden />
                </ActionIcon>
              ) : null}
              <Text id={headingId} fw={600} size="sm" style={{ textTransform: 'none' }}>
                {stageTitle}
              </Text>
            </Group>
            {stage === 'date' ? (
              <ItalianDates>
                <DatePicker
                  value={date}
                  onChange={(picked) => {
                    if (!picked) return;
                    setDate(picked);
                    setStage('hour');
                  }}
                  minDate={today}
                  {...(date ? { defaultDate: date } : {})}
                  getDayAriaLabel={dayAriaLabel}
                  ariaLabels={CALENDAR_ARIA_LABELS}
                  classNames={CALENDAR_CLASS_NAMES}
                  highlightToday
                  // Esc closes the picker only, not the dialog around the field (Mantine's own date inputs do this).
                  __stopPropagation
                />
              </ItalianDates>
            ) : null}
            {stage === 'hour' && date ? (
              <SimpleGrid cols={6} spacing={6} verticalSpacing={6} role="group" aria-label="Ora">
                {HOURS.map((h) => (
                  <TimeButton
                    key={h}
                    label={pad(h)}
                    ariaLabel={`ore ${pad(h)}`}
                    selected={hour === h}
                    disabled={hourFullyPast(date, h)}
                    onClick={() => {
                      setHour(h);
                      setStage('minute');
                    }}
                  />
                ))}
              </SimpleGrid>
            ) : null}
            {stage === 'minute' && date && hour !== null ? (
              <SimpleGrid cols={4} spacing={6} verticalSpacing={6} role="group" aria-label="Minuti">
                {MINUTES.map((m) => (
                  <TimeButton
                    key={m}
                    label={`${pad(hour)}:${pad(m)}`}
                    ariaLabel={`${pad(hour)}:${pad(m)}`}
                    selected={value === `${date}T${pad(hour)}:${pad(m)}`}
                    disabled={isPast(date, hour, m)}
                    onClick={() => {
                      onChange(`${date}T${pad(hour)}:${pad(m)}`);
                      close();
                    }}
                  />
                ))}
              </SimpleGrid>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
