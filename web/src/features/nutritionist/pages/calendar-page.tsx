/**
 * `/AreaNutritionists/Calendar`: the nutritionist's availability for the week from tomorrow to +7 days
 * (docs/product.md#screens, #api and #limits), one column per day on wide screens and one card per day on phones; intervals
 * are added on the 5-minute grid and removed one by one. The server's refusals (overlap, in the past,
 * start after end) are shown as it words them.
 */
import { useId, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AVAILABILITY_WARNING_BELOW,
  AVAILABILITY_WINDOW_DAYS,
  TIME_PICKER_STEP_MINUTES,
  bookingTexts,
  minutesOfDay,
  type DailyAvailabilityView,
} from '@nutri/shared';
import { errorTexts } from '../../../lib/shared-values';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { actionErrorMessage, formatDayLong, romeDays } from '../../bookings';
import { useAvailability, useAvailabilityMutations } from '../api/availability';
import { AreaNav } from '../components/area-nav';

const pad = (value: number) => String(value).padStart(2, '0');
const TIMES = Array.from({ length: (24 * 60) / TIME_PICKER_STEP_MINUTES }, (_, index) => {
  const minutes = index * TIME_PICKER_STEP_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

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
    <Modal
      opened={date !== null}
      onClose={close}
      title={date ? `Disponibilità di ${formatDayLong(date)}` : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {problem ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              role="alert"
            >
              {problem}
            </Alert>
          ) : null}
          <SimpleGrid cols={2}>
            <NativeSelect
              label="Dalle"
              data={TIMES}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
            />
            <NativeSelect
              label="Alle"
              data={TIMES}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Orari a passi di {TIME_PICKER_STEP_MINUTES} minuti. I pazienti vedranno gli orari liberi dentro
            questo intervallo.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sending}>
              Annulla
            </Button>
            <Button type="submit" loading={sending}>
              Aggiungi intervallo
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DayColumn({
  date,
  intervals,
  onAdd,
}: {
  date: string;
  intervals: DailyAvailabilityView[];
  onAdd: () => void;
}) {
  const { remove } = useAvailabilityMutations();
  const [removing, setRemoving] = useState<number | null>(null);
  const headingId = useId();
  const day = formatDayLong(date);
  const title = day.charAt(0).toUpperCase() + day.slice(1);

  const onRemove = async (interval: DailyAvailabilityView) => {
    setRemoving(interval.IntervalId);
    try {
      await remove(interval.IntervalId);
    } catch (error) {
      showErrorToast(actionErrorMessage(error, errorTexts.cannotSaveData));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="xs" component="section" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Title order={2} fz="md" id={headingId}>
          {title}
        </Title>
        {intervals.length ? (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Intervalli di ${day}`}>
            {intervals.map((interval) => (
              <li key={interval.IntervalId}>
                <Group
                  justify="space-between"
                  wrap="nowrap"
                  gap={4}
                  py={2}
                  pl={6}
                  my={4}
                  bg="leaf.0"
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    borderLeft: '3px solid var(--mantine-color-leaf-7)',
                  }}
                >
                  <Text fz={13} fw={600} c="leaf.9" style={{ whiteSpace: 'nowrap' }}>
                    {interval.IntervalStart}–{interval.IntervalEnd}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    loading={removing === interval.IntervalId}
                    onClick={() => void onRemove(interval)}
                    aria-label={`Elimina l’intervallo ${interval.IntervalStart}–${interval.IntervalEnd} di ${day}`}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            Nessuna disponibilità
          </Text>
        )}
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
          mt="auto"
          aria-label={`Aggiungi un intervallo a ${day}`}
        >
          Aggiungi
        </Button>
      </Stack>
    </Paper>
  );
}

export function CalendarPage() {
  const availability = useAvailability();
  const [adding, setAdding] = useState<string | null>(null);
  const days = romeDays(AVAILABILITY_WINDOW_DAYS.from, AVAILABILITY_WINDOW_DAYS.to);
  const count = availability.data?.length ?? 0;

  const byDay = (date: string) =>
    (availability.data ?? [])
      .filter((interval) => interval.IntervalDate === date)
      .sort((a, b) => a.IntervalStart.localeCompare(b.IntervalStart));

  return (
    <Page
      title="Calendario disponibilità"
      description={`Gli orari in cui i pazienti possono prenotare, da domani ai prossimi ${AVAILABILITY_WINDOW_DAYS.to} giorni.`}
    >
      <AreaNav />
      {availability.error ? (
        <LoadError onRetry={() => availability.mutate()} />
      ) : !availability.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="sm" aria-busy="true">
          {days.map((date) => (
            <Skeleton key={date} height={140} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="md">
          <Text
            size="sm"
            c={count < AVAILABILITY_WARNING_BELOW ? 'apricot.9' : 'dimmed'}
            fw={count < AVAILABILITY_WARNING_BELOW ? 600 : 400}
            role="status"
          >
            {count === 1 ? '1 intervallo' : `${count} intervalli`} nei prossimi {AVAILABILITY_WINDOW_DAYS.to}{' '}
            giorni
            {count < AVAILABILITY_WARNING_BELOW
              ? `: ne consigliamo almeno ${AVAILABILITY_WARNING_BELOW}, così i pazienti trovano un orario.`
              : '.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="sm">
            {days.map((date) => (
              <DayColumn key={date} date={date} intervals={byDay(date)} onAdd={() => setAdding(date)} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <AddIntervalDialog key={adding ?? 'closed'} date={adding} onClose={() => setAdding(null)} />
    </Page>
  );
}
