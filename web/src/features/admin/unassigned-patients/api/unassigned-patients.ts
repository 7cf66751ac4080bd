/**
 * Patients the matching left without a nutritionist (BusinessAdmin): the list, longest waiting first
 * (GET Admin/Patients/Unassigned, 25 per page), the nutritionists ranked for one patient
 * (GET Admin/Patients/{userId}/NutritionistCandidates) and the assignment (POST .../AssignNutritionist).
 */
import useSWR from 'swr';
import { z } from 'zod';
import { api, apiPath } from '../../../../api/client';
import { useCursorList } from '../../../../api/cursor-list';

export const UNASSIGNED_PATH = '/Admin/Patients/Unassigned';
const PAGE_SIZE = 25;

const genderPreferenceSchema = z.enum(['female', 'male', 'any']);

const unassignedPatientSchema = z.object({
  UserId: z.string(),
  DisplayName: z.string(),
  RegisteredAt: z.string(),
  SubmittedAt: z.string().nullable(),
  RequestedSkills: z.array(z.string()),
  GenderPreference: genderPreferenceSchema,
});
export type UnassignedPatient = z.infer<typeof unassignedPatientSchema>;

const pageSchema = z.object({
  Data: z.array(unassignedPatientSchema),
  Count: z.number(),
  NextCursor: z.string().nullable(),
});

export const useUnassignedPatients = () => {
  const { items, ...list } = useCursorList(UNASSIGNED_PATH, { limit: PAGE_SIZE }, async ([path, query]) =>
    pageSchema.parse(await api.get(path, { query })),
  );
  return { ...list, patients: items ?? [] };
};

const candidateSchema = z.object({
  UserId: z.string(),
  DisplayName: z.string(),
  PersonalTitle: z.string(),
  Score: z.number(),
  MatchingSkills: z.array(z.string()),
  Reasons: z.array(z.string()),
  ActivePatients: z.number(),
  CalendarSlotsAvailable: z.boolean(),
  Recommended: z.boolean(),
});
export type AssignmentCandidate = z.infer<typeof candidateSchema>;

const candidatesSchema = z.object({
  Patient: z.object({
    UserId: z.string(),
    DisplayName: z.string(),
    RequestedSkills: z.array(z.string()),
    GenderPreference: genderPreferenceSchema,
  }),
  Data: z.array(candidateSchema),
});

const candidatesKey = (userId: string) => apiPath('Admin', 'Patients', userId, 'NutritionistCandidates');

/** The ranking changes as loads and availability change: read fresh each time the dialog opens. */
export const useAssignmentCandidates = (userId: string | null) =>
  useSWR(
    userId ? candidatesKey(userId) : null,
    async (key: string) => candidatesSchema.parse(await api.get(key)),
    { revalidateOnFocus: false, revalidateIfStale: true },
  );

const assignedSchema = z.object({
  UserId: z.string(),
  DefaultNutritionistUserId: z.string(),
  OnboardingStep: z.number(),
  MailSent: z.boolean(),
});

export const assignNutritionist = async (patientUserId: string, nutritionistUserId: string) =>
  assignedSchema.parse(
    await api.post(apiPath('Admin', 'Patients', patientUserId, 'AssignNutritionist'), {
      NutritionistUserId: nutritionistUserId,
    }),
  );
