/**
 * What onboarding asks of the areas above it. Chat and billing depend on onboarding (a patient's pairing
 * decides who may chat together and whose billing profiles a nutritionist sees), so onboarding cannot
 * import them without a cycle between areas (docs/decisions/0015-area-boundaries.md). Instead the Lambdas
 * that run onboarding code connect them at start-up, in their composition roots (onboarding/handler.ts,
 * jobs/handler.ts). Onboarding used before that is a wiring mistake: it fails loudly rather than skip a
 * pairing announcement without a trace.
 */
import { collaboratorSlot } from '../platform/collaborators';

export interface OnboardingCollaborators {
  /** Chat: tells the open chat screens of a new pairing, and of the end of the previous one (best effort). */
  announcePairing: (
    patientUserId: string,
    nutritionistUserId: string,
    previousNutritionistUserId?: string | null,
  ) => Promise<void>;
  /** Billing: whether the nutritionist can invoice (an active billing profile with a partita IVA). */
  isBillingProfileComplete: (userId: string) => Promise<boolean>;
}

const slot = collaboratorSlot<OnboardingCollaborators>('Onboarding');

export const connectOnboarding = slot.connect;
export const collaborators = slot.get;
