/** Lambda entry of the `bookings` area: availability, slots, bookings, reminders. */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { bookingsRoutes } from '../route-table/bookings';
import { isSessionActive } from '../accounts/start';

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadAvailability = () => import('./availability');
const loadNutritionistBookings = () => import('./nutritionist-bookings');
const loadPatientBookings = () => import('./patient-bookings');
const loadReminders = () => import('./reminders');
const loadAdminBookings = () => import('./admin-bookings');
const loadBookingTypes = () => import('./booking-types');
const loadGoogleCalendar = () => import('./google-calendar-connect');
const loadCalendar = () => import('./availability-calendar');

export const handler = createAreaHandler(
  bookingsRoutes,
  {
    rest: {
      listDailyAvailabilities: lazyOperation(loadAvailability, 'listDailyAvailabilities'),
      createDailyAvailability: lazyOperation(loadAvailability, 'createDailyAvailability'),
      deleteDailyAvailability: lazyOperation(loadAvailability, 'deleteDailyAvailability'),
      getNutritionistCalendar: lazyOperation(loadCalendar, 'getNutritionistCalendar'),
      getAvailabilityTemplate: lazyOperation(loadCalendar, 'getAvailabilityTemplate'),
      putAvailabilityTemplate: lazyOperation(loadCalendar, 'putAvailabilityTemplate'),
      putAvailabilityException: lazyOperation(loadCalendar, 'putAvailabilityException'),
      deleteAvailabilityException: lazyOperation(loadCalendar, 'deleteAvailabilityException'),
      copyAvailabilityWeek: lazyOperation(loadCalendar, 'copyAvailabilityWeek'),
      getSlotsForIntroductionVisit: lazyOperation(loadPatientBookings, 'getSlotsForIntroductionVisit'),
      getSlotsForPaidVisit: lazyOperation(loadPatientBookings, 'getSlotsForPaidVisit'),
      createIntroductionVisitFromCalendarSlot: lazyOperation(
        loadPatientBookings,
        'createIntroductionVisitFromCalendarSlot',
      ),
      createPaidVisitFromCalendarSlot: lazyOperation(loadPatientBookings, 'createPaidVisitFromCalendarSlot'),
      cancelIntroductionVisit: lazyOperation(loadPatientBookings, 'cancelIntroductionVisit'),
      listPatientBookings: lazyOperation(loadPatientBookings, 'listPatientBookingsOperation'),
      getPatientBooking: lazyOperation(loadPatientBookings, 'getPatientBooking'),
      createNutritionistBooking: lazyOperation(loadNutritionistBookings, 'createNutritionistBooking'),
      listNutritionistBookings: lazyOperation(loadNutritionistBookings, 'listNutritionistBookings'),
      getNutritionistBooking: lazyOperation(loadNutritionistBookings, 'getNutritionistBooking'),
      cancelBooking: lazyOperation(loadNutritionistBookings, 'cancelBooking'),
      modifyBookingTime: lazyOperation(loadNutritionistBookings, 'modifyBookingTime'),
      completeBooking: lazyOperation(loadNutritionistBookings, 'completeBooking'),
      getPatientPrice: lazyOperation(loadNutritionistBookings, 'getPatientPrice'),
      searchOwnPatients: lazyOperation(loadNutritionistBookings, 'searchOwnPatients'),
      listReminders: lazyOperation(loadReminders, 'listReminders'),
      listBookingTypes: lazyOperation(loadBookingTypes, 'listBookingTypes'),
      createReminder: lazyOperation(loadReminders, 'createReminder'),
      updateReminder: lazyOperation(loadReminders, 'updateReminder'),
      deleteReminder: lazyOperation(loadReminders, 'deleteReminderOperation'),
      listAdminBookings: lazyOperation(loadAdminBookings, 'listAdminBookings'),
      exportAdminBookings: lazyOperation(loadAdminBookings, 'exportAdminBookings'),
      getAdminBooking: lazyOperation(loadAdminBookings, 'getAdminBooking'),
      adminCancelBooking: lazyOperation(loadAdminBookings, 'adminCancelBooking'),
      adminMoveBooking: lazyOperation(loadAdminBookings, 'adminMoveBooking'),
      adminCompleteBooking: lazyOperation(loadAdminBookings, 'adminCompleteBooking'),
      adminSendPaymentLink: lazyOperation(loadAdminBookings, 'adminSendPaymentLink'),
      getGoogleCalendar: lazyOperation(loadGoogleCalendar, 'getGoogleCalendar'),
      disconnectGoogleCalendar: lazyOperation(loadGoogleCalendar, 'disconnectGoogleCalendar'),
      startGoogleCalendarConnection: lazyOperation(loadGoogleCalendar, 'startGoogleCalendarConnection'),
      completeGoogleCalendarConnection: lazyOperation(loadGoogleCalendar, 'completeGoogleCalendarConnection'),
      saveGoogleCalendarChoice: lazyOperation(loadGoogleCalendar, 'saveGoogleCalendarChoice'),
    },
    webSocket: {},
  },
  isSessionActive,
);
