/**
 * One day of the calendar (docs/product.md#calendar): 07:00-21:00 on the Rome wall clock, availability
 * (own intervals, the weekly template's, a day's exception), bookings coloured by status, Google's busy
 * times. Dragging with a mouse or pen on the day creates an interval; the day's "Aggiungi" button opens the
 * same as a dialog for the keyboard and for touch screens, where a drag scrolls the page.
 */
import { useId, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { ActionIcon, Badge, Box, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BOOKING_STATUS_LABELS,
  BookingStatus,
  inRome,
  minutesOfDay,
  type BookingStatusId,
  type CalendarRangeView,
} from '@nutri/shared';
import { errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { showErrorToast } from '../../../ui/notify';
import { actionErrorMessage, formatDayLong } from '../../bookings';
import { useAvailabilityMutations } from '../api/availability';
import classes from './calendar-day.module.css';

export const FIRST_HOUR = 7;
export const LAST_HOUR = 21;
export const HOUR_PX = 44;
const DRAG_STEP = 15;

const pad = (value: number) => String(value).padStart(2, '0');
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const top = (minutes: number) =>
  ((Math.min(Math.max(minutes, FIRST_HOUR * 60), LAST_HOUR * 60) - FIRST_HOUR * 60) / 60) * HOUR_PX;
const visible = (start: number, end: number) => end > FIRST_HOUR * 60 && start < LAST_HOUR * 60;

/** Minutes of the day of an instant on the Rome clock, counted from the date's midnight (a later date: +24 h). */
const minutesOn = (date: string, instant: string) => {
  const rome = inRome(instant);
  const days = rome.format('YYYY-MM-DD') === date ? 0 : rome.format('YYYY-MM-DD') < date ? -1 : 1;
  return days * 24 * 60 + rome.hour() * 60 + rome.minute();
};

const STATUS_COLOURS: Record<BookingStatusId, string> = {
  [BookingStatus.BOOKED]: 'teal',
  [BookingStatus.WAITINGFORPAYMENT]: 'apricot',
  [BookingStatus.COMPLETE]: 'gray',
  [BookingStatus.CANCELLED]: 'gray',
  [BookingStatus.CANCELLEDWITHFEE]: 'gray',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function CalendarDay({
  date,
  view,
  editable,
  onAdd,
}: {
  date: string;
  view: CalendarRangeView;
  /** Not for days already past. */
  editable: boolean;
  onAdd: () => void;
}) {
  const { add, remove, setException, removeException } = useAvailabilityMutations();
  const headingId = useId();
  const day = formatDayLong(date);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ anchor: number; current: number } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const intervals = view.Intervals.filter((interval) => interval.IntervalDate === date);
  const exception = view.Exceptions.find((item) => item.ExceptionDate === date);
  const bookings = view.Bookings.filter(
    (booking) =>
      booking.BookingStatusId !== BookingStatus.CANCELLED &&
      booking.BookingStatusId !== BookingStatus.CANCELLEDWITHFEE &&
      inRome(booking.BookingTime).format('YYYY-MM-DD') === date,
  );
  const busy = view.GoogleBusy.map((item) => ({
    start: minutesOn(date, item.Start),
    end: minutesOn(date, item.End),
  })).filter((item) => item.end > 0 && item.start < 24 * 60);
  const hidden = intervals.filter(
    (interval) => !visible(minutesOfDay(interval.IntervalStart), minutesOfDay(interval.IntervalEnd)),
  );

  const failed = (error: unknown) => showErrorToast(actionErrorMessage(error, errorTexts.cannotSaveData));
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      failed(error);
    }
  };

  const minuteAt = (clientY: number, round: (value: number) => number) => {
    const rect = bodyRef.current!.getBoundingClientRect();
    const minutes = FIRST_HOUR * 60 + ((clientY - rect.top) / HOUR_PX) * 60;
    const snapped = round(minutes / DRAG_STEP) * DRAG_STEP;
    return Math.min(Math.max(snapped, FIRST_HOUR * 60), LAST_HOUR * 60);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!editable || event.pointerType === 'touch' || event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button, a')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const anchor = minuteAt(event.clientY, Math.floor);
    setDrag({ anchor, current: anchor });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, current: minuteAt(event.clientY, Math.round) });
  };
  const onPointerUp = () => {
    if (!drag) return;
    setDrag(null);
    const start = Math.min(drag.anchor, drag.current);
    const end = Math.max(drag.anchor, drag.current);
    if (end - start < DRAG_STEP) return;
    void run(() => add({ IntervalDate: date, IntervalStart: timeOf(start), IntervalEnd: timeOf(end) }));
  };
  const dragged = drag
    ? { start: Math.min(drag.anchor, drag.current), end: Math.max(drag.anchor, drag.current) }
    : null;

  return (
    <Box component="section" aria-labelledby={headingId} className={classes.day} data-past={!editable}>
      <Stack gap={4} className={classes.header}>
        <Title order={2} fz="sm" id={headingId}>
          {capitalised(day)}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-xs"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={onAdd}
            disabled={!editable}
            aria-label={`Aggiungi un intervallo a ${day}`}
          >
            Aggiungi
          </Button>
          {editable ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" color="gray.7" aria-label={`Altro per ${day}`}>
                  <IconDots size={14} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {exception ? (
                  <Menu.Item onClick={() => void run(() => removeException(date))}>
                    Torna al modello settimanale
                  </Menu.Item>
                ) : (
                  <Menu.Item onClick={() => void run(() => setException(date, []))}>
                    Giorno libero (senza modello)
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {exception && exception.Intervals.length === 0 ? (
          <Badge color="gray.7" variant="filled" size="sm">
            Giorno libero
          </Badge>
        ) : null}
        {intervals.length === 0 ? (
          <Text size="xs" c="dimmed">
            Nessuna disponibilità
          </Text>
        ) : null}
        {hidden.map((interval) => (
          <Text size="xs" key={`${interval.Source}${interval.IntervalStart}`}>
            Anche {interval.IntervalStart}–{interval.IntervalEnd}
          </Text>
        ))}
      </Stack>
      <div
        ref={bodyRef}
        className={classes.body}
        style={{ height: (LAST_HOUR - FIRST_HOUR) * HOUR_PX }}
        data-testid={`calendar-day-${date}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
      >
        {Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, index) => (
          <div key={index} className={classes.hourLine} style={{ top: index * HOUR_PX }} />
        ))}
        <ul className={classes.blocks} aria-label={`Disponibilità e appuntamenti di ${day}`}>
          {intervals
            .filter((interval) =>
              visible(minutesOfDay(interval.IntervalStart), minutesOfDay(interval.IntervalEnd)),
            )
            .map((interval) => {
              const start = minutesOfDay(interval.IntervalStart);
              const end = minutesOfDay(interval.IntervalEnd);
              const label = `${interval.IntervalStart}–${interval.IntervalEnd}`;
              return (
                <li
                  key={`${interval.Source}${interval.IntervalId ?? ''}${interval.IntervalStart}`}
                  className={classes.interval}
                  data-source={interval.Source}
                  style={{ top: top(start), height: Math.max(top(end) - top(start), 18) }}
                >
                  <Group gap={2} wrap="nowrap" justify="space-between" align="flex-start">
                    <Text fz={12} fw={600} c="leaf.9" lh={1.3}>
                      {label}
                      {interval.Source === 'template' ? (
                        <Text span fz={11} fw={400} display="block">
                          modello
                        </Text>
                      ) : interval.Source === 'exception' ? (
                        <Text span fz={11} fw={400} display="block">
                          solo questo giorno
                        </Text>
                      ) : null}
                    </Text>
                    {interval.IntervalId !== null && editable ? (
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="xs"
                        loading={removing === interval.IntervalId}
                        onClick={() => {
                          const id = interval.IntervalId!;
                          setRemoving(id);
                          void run(() => remove(id)).finally(() => setRemoving(null));
                        }}
                        aria-label={`Elimina l’intervallo ${label} di ${day}`}
                      >
                        <IconTrash size={12} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </li>
              );
            })}
          {busy
            .filter((item) => visible(item.start, item.end))
            .map((item) => (
              <li
                key={`busy${item.start}`}
                className={classes.busy}
                style={{ top: top(item.start), height: Math.max(top(item.end) - top(item.start), 14) }}
              >
                <Text fz={11} c="gray.8" fw={600}>
                  Impegno Google {timeOf(Math.max(item.start, 0))}–{timeOf(Math.min(item.end, 24 * 60))}
                </Text>
              </li>
            ))}
          {bookings.map((booking) => {
            const start = minutesOn(date, booking.BookingTime);
            const end = start + booking.Duration;
            const colour = STATUS_COLOURS[booking.BookingStatusId];
            return (
              <li
                key={booking.BookingId}
                className={classes.booking}
                data-conflict={booking.GoogleConflict}
                style={{
                  top: top(start),
                  height: Math.max(top(end) - top(start), 20),
                  background: `var(--mantine-color-${colour}-1)`,
                  borderColor: `var(--mantine-color-${booking.GoogleConflict ? 'red-9' : `${colour}-9`})`,
                }}
              >
                <Link to={paths.nutritionistArea.booking(String(booking.BookingId))} className={classes.link}>
                  <Text fz={11} fw={700} c="gray.9" lh={1.2}>
                    {timeOf(start)} {booking.PatientDisplayName}
                  </Text>
                  <Text fz={11} c="gray.9" lh={1.2}>
                    {BOOKING_STATUS_LABELS[booking.BookingStatusId]}
                  </Text>
                </Link>
                {booking.GoogleConflict ? (
                  <Badge color="red.9" variant="filled" size="xs">
                    Sovrapposto a Google
                  </Badge>
                ) : null}
              </li>
            );
          })}
        </ul>
        {dragged ? (
          <div
            className={classes.ghost}
            style={{ top: top(dragged.start), height: Math.max(top(dragged.end) - top(dragged.start), 4) }}
            aria-hidden
          >
            {timeOf(dragged.start)}–{timeOf(dragged.end)}
          </div>
        ) : null}
      </div>
    </Box>
  );
}

/** The hours beside the days (decoration: each block says its own times). */
export function HourGutter() {
  return (
    <div className={classes.gutter} aria-hidden>
      <div className={classes.gutterHead} />
      <div style={{ position: 'relative', height: (LAST_HOUR - FIRST_HOUR) * HOUR_PX }}>
        {Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, index) => (
          <span key={index} className={classes.hour} style={{ top: index * HOUR_PX }}>
            {pad(FIRST_HOUR + index)}:00
          </span>
        ))}
      </div>
    </div>
  );
}
