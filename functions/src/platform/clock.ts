/**
 * The clock business rules read. Tests and the local runtime may shift it (NUTRI_CLOCK_OFFSET_MS) to
 * move time forward without touching the machine's clock.
 */
let offsetMs = Number(process.env.NUTRI_CLOCK_OFFSET_MS ?? 0) || 0;

export const now = (): Date => new Date(Date.now() + offsetMs);

export const setClockOffset = (ms: number) => {
  offsetMs = ms;
};
