/**
 * What the patient home shows for each onboarding step (docs/product.md#states): the shared headline and text,
 * and the one thing to do next. Booking and payment screens live under /Patients/Agenda.
 */
import { ONBOARDING_STEPS, type OnboardingStep } from '@nutri/shared';
import { paths } from '../../paths';

export interface StepAction {
  label: string;
  href: string;
}

export interface StepCard {
  step: OnboardingStep;
  headline: string;
  text: string;
  /** null: nothing to do but wait (step 0: the e-mail arrives when a nutritionist is found). */
  action: StepAction | null;
}

const ACTIONS: Readonly<Record<OnboardingStep, StepAction | null>> = {
  0: null,
  1: { label: 'Prenota l’incontro gratuito', href: paths.patients.agenda() },
  2: { label: 'Vedi il tuo appuntamento', href: paths.patients.agenda() },
  3: { label: 'Scrivi in chat', href: paths.chat() },
  4: { label: 'Paga la visita', href: paths.patients.agenda() },
  5: { label: 'Vedi i tuoi appuntamenti', href: paths.patients.agenda() },
  6: { label: 'Scrivi al tuo nutrizionista', href: paths.chat() },
  7: { label: 'Paga la visita', href: paths.patients.agenda() },
  8: { label: 'Vedi i tuoi appuntamenti', href: paths.patients.agenda() },
  9: { label: 'Scrivi al tuo nutrizionista', href: paths.chat() },
};

/** The card of a step; a step this app does not know (a newer server) shows as step 0. */
export const stepCard = (step: number): StepCard => {
  const known = ONBOARDING_STEPS.find((entry) => entry.step === step) ?? ONBOARDING_STEPS[0];
  return { step: known.step, headline: known.headline, text: known.text, action: ACTIONS[known.step] };
};

/** Steps at which the one change of nutritionist is allowed (docs/product.md#states). */
export const CHANGE_NUTRITIONIST_STEPS: readonly number[] = [1, 2];

export const canChangeNutritionist = (profile: { OnboardingStep: number; HasChangedNutritionist: boolean }) =>
  CHANGE_NUTRITIONIST_STEPS.includes(profile.OnboardingStep) && !profile.HasChangedNutritionist;
