/**
 * The patient's onboarding step as their visits are booked, paid, done or cancelled: the transition table
 * is shared/src/onboarding.ts; this turns its answer into the conditional change of the patient item that
 * the booking's (or the payment's) transaction includes, so no other area decides or writes the step.
 */
import {
  nextOnboardingStep,
  onboardingVisitOf,
  type BookingStepRecord,
  type BookingTypeId,
  type OnboardingEvent,
  type OnboardingStep,
} from '@nutri/shared';
import type { PatientProfile, PatientProfileChange, PatientProfileExpectations } from './patients-repo';

/** The visit an event is about: its type, and (after booking) what its booking recorded of the step. */
export interface VisitOfEvent extends Partial<BookingStepRecord> {
  BookingTypeId: BookingTypeId;
  Recurring: boolean;
}

/** The expectation that the patient's step is still the one read: a concurrent move fails the transaction. */
export const stepAsRead = (patient: Pick<PatientProfile, 'OnboardingStep'>): PatientProfileExpectations => ({
  step: patient.OnboardingStep,
});

/** A conditional update of the patient item's step, in the shape the booking transaction takes. */
export interface PatientStepChange extends PatientProfileChange {
  set: { OnboardingStep: OnboardingStep };
}

/** The step change an event of a visit makes, or null when the step stays as it is. */
export const patientStepChange = (
  patient: Pick<PatientProfile, 'UserId' | 'OnboardingStep'>,
  event: OnboardingEvent,
  visit: VisitOfEvent,
): PatientStepChange | null => {
  const next = nextOnboardingStep(onboardingVisitOf(visit), event, patient.OnboardingStep, {
    SetOnboardingStep: visit.SetOnboardingStep ?? null,
    PreviousOnboardingStep: visit.PreviousOnboardingStep ?? null,
  });
  if (next === null) return null;
  return { patientUserId: patient.UserId, set: { OnboardingStep: next }, expect: stepAsRead(patient) };
};
