/**
 * /Admin/Dashboard/NutritionistConversionRates (docs/product.md#business-dashboards): per nutritionist, the
 * patients registered in the period with them and how far they went, cancellations and the reviews' rating.
 */
import { BarChart } from '@mantine/charts';
import { Group } from '@mantine/core';
import type { NutritionistConversionRate } from '@nutri/shared';
import { useDashboardView } from '../api/dashboard';
import { DashboardPage } from '../components/dashboard-page';
import { CsvButton, DashboardTable, type TableColumn } from '../components/dashboard-table';
import { percent } from '../components/format';
import { MonthRangeFilter, useMonthRange } from '../components/range-filters';

const COLUMNS: TableColumn<NutritionistConversionRate>[] = [
  { label: 'Nutrizionista', cell: (row) => row.Name },
  { label: 'Pazienti assegnati', cell: (row) => row.Patients, numeric: true },
  { label: 'Conoscitivi svolti', cell: (row) => row.IntroDone, numeric: true },
  { label: 'Passati a visita pagata', cell: (row) => row.IntroToPaid, numeric: true },
  { label: 'Conversione', cell: (row) => percent(row.ConversionRate), numeric: true },
  { label: 'Pazienti con 3 o più visite', cell: (row) => row.ThreeVisits, numeric: true },
  { label: 'Annullamenti', cell: (row) => row.Cancellations, numeric: true },
  { label: 'Recensioni', cell: (row) => row.Ratings, numeric: true },
  {
    label: 'Voto medio',
    cell: (row) => (row.AverageRating === null ? '—' : row.AverageRating.toFixed(1).replace('.', ',')),
    numeric: true,
  },
];

export function NutritionistConversionRatesPage() {
  const { range, change } = useMonthRange();
  const view = useDashboardView<NutritionistConversionRate[]>('NutritionistConversionRates', range);
  const rows = view.data ?? [];
  return (
    <DashboardPage
      title="Conversioni per nutrizionista"
      description="Pazienti registrati nel periodo con ogni nutrizionista: conoscitivi svolti, passaggio alla visita pagata, pazienti fedeli; annullamenti e recensioni del periodo."
      filters={
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <MonthRangeFilter range={range} change={change} />
          <CsvButton
            columns={COLUMNS}
            rows={rows}
            fileName={`conversioni-nutrizionisti-${range.from}-${range.to}`}
          />
        </Group>
      }
      state={{ isLoading: view.isLoading, error: view.error, reload: () => void view.mutate() }}
      empty={rows.length === 0}
    >
      <div
        role="img"
        aria-label="Grafico a barre: conversione dal conoscitivo alla visita pagata per nutrizionista, in percentuale"
      >
        <BarChart
          h={Math.max(240, rows.length * 32)}
          orientation="vertical"
          data={rows.map((row) => ({
            name: row.Name,
            'Conversione (%)': row.ConversionRate === null ? 0 : Math.round(row.ConversionRate * 100),
          }))}
          dataKey="name"
          yAxisProps={{ width: 160, interval: 0 }}
          series={[{ name: 'Conversione (%)', color: 'teal.7' }]}
        />
      </div>
      <DashboardTable
        caption="Conversioni per nutrizionista"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.NutritionistUserId}
      />
    </DashboardPage>
  );
}
