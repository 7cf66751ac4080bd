/**
 * /Admin/Dashboard/Pivot (docs/product.md#business-dashboards): bookings counted (or their net revenue) by
 * two dimensions chosen among nutritionist, month, booking type, status and patient source.
 */
import { BarChart } from '@mantine/charts';
import { Group, Select } from '@mantine/core';
import {
  PIVOT_DIMENSIONS,
  PIVOT_MEASURES,
  pivotDimensionLabels,
  pivotMeasureLabels,
  type PivotDimension,
  type PivotMeasure,
  type PivotTable,
} from '@nutri/shared';
import { useDashboardView } from '../api/dashboard';
import { DashboardPage } from '../components/dashboard-page';
import { CsvButton, DashboardTable, type TableColumn } from '../components/dashboard-table';
import { euro, monthLabel } from '../components/format';
import { MonthRangeFilter, useMonthRange } from '../components/range-filters';

const COLORS = [
  'teal.6',
  'blue.6',
  'grape.6',
  'orange.6',
  'red.6',
  'indigo.6',
  'lime.7',
  'pink.6',
  'cyan.7',
  'yellow.7',
];

interface PivotLine {
  key: string;
  label: string;
  values: number[];
  total: number;
}

const isDimension = (value: string | null): value is PivotDimension =>
  (PIVOT_DIMENSIONS as readonly (string | null)[]).includes(value);

export function PivotPage() {
  const { range, search, change } = useMonthRange();
  const rowsBy = isDimension(search.get('rows')) ? (search.get('rows') as PivotDimension) : 'nutritionist';
  const fallbackColumns = rowsBy === 'month' ? 'status' : 'month';
  const columnsBy =
    isDimension(search.get('columns')) && search.get('columns') !== rowsBy
      ? (search.get('columns') as PivotDimension)
      : fallbackColumns;
  const measure: PivotMeasure = search.get('measure') === 'revenue' ? 'revenue' : 'count';
  const view = useDashboardView<PivotTable>('Pivot', { ...range, rows: rowsBy, columns: columnsBy, measure });
  const table = view.data;
  const label = (dimension: PivotDimension, key: string, text: string) =>
    dimension === 'month' ? monthLabel(key) : text;
  const format = (value: number) => (measure === 'revenue' ? euro(value) : String(value));
  const lines: PivotLine[] = table
    ? [
        ...table.Rows.map((row, index) => ({
          key: row.Key,
          label: label(rowsBy, row.Key, row.Label),
          values: table.Values[index]!,
          total: table.RowTotals[index]!,
        })),
        { key: '__total', label: 'Totale', values: table.ColumnTotals, total: table.Total },
      ]
    : [];
  const columnLabels = table?.Columns.map((column) => label(columnsBy, column.Key, column.Label)) ?? [];
  const columns: TableColumn<PivotLine>[] = [
    { label: pivotDimensionLabels[rowsBy], cell: (line) => line.label },
    ...columnLabels.map((name, index) => ({
      label: name,
      cell: (line: PivotLine) => format(line.values[index]!),
      numeric: true,
    })),
    { label: 'Totale', cell: (line) => format(line.total), numeric: true },
  ];
  const options = PIVOT_DIMENSIONS.map((value) => ({ value, label: pivotDimensionLabels[value] }));
  return (
    <DashboardPage
      title="Tabella pivot"
      description="Gli appuntamenti del periodo (per mese della visita) incrociati per due dimensioni a scelta."
      filters={
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <Group align="flex-end" wrap="wrap">
            <MonthRangeFilter range={range} change={change} />
            <Select
              label="Righe"
              data={options}
              value={rowsBy}
              allowDeselect={false}
              onChange={(value) =>
                change({ rows: value ?? undefined, ...(value === columnsBy ? { columns: rowsBy } : {}) })
              }
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Colonne"
              data={options.filter((option) => option.value !== rowsBy)}
              value={columnsBy}
              allowDeselect={false}
              onChange={(value) => change({ columns: value ?? undefined })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Misura"
              data={PIVOT_MEASURES.map((value) => ({ value, label: pivotMeasureLabels[value] }))}
              value={measure}
              allowDeselect={false}
              onChange={(value) => change({ measure: value ?? undefined })}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <CsvButton columns={columns} rows={lines} fileName={`pivot-${rowsBy}-${columnsBy}-${measure}`} />
        </Group>
      }
      state={{ isLoading: view.isLoading, error: view.error, reload: () => void view.mutate() }}
      empty={!table || table.Rows.length === 0}
    >
      <div
        role="img"
        aria-label={`Grafico a barre impilate: ${pivotMeasureLabels[measure]} per ${pivotDimensionLabels[rowsBy]} e ${pivotDimensionLabels[columnsBy]}`}
      >
        <BarChart
          // Room for every row's name (a two-line name included), else the axis skips every other one.
          h={Math.max(260, lines.length * 40 + 60)}
          type="stacked"
          orientation="vertical"
          data={lines
            .filter((line) => line.key !== '__total')
            .map((line) => ({
              row: line.label,
              ...Object.fromEntries(
                columnLabels.map((name, index) => [
                  name,
                  measure === 'revenue' ? line.values[index]! / 100 : line.values[index]!,
                ]),
              ),
            }))}
          dataKey="row"
          withLegend
          // The legend in the columns' order (months in time), not alphabetical.
          legendProps={{ itemSorter: null }}
          yAxisProps={{ width: 140, interval: 0 }}
          series={columnLabels.map((name, index) => ({ name, color: COLORS[index % COLORS.length]! }))}
        />
      </div>
      <DashboardTable caption="Tabella pivot" columns={columns} rows={lines} rowKey={(line) => line.key} />
    </DashboardPage>
  );
}
