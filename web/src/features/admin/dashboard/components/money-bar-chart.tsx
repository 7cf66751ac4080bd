/**
 * Money in and money refunded per period (a day, a month), side by side in euros: the chart of the monthly
 * summary's amounts and of the daily payments.
 */
import { BarChart } from '@mantine/charts';
import { euro } from './format';

export interface MoneyBars {
  /** The period as shown on the axis. */
  period: string;
  /** Cents in. */
  paid: number;
  /** Cents refunded. */
  refunded: number;
}

export function MoneyBarChart({
  label,
  height,
  names,
  bars,
}: {
  label: string;
  height: number;
  /** The series' names: money in, then money refunded. */
  names: readonly [string, string];
  bars: readonly MoneyBars[];
}) {
  const [paid, refunded] = names;
  return (
    <div role="img" aria-label={label}>
      <BarChart
        h={height}
        data={bars.map((bar) => ({
          period: bar.period,
          [paid]: bar.paid / 100,
          [refunded]: bar.refunded / 100,
        }))}
        dataKey="period"
        withLegend
        legendProps={{ itemSorter: null }}
        valueFormatter={(value) => euro(Math.round(value * 100))}
        series={[
          { name: paid, color: 'green.7' },
          { name: refunded, color: 'red.7' },
        ]}
      />
    </div>
  );
}
