/**
 * The back office's patient picker (docs/product.md#patient-search): every patient, searched on the server
 * by name, e-mail, phone or codice fiscale 300 ms after the last keystroke; each option shows the e-mail
 * and phone under the name, so two patients of the same name are told apart.
 */
import { useMemo, useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PICKER_INPUT_DELAY_MS, type AdminPatientRef } from '@nutri/shared';
import { useAdminPatientSearch } from '../api/admin-patients';

interface AdminPatientPickerProps {
  value: AdminPatientRef | null;
  onChange: (patient: AdminPatientRef | null) => void;
  label?: string;
}

export function AdminPatientPicker({ value, onChange, label = 'Paziente' }: AdminPatientPickerProps) {
  const [search, setSearch] = useState(value?.DisplayName ?? '');
  const typed = value && search === value.DisplayName ? '' : search;
  const [debounced] = useDebouncedValue(typed, PICKER_INPUT_DELAY_MS);
  const patients = useAdminPatientSearch(debounced);
  const found = useMemo(() => {
    const list = patients.data ?? [];
    return value && !list.some((p) => p.UserId === value.UserId) ? [value, ...list] : list;
  }, [patients.data, value]);
  const byId = useMemo(() => new Map(found.map((patient) => [patient.UserId, patient])), [found]);
  const second = (patient: AdminPatientRef | undefined) =>
    [patient?.Email, patient?.MobilePhoneNo].filter(Boolean).join(' · ');
  return (
    <Select
      label={label}
      placeholder="Nome, e-mail, telefono o codice fiscale"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={found.map((patient) => ({ value: patient.UserId, label: patient.DisplayName }))}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {second(byId.get(option.value))}
          </Text>
        </Stack>
      )}
      description={value ? second(value) : undefined}
      value={value?.UserId ?? null}
      onChange={(userId) => onChange(userId ? (byId.get(userId) ?? null) : null)}
      nothingFoundMessage={
        !debounced.trim()
          ? 'Scrivi per cercare'
          : patients.isLoading
            ? 'Ricerca in corso…'
            : 'Nessun paziente trovato'
      }
      clearable
      clearButtonProps={{ 'aria-label': 'Cancella il paziente' }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
