/**
 * Picker of the nutritionist's own patients (docs/product.md#roles): searched on the server by any word
 * of the name (`CurrentNutritionist/Patients/Search`, 10 results) 300 ms after the last keystroke. Each
 * option and the chosen patient show the e-mail under the name, so two patients of the same name are
 * told apart before a visit is booked.
 */
import { useMemo, useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE, PICKER_INPUT_DELAY_MS, type UserRef } from '@nutri/shared';
import { useOwnPatients } from '../api/own-patients';

/** A patient as the picker holds one: the e-mail is known once picked from the search. */
export type PickedPatient = UserRef & { Email?: string | null };

interface PatientPickerProps {
  value: PickedPatient | null;
  onChange: (patient: PickedPatient | null) => void;
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
}

export function PatientPicker({ value, onChange, label = 'Paziente', error, disabled }: PatientPickerProps) {
  const [search, setSearch] = useState(value?.DisplayName ?? '');
  // Once a patient is chosen the field shows their name: searching it again would be a wasted call.
  const typed = value && search === value.DisplayName ? '' : search;
  const [debounced] = useDebouncedValue(typed, PICKER_INPUT_DELAY_MS);
  const patients = useOwnPatients(debounced, PAGE_SIZE.pickers);

  const found = useMemo(() => {
    const list: PickedPatient[] = patients.data ?? [];
    return value && !list.some((p) => p.UserId === value.UserId) ? [value, ...list] : list;
  }, [patients.data, value]);
  const options = useMemo(
    () => found.map((patient) => ({ value: patient.UserId, label: patient.DisplayName })),
    [found],
  );
  const byId = useMemo(() => new Map(found.map((patient) => [patient.UserId, patient])), [found]);
  const chosenEmail = value ? (value.Email ?? byId.get(value.UserId)?.Email) : null;

  return (
    <Select
      label={label}
      placeholder="Cerca per nome o cognome"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name: show its answer as it is.
      filter={({ options: all }) => all}
      data={options}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {byId.get(option.value)?.Email ?? ''}
          </Text>
        </Stack>
      )}
      description={chosenEmail ?? undefined}
      value={value?.UserId ?? null}
      onChange={(userId) => {
        const patient = userId ? byId.get(userId) : undefined;
        onChange(patient ?? null);
      }}
      nothingFoundMessage={patients.isLoading ? 'Ricerca in corso…' : 'Nessun paziente trovato'}
      error={error}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': 'Cancella il paziente' }}
      comboboxProps={{ withinPortal: true }}
      required
    />
  );
}
