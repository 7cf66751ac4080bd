/**
 * /Admin/Bookings (BusinessAdmin, docs/product.md#back-office-bookings): every booking of every
 * nutritionist, filtered by status, type, nutritionist, patient, dates (Rome calendar days) and payment,
 * newest or oldest appointment first, 25 a page; the filtered set as CSV; a booking's detail with its
 * history and the back office's actions. Phone first: each booking is a card, and on a phone the filters
 * fold away behind a button that counts the active ones, so the list is what the screen opens on.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Center,
  Collapse,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconDownload } from '@tabler/icons-react';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_TYPES,
  inRome,
  type AdminPatientRef,
  type BookingView,
} from '@nutri/shared';
import { isNetworkError } from '../../../../api/api-error';
import { errorTexts } from '../../../../lib/shared-values';
import { LoadError } from '../../../../ui/load-error';
import { showErrorToast } from '../../../../ui/notify';
import { Page } from '../../../../ui/page';
import { BookingStatusBadge } from '../../../bookings';
import { AdminNutritionistFilter } from '../../nutritionists/components/admin-nutritionist-filter';
import { downloadAdminBookingsCsv, useAdminBookings, type AdminBookingFilters } from '../api/admin-bookings';
import { AdminPatientPicker } from '../components/admin-patient-picker';
import { BookingDetailDrawer } from '../components/booking-detail';
import { useAddressFilters } from '../../../../lib/use-address-filters';

const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

function BookingRow({ booking, onOpen }: { booking: BookingView; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <UnstyledButton
        onClick={onOpen}
        w="100%"
        aria-label={`Apri l’appuntamento n. ${booking.BookingId} di ${booking.Patient.DisplayName}`}
      >
        {/* The status first and whole: a phone has no room for it beside the names. */}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{inRome(booking.BookingTime).format('ddd DD/MM/YYYY HH:mm')}</Text>
            <BookingStatusBadge statusId={booking.BookingStatusId} />
          </Group>
          <Text size="sm" truncate>
            {booking.Patient.DisplayName} · {booking.Nutritionist.DisplayName}
          </Text>
          <Text size="xs" c="dimmed">
            n. {booking.BookingId} · {booking.BookingType.Name} · {euro(booking.TotalPaymentAmount)}
            {booking.PaidAt ? ' · pagato' : booking.TotalPaymentAmount > 0 ? ' · non pagato' : ''}
          </Text>
        </Stack>
      </UnstyledButton>
    </Paper>
  );
}

// The filters live in the address, so a figure of the back-office home can open the list already filtered,
// and a filtered list can be reloaded, bookmarked or sent to a colleague. Anything unreadable is ignored.
const positiveInteger = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};
const calendarDay = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
const filtersFromAddress = (search: URLSearchParams): AdminBookingFilters => {
  const paid = search.get('paid');
  return {
    statusId: positiveInteger(search.get('statusId')),
    bookingTypeId: positiveInteger(search.get('bookingTypeId')),
    nutritionistUserId: search.get('nutritionistUserId') || undefined,
    patientUserId: search.get('patientUserId') || undefined,
    from: calendarDay(search.get('from')),
    to: calendarDay(search.get('to')),
    paid: paid === 'true' || paid === 'false' ? paid : undefined,
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
};

export function AdminBookingsPage() {
  const [search, changeAddress] = useAddressFilters();
  const filters = filtersFromAddress(search);
  const [patient, setPatient] = useState<AdminPatientRef | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [filtersShown, setFiltersShown] = useState(false);
  const activeFilters = (
    ['statusId', 'bookingTypeId', 'nutritionistUserId', 'patientUserId', 'from', 'to', 'paid'] as const
  ).filter((name) => filters[name] !== undefined).length;
  const list = useAdminBookings(filters);
  const set = (change: Partial<AdminBookingFilters>) => changeAddress(change);
  const numberOrUndefined = (value: string | null) => (value ? Number(value) : undefined);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAdminBookingsCsv(filters);
    } catch (error) {
      showErrorToast(isNetworkError(error) ? errorTexts.connectionProblem : errorTexts.cannotLoadData);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Page
      title="Appuntamenti"
      description="Tutti gli appuntamenti di tutti i nutrizionisti. Apri un appuntamento per lo storico e le operazioni."
      head={{ noIndex: true }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Filtri">
          {phone ? (
            <Group justify="space-between" mb={filtersShown ? 'sm' : 0}>
              <Group gap="xs">
                <Text fw={600}>Filtri</Text>
                {activeFilters ? (
                  <Badge variant="light">
                    {activeFilters}
                    <VisuallyHidden>
                      {activeFilters === 1 ? ' filtro attivo' : ' filtri attivi'}
                    </VisuallyHidden>
                  </Badge>
                ) : null}
              </Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                aria-expanded={filtersShown}
                aria-controls="admin-bookings-filters"
                onClick={() => setFiltersShown((shown) => !shown)}
              >
                {filtersShown ? 'Nascondi i filtri' : 'Mostra i filtri'}
              </Button>
            </Group>
          ) : null}
          <Collapse expanded={!phone || filtersShown} id="admin-bookings-filters">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <Select
                label="Stato"
                placeholder="Tutti"
                clearable
                data={Object.entries(BOOKING_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
                value={filters.statusId ? String(filters.statusId) : null}
                onChange={(value) => set({ statusId: numberOrUndefined(value) })}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Tipo"
                placeholder="Tutti"
                clearable
                data={Object.values(BOOKING_TYPES).map((type) => ({
                  value: String(type.BookingTypeId),
                  label: type.Name,
                }))}
                value={filters.bookingTypeId ? String(filters.bookingTypeId) : null}
                onChange={(value) => set({ bookingTypeId: numberOrUndefined(value) })}
                comboboxProps={{ withinPortal: true }}
              />
              <AdminNutritionistFilter
                value={filters.nutritionistUserId ?? null}
                onChange={(value) => set({ nutritionistUserId: value ?? undefined })}
              />
              <AdminPatientPicker
                value={patient}
                onChange={(picked) => {
                  setPatient(picked);
                  set({ patientUserId: picked?.UserId });
                }}
              />
              <TextInput
                type="date"
                label="Dal giorno"
                value={filters.from ?? ''}
                onChange={(event) => set({ from: event.currentTarget.value || undefined })}
              />
              <TextInput
                type="date"
                label="Al giorno"
                value={filters.to ?? ''}
                onChange={(event) => set({ to: event.currentTarget.value || undefined })}
              />
            </SimpleGrid>
            <Group mt="md" gap="md" align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="paid-filter">
                  Pagamento
                </Text>
                <SegmentedControl
                  aria-labelledby="paid-filter"
                  value={filters.paid ?? 'all'}
                  onChange={(value) => set({ paid: value === 'all' ? undefined : value })}
                  data={[
                    { value: 'all', label: 'Tutti' },
                    { value: 'true', label: 'Pagati' },
                    { value: 'false', label: 'Non pagati' },
                  ]}
                />
              </Stack>
              <Select
                label="Ordine"
                data={[
                  { value: 'desc', label: 'Più recenti prima' },
                  { value: 'asc', label: 'Meno recenti prima' },
                ]}
                value={filters.order}
                onChange={(value) => set({ order: value === 'asc' ? 'asc' : 'desc' })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void exportCsv()}
                loading={exporting}
              >
                Esporta CSV
              </Button>
            </Group>
          </Collapse>
        </Paper>
        <section aria-label="Elenco degli appuntamenti" aria-busy={list.isLoading}>
          {list.error && list.bookings.length === 0 ? (
            <LoadError onRetry={() => void list.reload()} />
          ) : list.isLoading ? (
            <Stack gap="sm">
              <Skeleton height={72} radius="md" />
              <Skeleton height={72} radius="md" />
            </Stack>
          ) : list.bookings.length === 0 && !list.hasMore ? (
            <Text c="dimmed">Nessun appuntamento con questi filtri.</Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0}>
              {list.bookings.map((booking) => (
                <BookingRow
                  key={booking.BookingId}
                  booking={booking}
                  onOpen={() => setOpen(booking.BookingId)}
                />
              ))}
            </Stack>
          )}
          {list.hasMore ? (
            <Center mt="md">
              <Button variant="default" onClick={() => void list.loadMore()} loading={list.isLoadingMore}>
                Carica altri
              </Button>
            </Center>
          ) : null}
        </section>
      </Stack>
      <BookingDetailDrawer bookingId={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
