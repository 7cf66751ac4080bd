/**
 * Nutritionists as the public sees them, their specialization tags, customer reviews, and the admin
 * edit of a profile (docs/product.md#data and #api).
 */
import * as z from 'zod';
import { imageUrlsSchema } from './content';
import { requiredMultiLineText, requiredText } from './text';
import { validationTexts } from './texts';

/** PersonalTitle 'dottoressa' reads Dott.sa, anything else Dott. (docs/product.md#data). */
export const honorific = (personalTitle: string | null | undefined) =>
  personalTitle?.trim().toLowerCase() === 'dottoressa' ? 'Dott.sa' : 'Dott.';

/** Gender 1 is male (docs/product.md#data); 2 female. */
export const GENDER = { MALE: 1, FEMALE: 2 } as const;

export const userSkillSchema = z.object({
  UserSkillId: z.number().int().positive(),
  Skill: z.object({ Name: z.string() }),
});
export type UserSkill = z.infer<typeof userSkillSchema>;

/** GET Nutritionists/Public (list, 50 per page, random order), /Public/{userId}, /Public/FriendlyUrl/{url}. */
export const publicNutritionistSchema = z.object({
  UserId: z.string(),
  ApplicationUser: z.object({ DisplayName: z.string() }),
  ProfessionalTitle: z.string(),
  PersonalTitle: z.string(),
  /** Newline-separated paragraphs. */
  Bio: z.string(),
  /** Newline-separated lines. */
  Training: z.string(),
  ImageFileUrl: z.string().nullable(),
  ImageFilePath: imageUrlsSchema.nullable(),
  ProfilePageUrl: z.string(),
  Gender: z.number().int(),
  Skills: z.array(z.string()),
});
export type PublicNutritionist = z.infer<typeof publicNutritionistSchema>;

/** GET UserManagementExtensions/Users/PublicProfile/{userId}. */
export const publicProfileSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  ImageFilePath: imageUrlsSchema.nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A customer review (docs/product.md#data): rating out of 5 in half steps. */
export const reviewSchema = z.object({
  ReviewId: z.string(),
  text: z.string(),
  author: z.string(),
  DateStr: z.string(),
  Rating: z.number().min(0.5).max(5).multipleOf(0.5),
});
export type Review = z.infer<typeof reviewSchema>;

/** PATCH Admin/NutritionistProfile/{userId} (BusinessAdmin). */
export const updateNutritionistProfileSchema = z
  .strictObject({
    ProfessionalTitle: requiredText(120),
    PersonalTitle: z.enum(['dottore', 'dottoressa'], { error: validationTexts.invalidValue }),
    Bio: requiredMultiLineText(5000),
    Training: requiredMultiLineText(3000),
    ProfilePageUrl: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Usa solo lettere minuscole, numeri e trattini.' })
      .max(120),
    Gender: z.union([z.literal(1), z.literal(2)], { error: validationTexts.invalidValue }),
    IsPublic: z.boolean({ error: validationTexts.invalidValue }),
    SkillTagIds: z.array(z.number().int().positive()).max(30),
  })
  .partial();
export type UpdateNutritionistProfileRequest = z.infer<typeof updateNutritionistProfileSchema>;

/**
 * What a profile needs before it may be public, by the admin form's field names: a public card without a
 * photo, a friendly URL or a specialization would be a broken page.
 */
export const PUBLIC_PROFILE_REQUIRED_FIELDS = [
  'ProfessionalTitle',
  'PersonalTitle',
  'Bio',
  'Training',
  'ProfilePageUrl',
  'Gender',
  'SkillTagIds',
  'Image',
] as const;
export type PublicProfileRequiredField = (typeof PUBLIC_PROFILE_REQUIRED_FIELDS)[number];

/** GET Admin/Nutritionists items (BusinessAdmin): every user with the Nutritionist role. */
export const adminNutritionistSummarySchema = z.object({
  UserId: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  ProfessionalTitle: z.string(),
  ProfilePageUrl: z.string().nullable(),
  ImageFileUrl: z.string().nullable(),
  IsPublic: z.boolean(),
  IsComplete: z.boolean(),
  MissingFields: z.array(z.enum(PUBLIC_PROFILE_REQUIRED_FIELDS)),
  IsCalendarPartner: z.boolean(),
  Deactivated: z.boolean(),
});
export type AdminNutritionistSummary = z.infer<typeof adminNutritionistSummarySchema>;

/** GET/PATCH Admin/NutritionistProfile/{userId} and POST .../image (BusinessAdmin). */
export const adminNutritionistProfileSchema = z.object({
  UserId: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  ProfessionalTitle: z.string(),
  PersonalTitle: z.string(),
  Bio: z.string(),
  Training: z.string(),
  ProfilePageUrl: z.string().nullable(),
  Gender: z.number().int().nullable(),
  IsPublic: z.boolean(),
  SkillTagIds: z.array(z.number().int().positive()),
  Skills: z.array(userSkillSchema),
  ImageFileUrl: z.string().nullable(),
  ImageFilePath: imageUrlsSchema.nullable(),
  CalendarSlotsAvailable: z.boolean(),
  ActivePatients: z.number().int().nonnegative(),
  IsCalendarPartner: z.boolean(),
  Deactivated: z.boolean(),
  DeactivatedAt: z.string().nullable(),
  IsComplete: z.boolean(),
  MissingFields: z.array(z.enum(PUBLIC_PROFILE_REQUIRED_FIELDS)),
  UpdatedAt: z.string().nullable(),
});
export type AdminNutritionistProfile = z.infer<typeof adminNutritionistProfileSchema>;
