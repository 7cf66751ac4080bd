/**
 * The back office's copy of bookings stored before it existed (bookings-repo.ts, `ADMINVIEW`): the
 * `index-back-office` job and the local seed run it. Reads each nutritionist's bookings (a Query per
 * nutritionist, never a Scan) and writes a copy only where it is missing or older than the booking.
 */
import { listRoleMembers } from '../accounts';
import { allNutritionistBookings, writeMissingAdminView } from './bookings-repo';

export const indexAllAdminBookings = async () => {
  const summary = { bookings: 0, written: 0 };
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listRoleMembers('Nutritionist', '', 100, cursor);
    for (const member of page.members)
      for await (const booking of allNutritionistBookings(member.userId)) {
        summary.bookings += 1;
        if (await writeMissingAdminView(booking)) summary.written += 1;
      }
    cursor = page.next;
  } while (cursor);
  return summary;
};
