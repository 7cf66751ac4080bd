/**
 * What leaves the server about a nutritionist: the public card (publicNutritionistSchema), the public
 * profile (publicProfileSchema) and the admin view. Only these functions build responses, so a field
 * stored for matching or administration cannot reach a public endpoint by accident.
 */
import {
  IMAGE_WIDTHS,
  PUBLIC_PROFILE_REQUIRED_FIELDS,
  publicNutritionistSchema,
  type AdminNutritionistProfile,
  type AdminNutritionistSummary,
  type ImageUrls,
  type PublicNutritionist,
  type PublicProfile,
  type PublicProfileRequiredField,
  type UserSkill,
} from '@nutri/shared';
import { config } from '../platform/config';
import type { NutritionistProfile } from './public-profiles-repo';

export type PublicNutritionistField = keyof PublicNutritionist;
export const PUBLIC_NUTRITIONIST_FIELDS = Object.keys(
  publicNutritionistSchema.shape,
) as PublicNutritionistField[];

export const imageKey = (imagePath: string, width: (typeof IMAGE_WIDTHS)[number]) =>
  `${imagePath}-${width}.webp`;

export const imageUrls = (imagePath: string | null): ImageUrls | null => {
  if (!imagePath) return null;
  const base = config().ASSETS_BASE_URL;
  const [small, medium, large] = IMAGE_WIDTHS.map((width) => `${base}/${imageKey(imagePath, width)}`);
  return { 400: small!, 800: medium!, 1200: large! };
};

export const toPublicNutritionist = (
  profile: NutritionistProfile,
  displayName: string,
  skillNames: readonly string[],
): PublicNutritionist => {
  const images = imageUrls(profile.ImagePath);
  return {
    UserId: profile.UserId,
    ApplicationUser: { DisplayName: displayName },
    ProfessionalTitle: profile.ProfessionalTitle,
    PersonalTitle: profile.PersonalTitle,
    Bio: profile.Bio,
    Training: profile.Training,
    ImageFileUrl: images?.[400] ?? null,
    ImageFilePath: images,
    ProfilePageUrl: profile.ProfilePageUrl ?? '',
    Gender: profile.Gender ?? 0,
    Skills: [...skillNames],
  };
};

/** The `fields` query parameter: only the fields asked, in the schema's order. */
export const pickFields = (
  nutritionist: PublicNutritionist,
  fields: readonly PublicNutritionistField[] | undefined,
): Partial<PublicNutritionist> =>
  fields
    ? Object.fromEntries(
        PUBLIC_NUTRITIONIST_FIELDS.filter((field) => fields.includes(field)).map((field) => [
          field,
          nutritionist[field],
        ]),
      )
    : nutritionist;

export const toPublicProfile = (
  userId: string,
  displayName: string,
  profile: NutritionistProfile | null,
): PublicProfile => ({
  Id: userId,
  DisplayName: displayName,
  ImageFilePath: imageUrls(profile?.ImagePath ?? null),
});

/** The fields still to fill in before the profile may be public, in the admin form's order. */
export const missingFields = (profile: NutritionistProfile | null): PublicProfileRequiredField[] => {
  const filled: Record<PublicProfileRequiredField, boolean> = {
    ProfessionalTitle: Boolean(profile?.ProfessionalTitle),
    PersonalTitle: Boolean(profile?.PersonalTitle),
    Bio: Boolean(profile?.Bio),
    Training: Boolean(profile?.Training),
    ProfilePageUrl: Boolean(profile?.ProfilePageUrl),
    Gender: Boolean(profile?.Gender),
    SkillTagIds: Boolean(profile?.Skills.length),
    Image: Boolean(profile?.ImagePath),
  };
  return PUBLIC_PROFILE_REQUIRED_FIELDS.filter((field) => !filled[field]);
};

export interface AdminUserSide {
  Id: string;
  DisplayName: string;
  Email: string;
}

export const toAdminSummary = (
  user: AdminUserSide,
  profile: NutritionistProfile | null,
): AdminNutritionistSummary => {
  const missing = missingFields(profile);
  return {
    UserId: user.Id,
    DisplayName: user.DisplayName,
    Email: user.Email,
    ProfessionalTitle: profile?.ProfessionalTitle ?? '',
    ProfilePageUrl: profile?.ProfilePageUrl ?? null,
    ImageFileUrl: imageUrls(profile?.ImagePath ?? null)?.[400] ?? null,
    IsPublic: profile?.IsPublic ?? false,
    IsComplete: missing.length === 0,
    MissingFields: missing,
    IsCalendarPartner: profile?.IsCalendarPartner ?? false,
    Deactivated: profile?.Deactivated ?? false,
  };
};

export const toAdminProfile = (
  user: AdminUserSide,
  profile: NutritionistProfile | null,
  skills: readonly UserSkill[],
): AdminNutritionistProfile => {
  const images = imageUrls(profile?.ImagePath ?? null);
  const missing = missingFields(profile);
  return {
    UserId: user.Id,
    DisplayName: user.DisplayName,
    Email: user.Email,
    ProfessionalTitle: profile?.ProfessionalTitle ?? '',
    PersonalTitle: profile?.PersonalTitle ?? '',
    Bio: profile?.Bio ?? '',
    Training: profile?.Training ?? '',
    ProfilePageUrl: profile?.ProfilePageUrl ?? null,
    Gender: profile?.Gender ?? null,
    IsPublic: profile?.IsPublic ?? false,
    SkillTagIds: profile?.Skills.map((skill) => skill.TagId) ?? [],
    Skills: [...skills],
    ImageFileUrl: images?.[400] ?? null,
    ImageFilePath: images,
    CalendarSlotsAvailable: profile?.CalendarSlotsAvailable ?? false,
    ActivePatients: profile?.ActivePatients ?? 0,
    IsCalendarPartner: profile?.IsCalendarPartner ?? false,
    Deactivated: profile?.Deactivated ?? false,
    DeactivatedAt: profile?.DeactivatedAt ?? null,
    IsComplete: missing.length === 0,
    MissingFields: missing,
    UpdatedAt: profile?.updatedAt ?? null,
  };
};
