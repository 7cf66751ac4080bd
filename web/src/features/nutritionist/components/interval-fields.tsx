/**
 * The "Dalle" and "Alle" pickers of one availability interval (docs/product.md#calendar), on the Rome wall
 * clock in the date-time picker's steps. The caller lays them out: side by side in the day's dialog, in a
 * row with its delete button in the weekly template.
 */
import { NativeSelect } from '@mantine/core';
import { TIMES } from './interval-times';

export function IntervalFields({
  start,
  end,
  onStartChange,
  onEndChange,
  size,
  context,
}: {
  start: string;
  end: string;
  onStartChange: (time: string) => void;
  onEndChange: (time: string) => void;
  size?: 'xs';
  /** Which interval, when several stand together: the screen reader hears "Dalle, lunedì intervallo 1". */
  context?: string;
}) {
  const fields = [
    { label: 'Dalle', value: start, onChange: onStartChange },
    { label: 'Alle', value: end, onChange: onEndChange },
  ];
  return (
    <>
      {fields.map((field) => (
        <NativeSelect
          key={field.label}
          label={field.label}
          aria-label={context ? `${field.label}, ${context}` : undefined}
          data={TIMES}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          size={size}
        />
      ))}
    </>
  );
}
