/** Enumerations of docs/product.md#data. Numeric ids are part of the API contract. */
export const BookingType = { FREE: 1, NORMAL: 2, MEALPLAN: 3 } as const;
export type BookingTypeId = (typeof BookingType)[keyof typeof BookingType];

export const BookingStatus = {
  BOOKED: 1,
  COMPLETE: 2,
  CANCELLED: 3,
  WAITINGFORPAYMENT: 4,
  CANCELLEDWITHFEE: 5,
} as const;
export type BookingStatusId = (typeof BookingStatus)[keyof typeof BookingStatus];

export const CancelReason = {
  NUTRITIONIST_CHOICE: 1,
  PATIENT_CHOICE: 2,
  PATIENT_ABSENT: 3,
  CREATED_BY_MISTAKE: 4,
  RESCHEDULE: 5,
} as const;
export type CancelReasonId = (typeof CancelReason)[keyof typeof CancelReason];

export const MESSAGE_TYPES = [
  'SendFile',
  'BookingCreated',
  'BookingModified',
  'BookingCancelled',
  'BookingCompleted',
  'PaymentCompleted',
  'BookingExpired',
  'Deleted',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const EMAIL_EVENTS = [
  'processed',
  'delivered',
  'open',
  'click',
  'dropped',
  'bounce',
  'spamreport',
  'deferred',
] as const;
export type EmailEvent = (typeof EMAIL_EVENTS)[number];
