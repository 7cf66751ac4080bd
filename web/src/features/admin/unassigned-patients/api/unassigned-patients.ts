/**
 * Patients the matching left without a nutritionist (BusinessAdmin): the list, longest waiting first
 * (GET Admin/Patients/Unassigned, 25 per page), the nutritionists ranked for one patient
 * (GET Admin/Patients/{userId}/NutritionistCandidates) and the assignment (POST .../AssignNutritionist).
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { z } from 'zod';
import { api, apiPath } from '../../../../api/client';

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
type Page = z.infer<typeof pageSchema>;
type PageKey = readonly [string, { limit: number; cursor?: string }];

export const useUnassignedPatients = () => {
  const pages = useSWRInfinite<Page>(
    (index, previous: Page | null): PageKey | null => {
      if (index > 0 && !previous?.NextCursor) return null;
      return [
        UNASSIGNED_PATH,
        { limit: PAGE_SIZE, ...(index > 0 && previous?.NextCursor ? { cursor: previous.NextCursor } : {}) },
      ];
    },
    async ([path, query]: PageKey) => pageSchema.parse(await api.get(path, { query })),
    { revalidateFirstPage: true },
  );
  const last = pages.data?.[pages.data.length - 1];
  return {
    patients: pages.data?.flatMap((page) => page.Data) ?? [],
    error: pages.error as unknown,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.NextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
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
