/**
 * The views' period filters, kept in the address (a view can be reloaded or sent as a link): a range of
 * months or of days, on the Rome calendar, chosen with date-range pickers.
 */
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { addRomeDays, romeDate } from '@nutri/shared';
import { useAddressFilters } from '../../../../lib/use-address-filters';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const shiftMonth = (month: string, months: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** `?from=YYYY-MM&to=YYYY-MM`, by default the last twelve months (this one included). */
export const useMonthRange = () => {
  const [search, change] = useAddressFilters();
  const current = romeDate(new Date()).slice(0, 7);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range =
    MONTH.test(from) && MONTH.test(to) && from <= to
      ? { from, to }
      : { from: shiftMonth(current, -11), to: current };
  return { range, search, change };
};

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, by default the last `days` days (today included). */
export const useDayRange = (days: number) => {
  const [search, change] = useAddressFilters();
  const today = romeDate(new Date());
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range =
    DAY.test(from) && DAY.test(to) && from <= to
      ? { from, to }
      : { from: addRomeDays(today, 1 - days), to: today };
  return { range, search, change };
};

type Change = (changes: Record<string, string | undefined>) => void;

export function MonthRangeFilter({ range, change }: { range: { from: string; to: string }; change: Change }) {
  return (
    <MonthPickerInput
      type="range"
      label="Periodo (mesi)"
      valueFormat="MMMM YYYY"
      value={[`${range.from}-01`, `${range.to}-01`]}
      onChange={([from, to]) => {
        if (from && to) change({ from: from.slice(0, 7), to: to.slice(0, 7) });
      }}
      maw={360}
    />
  );
}

export function DayRangeFilter({ range, change }: { range: { from: string; to: string }; change: Change }) {
  return (
    <DatePickerInput
      type="range"
      label="Periodo (giorni)"
      valueFormat="DD/MM/YYYY"
      value={[range.from, range.to]}
      onChange={([from, to]) => {
        if (from && to) change({ from: from.slice(0, 10), to: to.slice(0, 10) });
      }}
      maw={360}
    />
  );
}
