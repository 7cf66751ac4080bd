/**
 * What the nutritionists area asks of the bookings area. Reviews are about visits, but bookings depends on
 * nutritionists (a booking reads the nutritionist's profile and keeps the profile's "free slots" flag), so
 * nutritionists cannot import bookings without a cycle between areas
 * (docs/decisions/0015-area-boundaries.md). The nutritionists Lambda's composition root
 * (nutritionists/handler.ts) connects these at start-up; used before that, the area fails loudly.
 */
import type { BookingStatusId, BookingTypeId } from '@nutri/shared';
import type { SignedInActor } from '../http/actor';
import { collaboratorSlot } from '../platform/collaborators';

/** What a review needs to know of a visit: whose it is and whether it took place. */
export interface ReviewedVisit {
  BookingId: number;
  /** ISO instant (UTC). */
  BookingTime: string;
  BookingStatusId: BookingStatusId;
  BookingTypeId: BookingTypeId;
  PatientUserId: string;
  NutritionistUserId: string;
}

export interface NutritionistsCollaborators {
  /** Bookings: the patient's own booking by id; anyone else's or a missing one is a 404 with this text. */
  requireOwnVisit: (
    actor: SignedInActor<'Patient'>,
    bookingId: number,
    notFoundText: string,
  ) => Promise<ReviewedVisit>;
  /** Bookings: the patient's newest completed visits, newest first, among the `limit` newest read. */
  listNewestCompletedVisits: (patientUserId: string, limit: number) => Promise<ReviewedVisit[]>;
}

const slot = collaboratorSlot<NutritionistsCollaborators>('Nutritionists');

export const connectNutritionists = slot.connect;
export const collaborators = slot.get;
