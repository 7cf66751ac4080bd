/**
 * The nutritionist filter of the back-office lists: searched on the server by the start of the name
 * 300 ms after the last keystroke, so every nutritionist can be picked however many there are. The chosen
 * one comes from the address as an id: its name is read from the profile when it is not among the results.
 */
import { useMemo, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PICKER_INPUT_DELAY_MS } from '@nutri/shared';
import { useAdminNutritionistProfile, useAdminNutritionistSearch } from '../api/admin-nutritionists';

interface AdminNutritionistFilterProps extends Pick<SelectProps, 'w' | 'maw'> {
  value: string | null;
  onChange: (userId: string | null) => void;
}

export function AdminNutritionistFilter({ value, onChange, ...layout }: AdminNutritionistFilterProps) {
  const chosen = useAdminNutritionistProfile(value ?? undefined).data;
  const chosenName = chosen?.UserId === value ? chosen?.DisplayName : undefined;
  const [search, setSearch] = useState('');
  // While the field shows the chosen name, the list offers everyone rather than that one name.
  const typed = chosenName && search === chosenName ? '' : search;
  const [debounced] = useDebouncedValue(typed, PICKER_INPUT_DELAY_MS);
  const found = useAdminNutritionistSearch(debounced);
  const options = useMemo(() => {
    const list = (found.data ?? []).map((one) => ({ value: one.UserId, label: one.DisplayName }));
    return value && chosenName && !list.some((one) => one.value === value)
      ? [{ value, label: chosenName }, ...list]
      : list;
  }, [found.data, value, chosenName]);
  return (
    <Select
      label="Nutrizionista"
      placeholder="Tutti"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={found.isLoading ? 'Ricerca in corso…' : 'Nessun nutrizionista trovato'}
      clearable
      clearButtonProps={{ 'aria-label': 'Cancella il nutrizionista' }}
      comboboxProps={{ withinPortal: true }}
      {...layout}
    />
  );
}
