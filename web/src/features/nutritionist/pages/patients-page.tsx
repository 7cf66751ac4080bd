/**
 * `/AreaNutritionists/Patients`: the nutritionist's own patients by name, searched on the server 300 ms
 * after the last keystroke, each with their bookings, their chat and a quick new booking.
 */
import { useState } from 'react';
import { Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { PICKER_INPUT_DELAY_MS, type OwnPatientRef } from '@nutri/shared';
import { Page } from '../../../ui/page';
import { useOwnPatients, CreateBookingDialog } from '../../bookings';
import { PatientList } from '../components/patient-list';
import { AreaNav } from '../components/area-nav';

/** The most the search answers at once; a longer list asks for a few letters of the name. */
const PAGE_LIMIT = 50;

export function PatientsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PICKER_INPUT_DELAY_MS);
  const patients = useOwnPatients(debounced, PAGE_LIMIT);
  const [bookingFor, setBookingFor] = useState<OwnPatientRef | null>(null);
  const full = (patients.data?.length ?? 0) >= PAGE_LIMIT;

  return (
    <Page title="I tuoi pazienti" description="Cerca un paziente per nome: appuntamenti, promemoria e chat.">
      <AreaNav />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={760}>
        <TextInput
          label="Cerca per nome o cognome"
          placeholder="Es. Maria o Rossi"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          mb="md"
        />
        <PatientList
          patients={patients.data}
          error={patients.error as unknown}
          onRetry={() => patients.mutate()}
          onNewBooking={setBookingFor}
          emptyText={debounced ? 'Nessun paziente con questo nome.' : 'Non hai ancora pazienti assegnati.'}
        />
        {full ? (
          <Text size="sm" c="dimmed" mt="sm">
            Sono mostrati i primi {PAGE_LIMIT} pazienti: scrivi l’inizio del nome per trovarne altri.
          </Text>
        ) : null}
      </Paper>
      <CreateBookingDialog
        key={bookingFor?.UserId ?? 'none'}
        opened={bookingFor !== null}
        onClose={() => setBookingFor(null)}
        patient={bookingFor}
      />
    </Page>
  );
}
