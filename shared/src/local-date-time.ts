/**
 * Whether a string is a real `YYYY-MM-DDTHH:mm` local date-time (docs/product.md#validation): the pattern,
 * and a calendar date and time that exist (no 30 February, no 24:00). Kept apart from time.ts, and free of
 * dayjs, because request schemas use it: a Lambda that validates a date-time need not load dayjs at start.
 */
export const isLocalDateTime = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Date.UTC rolls an impossible field over (30 February becomes 2 March): a real one comes back unchanged.
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month - 1 &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute
  );
};
