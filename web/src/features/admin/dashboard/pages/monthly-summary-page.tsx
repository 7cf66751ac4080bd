/** /Admin/Dashboard/MonthlySummary (docs/product.md#business-dashboards): the service month by month. */
import { BarChart } from '@mantine/charts';
import { Group } from '@mantine/core';
import type { MonthlySummaryRow } from '@nutri/shared';
import { useDashboardView } from '../api/dashboard';
import { DashboardPage } from '../components/dashboard-page';
import { CsvButton, DashboardTable, type TableColumn } from '../components/dashboard-table';
import { MoneyBarChart } from '../components/money-bar-chart';
import { euro, monthLabel } from '../components/format';
import { MonthRangeFilter, useMonthRange } from '../components/range-filters';

const COLUMNS: TableColumn<MonthlySummaryRow>[] = [
  { label: 'Mese', cell: (row) => monthLabel(row.Month) },
  { label: 'Questionari', cell: (row) => row.Questionnaires, numeric: true },
  { label: 'Registrazioni', cell: (row) => row.Registrations, numeric: true },
  { label: 'Conoscitivi prenotati', cell: (row) => row.IntroBooked, numeric: true },
  { label: 'Conoscitivi svolti', cell: (row) => row.IntroDone, numeric: true },
  { label: 'Prime visite pagate', cell: (row) => row.FirstPaidVisits, numeric: true },
  { label: 'Visite pagate', cell: (row) => row.PaidVisits, numeric: true },
  { label: 'Incassi', cell: (row) => euro(row.Revenue), numeric: true },
  { label: 'Rimborsi', cell: (row) => euro(row.Refunded), numeric: true },
  { label: 'Annullati senza penale', cell: (row) => row.Cancellations, numeric: true },
  { label: 'Annullati con penale', cell: (row) => row.CancellationsWithFee, numeric: true },
];

export function MonthlySummaryPage() {
  const { range, change } = useMonthRange();
  const view = useDashboardView<MonthlySummaryRow[]>('MonthlySummary', range);
  const rows = view.data ?? [];
  const empty = rows.every((row) =>
    Object.values(row).every((value) => typeof value === 'string' || value === 0),
  );
  return (
    <DashboardPage
      title="Riepilogo mensile"
      description="Questionari, registrazioni, visite, incassi, rimborsi e annullamenti di ogni mese."
      filters={
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <MonthRangeFilter range={range} change={change} />
          <CsvButton columns={COLUMNS} rows={rows} fileName={`riepilogo-mensile-${range.from}-${range.to}`} />
        </Group>
      }
      state={{ isLoading: view.isLoading, error: view.error, reload: () => void view.mutate() }}
      empty={empty}
    >
      <div role="img" aria-label="Grafico a barre: andamento mensile di questionari, registrazioni e visite">
        <BarChart
          h={300}
          data={rows.map((row) => ({
            month: monthLabel(row.Month),
            Questionari: row.Questionnaires,
            Registrazioni: row.Registrations,
            'Conoscitivi svolti': row.IntroDone,
            'Visite pagate': row.PaidVisits,
          }))}
          dataKey="month"
          withLegend
          legendProps={{ itemSorter: null }}
          series={[
            { name: 'Questionari', color: 'teal.6' },
            { name: 'Registrazioni', color: 'blue.6' },
            { name: 'Conoscitivi svolti', color: 'grape.6' },
            { name: 'Visite pagate', color: 'orange.6' },
          ]}
        />
      </div>
      <MoneyBarChart
        label="Grafico a barre: incassi e rimborsi di ogni mese, in euro"
        height={220}
        names={['Incassi', 'Rimborsi']}
        bars={rows.map((row) => ({
          period: monthLabel(row.Month),
          paid: row.Revenue,
          refunded: row.Refunded,
        }))}
      />
      <DashboardTable caption="Riepilogo mensile" columns={COLUMNS} rows={rows} rowKey={(row) => row.Month} />
    </DashboardPage>
  );
}
