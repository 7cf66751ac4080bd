/**
 * /Admin/Dashboard/ConversionTimeline (docs/product.md#business-dashboards): the funnel of each weekly cohort,
 * with the rate of each step and the median days it took.
 */
import { LineChart } from '@mantine/charts';
import { Group } from '@mantine/core';
import { FUNNEL_STEP_LABELS, type ConversionCohort, type FunnelStepName } from '@nutri/shared';
import { useDashboardView } from '../api/dashboard';
import { DashboardPage } from '../components/dashboard-page';
import { CsvButton, DashboardTable, type TableColumn } from '../components/dashboard-table';
import { dayLabel, days, percent } from '../components/format';
import { DayRangeFilter, useDayRange } from '../components/range-filters';

const STEPS = Object.keys(FUNNEL_STEP_LABELS) as FunnelStepName[];
const COLORS = ['teal.6', 'blue.6', 'indigo.6', 'grape.6', 'orange.6', 'red.6'];

const COLUMNS: TableColumn<ConversionCohort>[] = [
  { label: 'Settimana dal', cell: (row) => dayLabel(row.Week) },
  ...STEPS.flatMap((step, index): TableColumn<ConversionCohort>[] => [
    { label: FUNNEL_STEP_LABELS[step], cell: (row) => row.Counts[step], numeric: true },
    ...(index > 0
      ? [
          {
            label: `${FUNNEL_STEP_LABELS[step]}: tasso`,
            cell: (row: ConversionCohort) => percent(row.Rates[step]),
            numeric: true,
          },
          {
            label: `${FUNNEL_STEP_LABELS[step]}: giorni (mediana)`,
            cell: (row: ConversionCohort) => days(row.MedianDays[step]),
            numeric: true,
          },
        ]
      : []),
  ]),
];

export function ConversionTimelinePage() {
  const { range, change } = useDayRange(84);
  const view = useDashboardView<ConversionCohort[]>('ConversionTimeline', range);
  const rows = view.data ?? [];
  return (
    <DashboardPage
      title="Conversioni per settimana"
      description="Per ogni settimana del questionario (o della registrazione): quanti arrivano a ogni passo, il tasso rispetto al passo prima e i giorni che servono (mediana)."
      filters={
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <DayRangeFilter range={range} change={change} />
          <CsvButton columns={COLUMNS} rows={rows} fileName={`conversioni-${range.from}-${range.to}`} />
        </Group>
      }
      state={{ isLoading: view.isLoading, error: view.error, reload: () => void view.mutate() }}
      empty={rows.length === 0}
    >
      <div role="img" aria-label="Grafico a linee: persone a ogni passo del percorso, per settimana">
        <LineChart
          h={300}
          data={rows.map((row) => ({
            week: dayLabel(row.Week),
            ...Object.fromEntries(STEPS.map((step) => [FUNNEL_STEP_LABELS[step], row.Counts[step]])),
          }))}
          dataKey="week"
          withLegend
          legendProps={{ itemSorter: null }}
          series={STEPS.map((step, index) => ({ name: FUNNEL_STEP_LABELS[step], color: COLORS[index]! }))}
        />
      </div>
      <DashboardTable
        caption="Conversioni per settimana"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.Week}
      />
    </DashboardPage>
  );
}
