/**
 * The reminders bell of the nutritionist's header (docs/product.md#screens and #states): the number of open reminders
 * due within 3 days (overdue included) and, on press, their list with a link to manage them on the home.
 * Loaded lazily by the header, for nutritionists only.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionIcon, Anchor, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { paths } from '../../../paths';
import { formatDay, romeToday } from '../../bookings';
import { useDueReminders } from '../api/reminders';
import classes from './reminders.module.css';

/** Minutes between background refreshes: reminders fall due as days pass, also with the page left open. */
const REFRESH_MS = 5 * 60_000;

export default function RemindersBell() {
  const [opened, setOpened] = useState(false);
  // A failed background refresh is not worth a toast on whatever page is open: the bell just keeps its count.
  const reminders = useDueReminders({ refreshInterval: REFRESH_MS, onError: () => undefined });
  const due = (reminders.data ?? []).filter((reminder) => !reminder.Checked);
  const today = romeToday();
  const label =
    due.length === 0 ? 'Promemoria: nessuno in scadenza' : `Promemoria: ${due.length} in scadenza`;
  return (
    <Indicator
      label={<span aria-hidden>{due.length > 99 ? '+99' : due.length}</span>}
      size={18}
      color="apricot.8"
      disabled={due.length === 0}
      offset={6}
    >
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size={40}
            radius="xl"
            aria-label={label}
            onClick={() => setOpened((shown) => !shown)}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text fw={700}>Promemoria in scadenza</Text>
            {due.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nessun promemoria nei prossimi 3 giorni.
              </Text>
            ) : (
              <ul className={classes.list}>
                {due.slice(0, 8).map((reminder) => (
                  <li key={reminder.ReminderId} className={classes.item}>
                    <div className={classes.body}>
                      <Text size="sm" lineClamp={2}>
                        {reminder.Description}
                      </Text>
                      <Text size="xs" c={reminder.Date < today ? 'red.9' : 'dimmed'}>
                        {formatDay(reminder.Date)} · {reminder.PatientUserProfile.DisplayName || 'Paziente'}
                      </Text>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Anchor
              component={Link}
              to={`${paths.nutritionistArea.home()}#promemoria`}
              size="sm"
              onClick={() => setOpened(false)}
            >
              Gestisci i promemoria
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
