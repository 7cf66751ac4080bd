/**
 * The municipality (comune) picker of docs/product.md#screens: type at least 2 letters, and 300 ms after the last
 * key stroke the matching municipalities load (at most 10, "Nome (PR)"); the value is the ComuneId.
 * Accents and apostrophes do not matter ("forli" finds Forlì). The chosen municipality stays among the
 * options, so its name keeps showing while the list changes.
 */
import { useEffect, useMemo, useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ItalianCity } from '@nutri/shared';
import { isNetworkError } from '../../../api/api-error';
import { CITY_SEARCH_MIN_CHARS, PICKER_INPUT_DELAY_MS } from '../../../lib/shared-values';
import { canSearchCities, searchItalianCities } from '../api/search-italian-cities';

export const comuneLabel = (city: Pick<ItalianCity, 'Name' | 'ProvinciaAbbreviation'>) =>
  `${city.Name} (${city.ProvinciaAbbreviation})`;

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; cities: ItalianCity[] }
  | { status: 'error'; message: string };

export function ComunePicker({
  value,
  initialCity,
  onChange,
  error,
  disabled,
}: {
  /** The chosen ComuneId ('' when none). */
  value: string;
  /** The municipality of the profile being edited, shown before any search. */
  initialCity?: ItalianCity | null;
  onChange: (comuneId: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const [selected, setSelected] = useState<ItalianCity | null>(
    initialCity && initialCity.ComuneId === value ? initialCity : null,
  );
  const [search, setSearch] = useState(selected ? comuneLabel(selected) : '');
  const [debounced] = useDebouncedValue(search, PICKER_INPUT_DELAY_MS);
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  // The text shown for the chosen municipality is not a search.
  const query = selected && debounced === comuneLabel(selected) ? '' : debounced.trim();

  useEffect(() => {
    if (!canSearchCities(query)) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchItalianCities(query, { signal: controller.signal })
      .then((cities) => setState({ status: 'done', cities }))
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: isNetworkError(reason)
            ? 'Connessione assente: riprova tra poco.'
            : 'Impossibile cercare i comuni: riprova.',
        });
      });
    return () => controller.abort();
  }, [query]);

  const cities = useMemo(() => {
    const found = state.status === 'done' ? state.cities : [];
    return selected && !found.some((city) => city.ComuneId === selected.ComuneId)
      ? [selected, ...found]
      : found;
  }, [state, selected]);

  const typing = search.trim() !== debounced.trim();
  const nothingFound =
    state.status === 'error'
      ? state.message
      : !canSearchCities(search)
        ? `Scrivi almeno ${CITY_SEARCH_MIN_CHARS} lettere del nome del comune.`
        : typing || state.status === 'loading'
          ? 'Ricerca in corso…'
          : 'Nessun comune trovato con questo nome.';

  return (
    <Select
      label="Comune"
      placeholder="Scrivi il nome del comune"
      description="Scrivi almeno 2 lettere e scegli il comune dall’elenco."
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      searchable
      clearable
      autoComplete="off"
      data={cities.map((city) => ({ value: city.ComuneId, label: comuneLabel(city) }))}
      // The server has already filtered by name (accents ignored): show its answer as it is.
      filter={({ options }) => options}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(comuneId) => {
        const city = cities.find((candidate) => candidate.ComuneId === comuneId) ?? null;
        setSelected(city);
        onChange(comuneId ?? '');
      }}
      nothingFoundMessage={nothingFound}
      rightSection={
        state.status === 'loading' ? <Loader size="xs" aria-label="Ricerca dei comuni" /> : undefined
      }
      error={error}
      disabled={disabled}
      // Inside the dialog's own layer: a portal positions it against the page, which a full-screen
      // dialog on a phone moves, and the list then jumps about.
      comboboxProps={{ withinPortal: false }}
    />
  );
}
