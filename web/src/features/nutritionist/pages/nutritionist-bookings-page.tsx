/**
 * `/AreaNutritionists/Bookings`: every booking of the nutritionist, newest first, 10 at a time, filtered
 * by status, type and date range. The filters live in the address (`?status=4&type=2&from=...&to=...`), so
 * a filtered list can be bookmarked and Back returns to it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarPlus } from '@tabler/icons-react';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_TYPES,
  type BookingStatusId,
  type BookingTypeId,
} from '@nutri/shared';
import { Page } from '../../../ui/page';
import { ItalianDates } from '../../../ui/italian-dates';
import {
  useFilteredBookings,
  type BookingFilters,
  BookingList,
  CreateBookingDialog,
  CALENDAR_ARIA_LABELS,
  CALENDAR_CLASS_NAMES,
  dayAriaLabel,
} from '../../bookings';
import { AreaNav } from '../components/area-nav';

const STATUS_OPTIONS = Object.entries(BOOKING_STATUS_LABELS).map(([id, label]) => ({ value: id, label }));
const TYPE_OPTIONS = Object.values(BOOKING_TYPES).map((type) => ({
  value: String(type.BookingTypeId),
  label: type.Name,
}));

/**
 * Here the placeholders say what an empty filter means ('Tutti', 'Qualsiasi data'): drawn in dimmed text
 * rather than Mantine's pale gray 5, which is below the AA contrast ratio.
 */
const READABLE_PLACEHOLDER = {
  placeholder: { color: 'var(--mantine-color-dimmed)' },
  input: { '--input-placeholder-color': 'var(--mantine-color-dimmed)' },
};

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Filters read from the address; anything malformed is ignored rather than sent. */
const readFilters = (params: URLSearchParams): BookingFilters => {
  const status = Number(params.get('status'));
  const type = Number(params.get('type'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    statusId: status >= 1 && status <= 5 ? (status as BookingStatusId) : undefined,
    bookingTypeId: type >= 1 && type <= 3 ? (type as BookingTypeId) : undefined,
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
  };
};

export function NutritionistBookingsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useFilteredBookings(filters);
  const [creating, setCreating] = useState(false);

  const setFilter = (name: 'status' | 'type' | 'from' | 'to', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Page
      title="Appuntamenti"
      description="Tutti i tuoi appuntamenti, dal più recente. Filtra per stato, tipo o periodo."
    >
      <AreaNav />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          Nuovo appuntamento
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="md" mb="lg" component="section" aria-label="Filtri">
        <ItalianDates>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Select
              label="Stato"
              placeholder="Tutti"
              data={STATUS_OPTIONS}
              value={filters.statusId ? String(filters.statusId) : null}
              onChange={(value) => setFilter('status', value)}
              clearable
              clearButtonProps={{ 'aria-label': 'Tutti gli stati' }}
              styles={READABLE_PLACEHOLDER}
            />
            <Select
              label="Tipo"
              placeholder="Tutti"
              data={TYPE_OPTIONS}
              value={filters.bookingTypeId ? String(filters.bookingTypeId) : null}
              onChange={(value) => setFilter('type', value)}
              clearable
              clearButtonProps={{ 'aria-label': 'Tutti i tipi' }}
              styles={READABLE_PLACEHOLDER}
            />
            <DatePickerInput
              label="Dal"
              placeholder="Qualsiasi data"
              value={filters.from ?? null}
              onChange={(value) => setFilter('from', value)}
              {...(filters.to ? { maxDate: filters.to } : {})}
              clearable
              clearButtonProps={{ 'aria-label': 'Cancella la data iniziale' }}
              getDayAriaLabel={dayAriaLabel}
              ariaLabels={CALENDAR_ARIA_LABELS}
              classNames={CALENDAR_CLASS_NAMES}
              styles={READABLE_PLACEHOLDER}
            />
            <DatePickerInput
              label="Al"
              placeholder="Qualsiasi data"
              value={filters.to ?? null}
              onChange={(value) => setFilter('to', value)}
              {...(filters.from ? { minDate: filters.from } : {})}
              clearable
              clearButtonProps={{ 'aria-label': 'Cancella la data finale' }}
              getDayAriaLabel={dayAriaLabel}
              ariaLabels={CALENDAR_ARIA_LABELS}
              classNames={CALENDAR_CLASS_NAMES}
              styles={READABLE_PLACEHOLDER}
            />
          </SimpleGrid>
        </ItalianDates>
        {filtered ? (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              Azzera i filtri
            </Button>
          </Group>
        ) : null}
      </Paper>
      <BookingList
        label="Appuntamenti"
        headingOrder={2}
        bookings={list.isLoading ? undefined : list.bookings}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.reload}
        emptyText={filtered ? 'Nessun appuntamento con questi filtri.' : 'Non hai ancora appuntamenti.'}
        hasMore={list.hasMore}
        isLoadingMore={list.isLoadingMore}
        onLoadMore={list.loadMore}
      />
      <CreateBookingDialog opened={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
