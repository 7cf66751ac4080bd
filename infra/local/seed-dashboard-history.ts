/**
 * The demo's year of history for the business dashboards (docs/product.md#business-dashboards), written once
 * and counted by the rebuild job; its first booking, written last, marks it done.
 */
import { getBooking } from '@nutri/functions/bookings/bookings-repo';
import { rebuildAggregates } from '@nutri/functions/dashboards/rebuild';
import { putAll } from '@nutri/functions/platform/db/batch-write';
import { dashboardHistoryItems } from './dashboard-history';

const FIRST_BOOKING_ID = 5_000_000;
const DEMO_BOOKINGS = 700;

/** Whether the demo's history is written and counted (its marker booking is there). */
export const demoHistorySeeded = async () => (await getBooking(FIRST_BOOKING_ID)) !== null;

/**
 * `skipStream` makes the aggregation stream leave the seed's records unread: the rebuild counts them at once,
 * and the start-up does not wait for the stream to go through them one by one.
 */
export const seedDashboardHistory = async (
  nutritionistIds: readonly string[],
  skipStream: () => Promise<void>,
) => {
  if (await getBooking(FIRST_BOOKING_ID)) return { bookings: 0 };
  const history = dashboardHistoryItems({
    nutritionistIds,
    bookings: DEMO_BOOKINGS,
    months: 12,
    now: new Date(),
    idPrefix: '5d0c1a38-57a0-4000-8000',
    firstBookingId: FIRST_BOOKING_ID,
  });
  // The first booking is the marker: written last, once the rest is counted (the stream counts it).
  const isMarker = (item: Record<string, unknown>) => item.pk === `BOOKING#${FIRST_BOOKING_ID}`;
  await putAll(
    history.items.filter((item) => !isMarker(item)),
    8,
  );
  await skipStream();
  const report = await rebuildAggregates({ repair: true });
  await putAll(history.items.filter(isMarker));
  return { bookings: history.bookings, patients: history.patients, differences: report.differenceCount };
};
