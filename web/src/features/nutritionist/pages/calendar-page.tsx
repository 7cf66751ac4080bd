/**
 * `/AreaNutritionists/Calendar` (docs/product.md#calendar): on wide screens a week view, Monday first,
 * 07:00-21:00 on the Rome clock, with the availability (own intervals, the weekly template, days off),
 * the bookings by status and Google's busy times; on phones one day, changed with the buttons or a swipe.
 * Intervals are created by dragging on a day or with the day's dialog; the weekly template and copying a
 * week have their own dialogs. Patients see the next 7 days (docs/product.md#bookings), and the page warns
 * under 4 intervals. The server's refusals (overlap, in the past, start after end) are shown as it words them.
 */
import { useRef, useState, type CSSProperties } from 'react';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCalendarRepeat,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
} from '@tabler/icons-react';
import {
  AVAILABILITY_WARNING_BELOW,
  AVAILABILITY_WINDOW_DAYS,
  TIME_PICKER_STEP_MINUTES,
  addRomeDays,
  bookingTexts,
  minutesOfDay,
  mondayOf,
  weekDates,
} from '@nutri/shared';
import { errorTexts } from '../../../lib/shared-values';
import { FormDialog } from '../../../ui/form-dialog';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { actionErrorMessage, appointmentText, formatDayLong, romeToday } from '../../bookings';
import { useAvailability, useAvailabilityMutations, useCalendarRange } from '../api/availability';
import { AreaNav } from '../components/area-nav';
import { AvailabilityTemplateDialog } from '../components/availability-template-dialog';
import { CalendarDay, HourGutter } from '../components/calendar-day';
import classes from '../components/calendar-day.module.css';
import { CopyWeekDialog } from '../components/copy-week-dialog';
import { IntervalFields } from '../components/interval-fields';
import { weekLabel } from '../components/week-label';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A swipe is a horizontal move of at least this many pixels, more sideways than up or down. */
const SWIPE_PX = 60;

function AddIntervalDialog({ date, onClose }: { date: string | null; onClose: () => void }) {
  const { add } = useAvailabilityMutations();
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('13:00');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    if (sending) return;
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (!date) return;
    if (minutesOfDay(start) >= minutesOfDay(end)) {
      setProblem(bookingTexts.intervalOrder);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await add({ IntervalDate: date, IntervalStart: start, IntervalEnd: end });
      setSending(false);
      onClose();
    } catch (error) {
      setProblem(actionErrorMessage(error, errorTexts.cannotSaveData));
      setSending(false);
    }
  };

  return (
    <FormDialog
      opened={date !== null}
      onClose={close}
      title={date ? `Disponibilità di ${formatDayLong(date)}` : ''}
      onSubmit={submit}
      submitLabel="Aggiungi intervallo"
      busy={sending}
      problem={problem}
    >
      <SimpleGrid cols={2}>
        <IntervalFields start={start} end={end} onStartChange={setStart} onEndChange={setEnd} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Orari a passi di {TIME_PICKER_STEP_MINUTES} minuti. I pazienti vedranno gli orari liberi dentro questo
        intervallo.
      </Text>
    </FormDialog>
  );
}

/** How many intervals patients can book in days 1-7, and the warning under 4. */
function WindowSummary() {
  const availability = useAvailability();
  if (!availability.data) return null;
  const count = availability.data.length;
  const few = count < AVAILABILITY_WARNING_BELOW;
  return (
    <Text size="sm" c={few ? 'apricot.9' : 'dimmed'} fw={few ? 600 : 400} role="status">
      {count === 1 ? '1 intervallo' : `${count} intervalli`} nei prossimi {AVAILABILITY_WINDOW_DAYS.to} giorni
      {few
        ? `: ne consigliamo almeno ${AVAILABILITY_WARNING_BELOW}, così i pazienti trovano un orario.`
        : '.'}
    </Text>
  );
}

export function CalendarPage() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const today = romeToday();
  const currentWeek = mondayOf(today);
  const [monday, setMonday] = useState(currentWeek);
  const [day, setDay] = useState(today);
  const [adding, setAdding] = useState<string | null>(null);
  const [editingTemplate, setEditingTemplate] = useState(false);
  const [copying, setCopying] = useState(false);
  const swipe = useRef<{ x: number; y: number } | null>(null);

  const shownWeek = phone ? mondayOf(day) : monday;
  const calendar = useCalendarRange(shownWeek, addRomeDays(shownWeek, 6));
  const dates = phone ? [day] : weekDates(monday);
  const conflicts = (calendar.data?.Bookings ?? []).filter((booking) => booking.GoogleConflict);

  const moveDay = (days: number) => {
    const next = addRomeDays(day, days);
    setDay(next);
    setMonday(mondayOf(next));
  };
  const moveWeek = (weeks: number) => {
    const next = addRomeDays(monday, 7 * weeks);
    setMonday(next);
    setDay(next < today && addRomeDays(next, 6) >= today ? today : next);
  };

  return (
    <Page
      title="Calendario disponibilità"
      description={`Gli orari in cui i pazienti possono prenotare: vedono i prossimi ${AVAILABILITY_WINDOW_DAYS.to} giorni.`}
    >
      <AreaNav />
      <Stack gap="md">
        <WindowSummary />
        <Group justify="space-between" gap="xs">
          {phone ? (
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                onClick={() => moveDay(-1)}
                leftSection={<IconChevronLeft size={14} aria-hidden />}
              >
                Giorno precedente
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => moveDay(1)}
                rightSection={<IconChevronRight size={14} aria-hidden />}
              >
                Giorno successivo
              </Button>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                onClick={() => moveWeek(-1)}
                leftSection={<IconChevronLeft size={14} aria-hidden />}
              >
                Settimana precedente
              </Button>
              <Button variant="default" size="xs" onClick={() => setMonday(currentWeek)}>
                Questa settimana
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => moveWeek(1)}
                rightSection={<IconChevronRight size={14} aria-hidden />}
              >
                Settimana successiva
              </Button>
              <Text size="sm" fw={600} aria-live="polite">
                Settimana {weekLabel(monday)}
              </Text>
            </Group>
          )}
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCalendarRepeat size={14} aria-hidden />}
              onClick={() => setEditingTemplate(true)}
            >
              Modello settimanale
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() => setCopying(true)}
            >
              Copia settimana
            </Button>
          </Group>
        </Group>
        {calendar.data?.GoogleWarning ? (
          <Alert color="apricot" variant="light" role="status" title="Google Calendar">
            {calendar.data.GoogleWarning}
          </Alert>
        ) : null}
        {conflicts.length ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title="Appuntamenti sovrapposti a impegni di Google Calendar"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {conflicts.map((booking) => (
                <li key={booking.BookingId}>
                  {capitalised(appointmentText(booking.BookingTime))}, {booking.PatientDisplayName}: nel tuo
                  Google Calendar ora c’è un altro impegno. Sposta o annulla la visita, oppure libera l’orario
                  in Google.
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {calendar.error ? (
          <LoadError onRetry={() => calendar.mutate()} />
        ) : !calendar.data ? (
          <Skeleton height={640} radius="md" aria-busy="true" />
        ) : (
          <div
            className={classes.week}
            style={{ '--calendar-days': dates.length } as CSSProperties}
            onTouchStart={(event) => {
              const touch = event.touches[0];
              swipe.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
            }}
            onTouchEnd={(event) => {
              const start = swipe.current;
              const touch = event.changedTouches[0];
              swipe.current = null;
              if (!phone || !start || !touch) return;
              const dx = touch.clientX - start.x;
              if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y))
                moveDay(dx < 0 ? 1 : -1);
            }}
          >
            <HourGutter />
            {dates.map((date) => (
              <CalendarDay
                key={date}
                date={date}
                view={calendar.data!}
                editable={date >= today}
                onAdd={() => setAdding(date)}
              />
            ))}
          </div>
        )}
      </Stack>
      <AddIntervalDialog key={adding ?? 'closed'} date={adding} onClose={() => setAdding(null)} />
      {editingTemplate ? (
        <AvailabilityTemplateDialog opened onClose={() => setEditingTemplate(false)} />
      ) : null}
      {copying ? (
        <CopyWeekDialog
          opened
          fromWeek={shownWeek}
          currentWeek={currentWeek}
          onClose={() => setCopying(false)}
          onCopied={(toWeek) => {
            setCopying(false);
            setMonday(toWeek);
            setDay(toWeek < today ? today : toWeek);
          }}
        />
      ) : null}
    </Page>
  );
}
