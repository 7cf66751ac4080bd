/**
 * Response shapes of the booking, availability, slot and reminder calls (docs/product.md#data and #api), written
 * once so the handlers that build them and the web pages that read them cannot drift apart.
 */
import type { BookingStatusId, BookingTypeId, CancelReasonId } from './domain';
import type { VideoPresenceView } from './video';

export interface UserRef {
  UserId: string;
  DisplayName: string;
}

/**
 * A nutritionist's own patient as the pickers and lists show them: the e-mail is the second line that
 * tells two patients of the same name apart (null if the account is gone).
 */
export interface OwnPatientRef extends UserRef {
  Email: string | null;
}

/** Booking of docs/product.md#data. BookingTime is an ISO instant; Price, Discount and TotalPaymentAmount in cents. */
export interface BookingView {
  BookingId: number;
  BookingTime: string;
  BookingStatusId: BookingStatusId;
  BookingTypeId: BookingTypeId;
  BookingType: { BookingTypeId: BookingTypeId; Name: string };
  PatientUserId: string;
  Patient: UserRef;
  NutritionistUserId: string;
  Nutritionist: UserRef;
  Price: number;
  Discount: number;
  TotalPaymentAmount: number;
  Duration: number;
  CancelReasonId: CancelReasonId | null;
  RefundOwed: boolean;
  /** docs/product.md#data, the two payment-account flags (false while unpaid). */
  IsPaidOnNewAccount: boolean;
  IsPaidOnProviderAccount: boolean;
  /** When the payment was received (ISO), null while unpaid. */
  PaidAt: string | null;
  /** The refund of a paid booking cancelled in time: null until issued, then pending or succeeded. */
  RefundState: 'pending' | 'succeeded' | 'failed' | null;
  /** Entering and leaving the video room (docs/product.md#video-room); null when nobody ever entered. */
  VideoPresence: VideoPresenceView | null;
}

/** A page of a list call: `NextCursor` is null on the last page. */
export interface CursorPage<T> {
  Data: T[];
  Count: number;
  NextCursor: string | null;
}

/** Availability interval of a day (`IntervalDate` YYYY-MM-DD, `HH:mm` Rome wall-clock times). */
export interface DailyAvailabilityView {
  IntervalId: number;
  IntervalDate: string;
  IntervalStart: string;
  IntervalEnd: string;
}

/** Free slots: Rome calendar date (YYYY-MM-DD) to its start times (`HH:mm`), in order. */
export type SlotsByDate = Record<string, string[]>;

export interface ReminderView {
  ReminderId: number;
  PatientUserId: string;
  PatientUserProfile: { DisplayName: string };
  Description: string;
  Date: string;
  Checked: boolean;
}

/** Price and duration a booking type has for a patient (`Patients/{id}/Price/{type}`). */
export interface PatientPriceView {
  Price: number;
  Duration: number;
}
