/**
 * /Admin/Dashboard/NutritionistPatientTimeline (docs/product.md#business-dashboards): one nutritionist's
 * patients as rows and their visits as marks along time (a swimlane), those longest without a visit held
 * first, to see who is drifting away.
 */
import { ScatterChart } from '@mantine/charts';
import { Group, Pagination, Text } from '@mantine/core';
import {
  BOOKING_STATUS_LABELS,
  BookingStatus,
  type BookingStatusId,
  type PatientTimeline,
  type PatientTimelineRow,
} from '@nutri/shared';
import { AdminNutritionistFilter } from '../../nutritionists/components/admin-nutritionist-filter';
import { useDashboardView } from '../api/dashboard';
import { DashboardPage } from '../components/dashboard-page';
import { CsvButton, DashboardTable, type TableColumn } from '../components/dashboard-table';
import { dateTimeLabel, dayLabel } from '../components/format';
import { DayRangeFilter, useDayRange } from '../components/range-filters';

const DAY_MS = 86_400_000;
const STATUS_COLORS: Record<number, string> = {
  [BookingStatus.COMPLETE]: 'teal.7',
  [BookingStatus.BOOKED]: 'blue.6',
  [BookingStatus.WAITINGFORPAYMENT]: 'yellow.7',
  [BookingStatus.CANCELLED]: 'gray.6',
  [BookingStatus.CANCELLEDWITHFEE]: 'red.7',
};

const daysSince = (instant: string | null, now: number) =>
  instant === null ? '—' : String(Math.max(0, Math.floor((now - Date.parse(instant)) / DAY_MS)));

export function NutritionistPatientTimelinePage() {
  const { range, search, change } = useDayRange(183);
  // Another nutritionist or period starts again from the first page.
  const changeFilters: typeof change = (changes) => change({ ...changes, page: undefined });
  const nutritionistUserId = search.get('nutritionistUserId');
  const page = Math.max(1, Math.floor(Number(search.get('page') ?? 1)) || 1);
  const view = useDashboardView<PatientTimeline>(
    'NutritionistPatientTimeline',
    nutritionistUserId ? { ...range, nutritionistUserId, page: String(page) } : null,
  );
  const patients = view.data?.Patients ?? [];
  const pages = view.data ? Math.ceil(view.data.PatientCount / view.data.PageSize) : 0;
  const now = Date.now();
  const columns: TableColumn<PatientTimelineRow>[] = [
    { label: 'Paziente', cell: (row) => row.Name },
    { label: 'Visite nel periodo', cell: (row) => row.Visits.length, numeric: true },
    { label: 'Ultima visita svolta', cell: (row) => (row.LastVisit ? dateTimeLabel(row.LastVisit) : '—') },
    { label: 'Giorni dall’ultima visita', cell: (row) => daysSince(row.LastVisit, now), numeric: true },
    {
      label: 'Visite',
      cell: (row) =>
        row.Visits.map(
          (visit) =>
            `${dateTimeLabel(visit.BookingTime)} (${BOOKING_STATUS_LABELS[visit.BookingStatusId as BookingStatusId]})`,
        ).join(', '),
    },
  ];
  // One lane per patient (y), one mark per visit (x: its day), coloured by status.
  const series = Object.entries(STATUS_COLORS).map(([status, color]) => ({
    name: BOOKING_STATUS_LABELS[Number(status) as BookingStatusId],
    color,
    data: patients.flatMap((patient, lane) =>
      patient.Visits.filter((visit) => visit.BookingStatusId === Number(status)).map((visit) => ({
        giorno: Date.parse(visit.BookingTime),
        paziente: patients.length - lane,
      })),
    ),
  }));
  return (
    <DashboardPage
      title="Pazienti di un nutrizionista"
      description="I pazienti di un nutrizionista e le loro visite nel tempo: in alto chi non ha una visita svolta da più tempo."
      filters={
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <Group align="flex-end" wrap="wrap">
            <AdminNutritionistFilter
              value={nutritionistUserId}
              onChange={(value) => changeFilters({ nutritionistUserId: value ?? undefined })}
              maw={320}
            />
            <DayRangeFilter range={range} change={changeFilters} />
          </Group>
          <CsvButton
            columns={columns}
            rows={patients}
            fileName={`pazienti-${range.from}-${range.to}${pages > 1 ? `-pagina-${page}` : ''}`}
          />
        </Group>
      }
      state={{
        isLoading: Boolean(nutritionistUserId) && view.isLoading,
        error: view.error,
        reload: () => void view.mutate(),
      }}
      empty={patients.length === 0}
    >
      {!nutritionistUserId ? null : (
        <>
          <div
            role="img"
            aria-label={`Grafico a corsie: visite dei pazienti di ${view.data?.Name ?? ''} nel periodo`}
          >
            <ScatterChart
              h={Math.max(220, patients.length * 30 + 80)}
              data={series}
              dataKey={{ x: 'giorno', y: 'paziente' }}
              withLegend
              legendProps={{ itemSorter: null }}
              xAxisProps={{
                type: 'number',
                domain: [Date.parse(`${range.from}T00:00:00Z`), Date.parse(`${range.to}T23:59:59Z`)],
                tickFormatter: (value: number) => dayLabel(new Date(value).toISOString().slice(0, 10)),
              }}
              yAxisProps={{
                width: 140,
                domain: [0, patients.length + 1],
                ticks: patients.map((_, lane) => patients.length - lane),
                tickFormatter: (value: number) => patients[patients.length - value]?.Name ?? '',
              }}
              valueFormatter={{
                x: (value) => dateTimeLabel(new Date(value).toISOString()),
                y: (value) => patients[patients.length - value]?.Name ?? '',
              }}
            />
          </div>
          <Text size="sm" c="dimmed">
            Ogni riga è un paziente, ogni punto una visita, colorata per stato.
          </Text>
        </>
      )}
      <DashboardTable
        caption={`Pazienti di ${view.data?.Name ?? ''}${pages > 1 ? ` (pagina ${page} di ${pages})` : ''}`}
        columns={columns}
        rows={patients}
        rowKey={(row) => row.PatientUserId}
      />
      {pages > 1 ? (
        <Group component="nav" aria-label="Pagine dei pazienti" justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={(value) => change({ page: value === 1 ? undefined : String(value) })}
            getItemProps={(value) => ({ 'aria-label': `Pagina ${value}` })}
            getControlProps={(control) =>
              ({
                first: { 'aria-label': 'Prima pagina' },
                previous: { 'aria-label': 'Pagina precedente' },
                next: { 'aria-label': 'Pagina successiva' },
                last: { 'aria-label': 'Ultima pagina' },
              })[control]
            }
          />
        </Group>
      ) : null}
    </DashboardPage>
  );
}
