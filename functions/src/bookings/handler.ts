/** Lambda entry of the `bookings` area: availability, slots, bookings, reminders. */
import { createAreaHandler } from '../http/area-handler';
import { bookingsRoutes } from '../route-table/bookings';
import { isSessionActive } from '../accounts';
import { createDailyAvailability, deleteDailyAvailability, listDailyAvailabilities } from './availability';
import {
  cancelBooking,
  completeBooking,
  createNutritionistBooking,
  getNutritionistBooking,
  getPatientPrice,
  listNutritionistBookings,
  modifyBookingTime,
  searchOwnPatients,
} from './nutritionist-bookings';
import {
  cancelIntroductionVisit,
  createIntroductionVisitFromCalendarSlot,
  createPaidVisitFromCalendarSlot,
  getPatientBooking,
  getSlotsForIntroductionVisit,
  getSlotsForPaidVisit,
  listPatientBookingsOperation,
} from './patient-bookings';
import { createReminder, deleteReminderOperation, listReminders, updateReminder } from './reminders';

export const handler = createAreaHandler(
  bookingsRoutes,
  {
    rest: {
      listDailyAvailabilities,
      createDailyAvailability,
      deleteDailyAvailability,
      getSlotsForIntroductionVisit,
      getSlotsForPaidVisit,
      createIntroductionVisitFromCalendarSlot,
      createPaidVisitFromCalendarSlot,
      cancelIntroductionVisit,
      listPatientBookings: listPatientBookingsOperation,
      getPatientBooking,
      createNutritionistBooking,
      listNutritionistBookings,
      getNutritionistBooking,
      cancelBooking,
      modifyBookingTime,
      completeBooking,
      getPatientPrice,
      searchOwnPatients,
      listReminders,
      createReminder,
      updateReminder,
      deleteReminder: deleteReminderOperation,
    },
    webSocket: {},
  },
  isSessionActive,
);
