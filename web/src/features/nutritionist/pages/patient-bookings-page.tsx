/**
 * `/AreaNutritionists/Bookings/Patient/{UserId}`: one own patient's bookings (newest first, paged) and
 * every reminder about them. Someone who is not the nutritionist's patient reads as not found (the server
 * answers 404 for them and lists nothing of theirs).
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconMessageCircle } from '@tabler/icons-react';
import type { UserRef } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { useIsOwnPatient, usePatientBookings, BookingList, CreateBookingDialog } from '../../bookings';
import { usePatientReminders } from '../api/reminders';
import { RemindersPanel } from '../components/reminders-panel';
import { AreaNav } from '../components/area-nav';
import { AreaSection } from '../components/area-section';
import { PatientBillingProfiles } from '../../billing';

/** Links from the patient lists pass the name along, so the title is right before anything loads. */
export interface PatientLinkState {
  displayName?: string;
}

export function PatientBookingsPage() {
  const { userId = '' } = useParams();
  const location = useLocation();
  const own = useIsOwnPatient(userId || undefined);
  const isOwn = own.data !== undefined;
  const bookings = usePatientBookings(isOwn ? userId : undefined);
  const reminders = usePatientReminders(isOwn ? userId : undefined);
  const [creating, setCreating] = useState(false);

  const stateName = (location.state as PatientLinkState | null)?.displayName;
  const displayName =
    bookings.bookings[0]?.Patient.DisplayName ||
    reminders.data?.[0]?.PatientUserProfile.DisplayName ||
    stateName ||
    '';
  const patient: UserRef = { UserId: userId, DisplayName: displayName };

  const back = (
    <>
      <AreaNav />
      <Anchor component={Link} to={paths.nutritionistArea.patients()} size="sm" mb="md" display="inline-flex">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Tutti i pazienti
        </Group>
      </Anchor>
    </>
  );

  if (isApiError(own.error, 404) || !userId) {
    return (
      <Page title="Paziente non trovato">
        {back}
        <Paper withBorder radius="lg" p="xl" role="alert">
          <Text>Questa persona non è tra i tuoi pazienti, oppure l’indirizzo non è corretto.</Text>
        </Paper>
      </Page>
    );
  }

  return (
    <Page
      title={displayName ? `Appuntamenti di ${displayName}` : 'Appuntamenti del paziente'}
      description="Gli appuntamenti con te, dal più recente, e i tuoi promemoria su questo paziente."
    >
      {back}
      {own.error ? (
        <LoadError onRetry={() => own.mutate()} />
      ) : !isOwn ? (
        <Skeleton height={240} radius="lg" aria-busy="true" />
      ) : (
        <Stack gap="lg">
          <Group gap="sm">
            <Button
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              Nuovo appuntamento
            </Button>
            <Button
              component={Link}
              to={paths.chat({ UserId: userId })}
              variant="default"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
            >
              Chat
            </Button>
          </Group>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <AreaSection id="appuntamenti" title="Appuntamenti">
                <BookingList
                  columns={{ base: 1 }}
                  label="Appuntamenti del paziente"
                  bookings={bookings.isLoading ? undefined : bookings.bookings}
                  isLoading={bookings.isLoading}
                  error={bookings.error}
                  onRetry={bookings.reload}
                  emptyText="Nessun appuntamento con questo paziente."
                  hasMore={bookings.hasMore}
                  isLoadingMore={bookings.isLoadingMore}
                  onLoadMore={bookings.loadMore}
                />
              </AreaSection>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <AreaSection id="promemoria-paziente" title="Promemoria">
                <RemindersPanel
                  reminders={reminders.data}
                  error={reminders.error as unknown}
                  onRetry={() => reminders.mutate()}
                  patient={patient}
                  emptyText="Nessun promemoria da fare per questo paziente."
                />
              </AreaSection>
              <AreaSection id="fattura-paziente" title="Dati per la fattura">
                <PatientBillingProfiles patientUserId={userId} />
              </AreaSection>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
      <CreateBookingDialog
        key={displayName}
        opened={creating}
        onClose={() => setCreating(false)}
        patient={displayName ? patient : null}
      />
    </Page>
  );
}
