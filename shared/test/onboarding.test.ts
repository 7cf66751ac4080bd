import { describe, expect, it } from 'vitest';
import {
  BookingType,
  nextOnboardingStep,
  ONBOARDING_EVENTS,
  ONBOARDING_STEPS,
  ONBOARDING_TRANSITIONS,
  onboardingVisitOf,
  STEP_BEFORE_BOOKING,
  type OnboardingEvent,
  type OnboardingStep,
  type OnboardingVisit,
} from '../src';

const STEPS = ONBOARDING_STEPS.map(({ step }) => step);
const VISITS: OnboardingVisit[] = ['intro', 'firstVisit', 'nextVisit'];
/** What booking each visit sets, and so what its later events are measured against. */
const SET_BY: Record<OnboardingVisit, OnboardingStep> = { intro: 2, firstVisit: 4, nextVisit: 7 };

/**
 * The rules as the booking and payment code wrote them before the table: booking an intro moves up to 2
 * (from 0-2), a first paid visit to 4, a later one to 7; paying moves 4 -> 5 and 7 -> 8 while the step is the
 * one the booking set; done moves to 3/6/9 from the step set (or, for paid visits, the paid one after it);
 * a cancellation while the step is the one set goes back to the step before (or, counting as done, to 3/6/9).
 */
const formerRule = (
  visit: OnboardingVisit,
  event: OnboardingEvent,
  current: OnboardingStep,
  set: OnboardingStep | null,
  previous: OnboardingStep | null,
): OnboardingStep | null => {
  const doneStep = ({ intro: 3, firstVisit: 6, nextVisit: 9 } as const)[visit];
  const paidVisit = visit !== 'intro';
  switch (event) {
    case 'booked':
      if (visit === 'intro') return current <= 2 ? 2 : null;
      return visit === 'firstVisit' ? 4 : 7;
    case 'paid': {
      if (set === null || current !== set) return null;
      return ({ 4: 5, 7: 8 } as Partial<Record<number, OnboardingStep>>)[set] ?? null;
    }
    case 'done':
      return set !== null && (current === set || (paidVisit && current === set + 1)) ? doneStep : null;
    case 'cancelled':
      return set !== null && current === set ? previous : null;
    case 'cancelledWithFee':
      return set !== null && current === set ? doneStep : null;
  }
};

describe('onboarding transition table', () => {
  it('every visit, event and step gives what the former booking and payment rules gave', () => {
    let cases = 0;
    for (const visit of VISITS)
      for (const event of ONBOARDING_EVENTS)
        for (const current of STEPS)
          for (const previous of STEPS) {
            const record = { SetOnboardingStep: SET_BY[visit], PreviousOnboardingStep: previous };
            expect(
              nextOnboardingStep(visit, event, current, event === 'booked' ? undefined : record),
              `${visit} ${event} at ${current} (before the booking: ${previous})`,
            ).toBe(formerRule(visit, event, current, SET_BY[visit], previous));
            cases += 1;
          }
    expect(cases).toBe(VISITS.length * ONBOARDING_EVENTS.length * STEPS.length * STEPS.length);
  });

  it('a visit whose booking set no step moves nothing after it was booked', () => {
    for (const visit of VISITS)
      for (const event of ONBOARDING_EVENTS.filter((name) => name !== 'booked'))
        for (const current of STEPS)
          expect(
            nextOnboardingStep(visit, event, current, {
              SetOnboardingStep: null,
              PreviousOnboardingStep: null,
            }),
          ).toBeNull();
  });

  it('the journey of a patient: intro, first visit, a later visit', () => {
    const intro = { SetOnboardingStep: 2, PreviousOnboardingStep: 1 } as const;
    expect(nextOnboardingStep('intro', 'booked', 1)).toBe(2);
    expect(nextOnboardingStep('intro', 'done', 2, intro)).toBe(3);
    const first = { SetOnboardingStep: 4, PreviousOnboardingStep: 3 } as const;
    expect(nextOnboardingStep('firstVisit', 'booked', 3)).toBe(4);
    expect(nextOnboardingStep('firstVisit', 'paid', 4, first)).toBe(5);
    expect(nextOnboardingStep('firstVisit', 'done', 5, first)).toBe(6);
    const next = { SetOnboardingStep: 7, PreviousOnboardingStep: 6 } as const;
    expect(nextOnboardingStep('nextVisit', 'booked', 6)).toBe(7);
    expect(nextOnboardingStep('nextVisit', 'paid', 7, next)).toBe(8);
    expect(nextOnboardingStep('nextVisit', 'done', 8, next)).toBe(9);
    // An unpaid visit cancelled goes back to where the patient was; a later booking's step is left alone.
    expect(nextOnboardingStep('firstVisit', 'cancelled', 4, first)).toBe(3);
    expect(nextOnboardingStep('firstVisit', 'cancelled', 7, first)).toBeNull();
  });

  it('every cancellation without fee goes back to the step before the booking, nowhere else', () => {
    for (const visit of VISITS)
      expect(Object.values(ONBOARDING_TRANSITIONS[visit].cancelled)).toEqual([STEP_BEFORE_BOOKING]);
  });

  it('the visit of a booking: intro, first or later paid visit; meal plans move nothing', () => {
    expect(onboardingVisitOf({ BookingTypeId: BookingType.FREE, Recurring: false })).toBe('intro');
    expect(onboardingVisitOf({ BookingTypeId: BookingType.NORMAL, Recurring: false })).toBe('firstVisit');
    expect(onboardingVisitOf({ BookingTypeId: BookingType.NORMAL, Recurring: true })).toBe('nextVisit');
    expect(onboardingVisitOf({ BookingTypeId: BookingType.MEALPLAN, Recurring: false })).toBeNull();
    for (const event of ONBOARDING_EVENTS) expect(nextOnboardingStep(null, event, 4)).toBeNull();
  });
});
