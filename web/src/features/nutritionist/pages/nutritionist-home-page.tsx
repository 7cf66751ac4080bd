/**
 * `/` and `/AreaNutritionists` for nutritionists (docs/product.md#screens and #limits): the availability warning
 * and the missing fiscal data warning (docs/product.md#invoicing), the
 * open bookings of the next 3 days (and overdue ones still to complete), the reminders due within 3 days,
 * the patients, and the way to the calendar, the bookings and the chat.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, Grid, Group, Stack } from '@mantine/core';
import { IconCalendarPlus, IconMessageCircle } from '@tabler/icons-react';
import { NUTRITIONIST_HOME_WINDOW_DAYS, type UserRef } from '@nutri/shared';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';
import { useAuth } from '../../auth';
import { FiscalDataWarning } from '../../invoicing';
import { useHomeBookings, useOwnPatients, BookingList, CreateBookingDialog } from '../../bookings';
import { useDueReminders } from '../api/reminders';
import { AvailabilityWarning } from '../components/availability-warning';
import { PatientList } from '../components/patient-list';
import { RemindersPanel } from '../components/reminders-panel';
import { AreaNav } from '../components/area-nav';
import { AreaSection } from '../components/area-section';

/** Today's cards say when a patient is in the video room's waiting room: read again this often. */
const WAITING_ROOM_REFRESH_MS = 15_000;

export function NutritionistHomePage() {
  const { profile } = useAuth();
  const name = profile?.DisplayName || profile?.Name;
  const bookings = useHomeBookings({ refreshInterval: WAITING_ROOM_REFRESH_MS });
  const reminders = useDueReminders();
  const patients = useOwnPatients('', 10);
  const [creating, setCreating] = useState<{ patient: UserRef | null } | null>(null);
  const { hash } = useLocation();

  // The bell links to #promemoria: bring the section into view once it is drawn.
  useEffect(() => {
    if (hash === '#promemoria') document.getElementById('promemoria')?.scrollIntoView({ block: 'start' });
  }, [hash, reminders.data]);

  return (
    <Page
      title={name ? `Buon lavoro, ${name}!` : 'Area nutrizionista'}
      documentTitle="Area nutrizionista"
      description={`Appuntamenti e promemoria dei prossimi ${NUTRITIONIST_HOME_WINDOW_DAYS} giorni, i tuoi pazienti e la tua disponibilità.`}
    >
      <AreaNav />
      <Stack gap="lg">
        <AvailabilityWarning />
        <FiscalDataWarning />
        <Group gap="sm">
          <Button
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            onClick={() => setCreating({ patient: null })}
          >
            Nuovo appuntamento
          </Button>
          <Button
            component={Link}
            to={paths.chat()}
            variant="default"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
          >
            Chat
          </Button>
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <AreaSection id="prossimi-appuntamenti" title="Prossimi appuntamenti">
              <BookingList
                columns={{ base: 1 }}
                label="Prossimi appuntamenti"
                bookings={bookings.data}
                isLoading={bookings.isLoading}
                error={bookings.error as unknown}
                onRetry={() => bookings.mutate()}
                emptyText={`Nessun appuntamento da gestire nei prossimi ${NUTRITIONIST_HOME_WINDOW_DAYS} giorni.`}
              />
            </AreaSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <AreaSection id="promemoria" title="Promemoria">
                <RemindersPanel
                  reminders={reminders.data}
                  error={reminders.error as unknown}
                  onRetry={() => reminders.mutate()}
                  emptyText={`Nessun promemoria in scadenza nei prossimi ${NUTRITIONIST_HOME_WINDOW_DAYS} giorni.`}
                />
              </AreaSection>
              <AreaSection
                id="pazienti"
                title="I tuoi pazienti"
                action={
                  <Button
                    component={Link}
                    to={paths.nutritionistArea.patients()}
                    variant="subtle"
                    size="compact-sm"
                  >
                    Tutti i pazienti
                  </Button>
                }
              >
                <PatientList
                  patients={patients.data}
                  error={patients.error as unknown}
                  onRetry={() => patients.mutate()}
                  onNewBooking={(patient) => setCreating({ patient })}
                />
              </AreaSection>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <CreateBookingDialog
        key={creating?.patient?.UserId ?? 'any'}
        opened={creating !== null}
        onClose={() => setCreating(null)}
        patient={creating?.patient ?? null}
      />
    </Page>
  );
}
