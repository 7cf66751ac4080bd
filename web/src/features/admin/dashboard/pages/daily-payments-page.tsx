/**
 * /Admin/Dashboard/DailyPayments (docs/product.md#business-dashboards): payments, refunds and net of each
 * day, and every payment and refund of a chosen day.
 */
import { Group, Select, Title } from '@mantine/core';
import type { DailyPaymentEntry, DailyPayments, DailyPaymentsDay } from '@nutri/shared';
import { useDashboardView } from '../api/dashboard';
import { DashboardPage } from '../components/dashboard-page';
import { CsvButton, DashboardTable, type TableColumn } from '../components/dashboard-table';
import { MoneyBarChart } from '../components/money-bar-chart';
import { dateTimeLabel, dayLabel, euro } from '../components/format';
import { DayRangeFilter, useDayRange } from '../components/range-filters';

const DAY_COLUMNS: TableColumn<DailyPaymentsDay>[] = [
  { label: 'Giorno', cell: (row) => dayLabel(row.Date) },
  { label: 'Pagamenti', cell: (row) => row.Payments, numeric: true },
  { label: 'Incassato', cell: (row) => euro(row.Amount), numeric: true },
  { label: 'Rimborsi', cell: (row) => row.Refunds, numeric: true },
  { label: 'Rimborsato', cell: (row) => euro(row.Refunded), numeric: true },
  { label: 'Netto', cell: (row) => euro(row.Net), numeric: true },
];

const ENTRY_COLUMNS: TableColumn<DailyPaymentEntry>[] = [
  { label: 'Ora', cell: (row) => dateTimeLabel(row.At) },
  { label: 'Movimento', cell: (row) => (row.Kind === 'refund' ? 'Rimborso' : 'Pagamento') },
  { label: 'Appuntamento', cell: (row) => `n. ${row.BookingId}` },
  { label: 'Paziente', cell: (row) => row.PatientName },
  { label: 'Nutrizionista', cell: (row) => row.NutritionistName },
  { label: 'Importo', cell: (row) => euro(row.Kind === 'refund' ? -row.Amount : row.Amount), numeric: true },
];

export function DailyPaymentsPage() {
  const { range, search, change } = useDayRange(30);
  const chosen = search.get('day');
  const day = chosen && chosen >= range.from && chosen <= range.to ? chosen : undefined;
  const view = useDashboardView<DailyPayments>('DailyPayments', { ...range, day });
  const days = view.data?.Days ?? [];
  const entries = view.data?.Entries ?? [];
  const active = days.filter((entry) => entry.Payments || entry.Refunds);
  return (
    <DashboardPage
      title="Pagamenti giornalieri"
      description="Pagamenti e rimborsi di ogni giorno, con il netto, e l’elenco dei movimenti di un giorno."
      filters={
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <DayRangeFilter range={range} change={change} />
          <CsvButton columns={DAY_COLUMNS} rows={days} fileName={`pagamenti-${range.from}-${range.to}`} />
        </Group>
      }
      state={{ isLoading: view.isLoading, error: view.error, reload: () => void view.mutate() }}
      empty={active.length === 0}
    >
      <MoneyBarChart
        label="Grafico a barre: incassato e rimborsato di ogni giorno, in euro"
        height={260}
        names={['Incassato', 'Rimborsato']}
        bars={days.map((entry) => ({
          period: dayLabel(entry.Date),
          paid: entry.Amount,
          refunded: entry.Refunded,
        }))}
      />
      <DashboardTable
        caption="Pagamenti per giorno"
        columns={DAY_COLUMNS}
        rows={days}
        rowKey={(row) => row.Date}
      />
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Movimenti del {view.data?.Day ? dayLabel(view.data.Day) : '—'}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Giorno"
            data={active.map((entry) => ({ value: entry.Date, label: dayLabel(entry.Date) }))}
            value={view.data?.Day ?? null}
            allowDeselect={false}
            onChange={(value) => change({ day: value ?? undefined })}
            comboboxProps={{ withinPortal: true }}
          />
          <CsvButton columns={ENTRY_COLUMNS} rows={entries} fileName={`movimenti-${view.data?.Day ?? ''}`} />
        </Group>
      </Group>
      <DashboardTable
        caption="Movimenti del giorno"
        columns={ENTRY_COLUMNS}
        rows={entries}
        rowKey={(row) => `${row.At}-${row.Kind}-${row.BookingId}`}
      />
    </DashboardPage>
  );
}
