/**
 * GET /api/v2/CurrentPatient/Nutritionist: the assigned nutritionist, why they were chosen
 * (MatchingSkills) and the other good matches a patient may switch to. 404 until one is assigned.
 */
import useSWR from 'swr';
import { z } from 'zod';
import { publicNutritionistSchema } from '@nutri/shared';
import { api } from '../../../api/client';

export const PATIENT_NUTRITIONIST_KEY = '/CurrentPatient/Nutritionist';

const patientNutritionistSchema = z.object({
  Nutritionist: publicNutritionistSchema.nullable(),
  MatchingSkills: z.array(z.string()),
  MatchingNutritionists: z.array(publicNutritionistSchema),
  CalendarSlotsAvailable: z.boolean(),
  IsBillingProfileComplete: z.boolean(),
});
export type PatientNutritionist = z.infer<typeof patientNutritionistSchema>;

export const getPatientNutritionist = async (): Promise<PatientNutritionist> =>
  patientNutritionistSchema.parse(await api.get(PATIENT_NUTRITIONIST_KEY));

/** Loaded only when the patient has one (`enabled`); the page shows its own error (no toast). */
export const usePatientNutritionist = (enabled: boolean) =>
  useSWR<PatientNutritionist>(enabled ? PATIENT_NUTRITIONIST_KEY : null, getPatientNutritionist, {
    onError: () => undefined,
  });
