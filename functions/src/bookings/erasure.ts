/**
 * The bookings area's part of a patient's erasure (docs/product.md#privacy-centre). The bookings and their
 * history stay for the statistics: they name the patient only by id, and the account behind the id is
 * emptied. The nutritionists' reminders about the patient (free text) go.
 */
import { deleteItems, indexItems } from '../platform/personal-data';

export const erasePatientReminders = async (userId: string): Promise<number> => {
  const bookings = await indexItems('gsi1', `PATIENT#${userId}#BOOKINGS`);
  const nutritionists = new Set(
    bookings.flatMap((booking) =>
      typeof booking.NutritionistUserId === 'string' ? [booking.NutritionistUserId] : [],
    ),
  );
  const reminders = await Promise.all(
    [...nutritionists].map((id) => indexItems('gsi1', `REMINDERS#${id}#${userId}`)),
  );
  return deleteItems(reminders.flat());
};
