/**
 * Picker of the nutritionist's own patients (spec sections 6 and 9): searched on the server by name
 * (`CurrentNutritionist/Patients/Search`, 10 results) 300 ms after the last keystroke.
 */
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE, PICKER_INPUT_DELAY_MS, type UserRef } from '@nutri/shared';
import { useOwnPatients } from '../api/own-patients';

interface PatientPickerProps {
  value: UserRef | null;
  onChange: (patient: UserRef | null) => void;
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

  const options = useMemo(() => {
    const found = patients.data ?? [];
    const all = value && !found.some((p) => p.UserId === value.UserId) ? [value, ...found] : found;
    return all.map((patient) => ({ value: patient.UserId, label: patient.DisplayName }));
  }, [patients.data, value]);

  return (
    <Select
      label={label}
      placeholder="Cerca per nome"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name: show its answer as it is.
      filter={({ options: all }) => all}
      data={options}
      value={value?.UserId ?? null}
      onChange={(userId) => {
        const patient = options.find((option) => option.value === userId);
        onChange(patient ? { UserId: patient.value, DisplayName: patient.label } : null);
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
