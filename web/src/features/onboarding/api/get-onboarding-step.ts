/** GET /api/v2/CurrentPatient/Profile/OnboardingStep: where the patient is in the journey (0-9). */
import useSWR from 'swr';
import { z } from 'zod';
import { api } from '../../../api/client';

export const ONBOARDING_STEP_KEY = '/CurrentPatient/Profile/OnboardingStep';

const onboardingStepSchema = z.object({ OnboardingStep: z.number().int().min(0) });

export const getOnboardingStep = async (): Promise<number> =>
  onboardingStepSchema.parse(await api.get(ONBOARDING_STEP_KEY)).OnboardingStep;

/** The page shows its own error (no toast). */
export const useOnboardingStep = () =>
  useSWR<number>(ONBOARDING_STEP_KEY, getOnboardingStep, { onError: () => undefined });
