/**
 * Back-office user management (UserManager) and nutritionist accounts (BusinessAdmin): request schemas
 * shared by the forms and the handlers (docs/product.md#user-management, #nutritionist-accounts).
 */
import * as z from 'zod';
import { PROFILE_NAME_MAX_LENGTH, emailSchema, mobilePhoneNoSchema, newPasswordSchema } from './accounts';
import { ROLES } from './roles';
import { optionalText, requiredText } from './text';
import { validationTexts } from './texts';

export const USER_STATUSES = ['all', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Italian names of the roles, as the back office shows them. */
export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  Patient: 'Paziente',
  Nutritionist: 'Nutrizionista',
  BusinessAdmin: 'Amministratore',
  UserManager: 'Gestore utenti',
  SystemAdmin: 'Amministratore di sistema',
};

/** GET UserManagement/UserList: search (name prefix, or an exact e-mail), role, status, paging. */
export const userListQuerySchema = z.strictObject({
  search: optionalText(100).default(''),
  role: z.enum(ROLES, { error: 'Ruolo non valido.' }).optional(),
  status: z.enum(USER_STATUSES, { error: 'Stato non valido: usa all, active o disabled.' }).default('all'),
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(100, { error: validationTexts.invalidValue })
    .default(25),
  cursor: z.string().max(2000).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** PATCH UserManagement/Users/{userId}: only the fields sent change; a null phone removes it. */
export const adminUserDetailsSchema = z.strictObject({
  Name: requiredText(PROFILE_NAME_MAX_LENGTH).optional(),
  DisplayName: requiredText(PROFILE_NAME_MAX_LENGTH).optional(),
  MobilePhoneNo: mobilePhoneNoSchema.nullable().optional(),
});
export type AdminUserDetailsRequest = z.infer<typeof adminUserDetailsSchema>;

/** POST UserManagement/Users/{userId}/Email. */
export const adminUserEmailSchema = z.strictObject({ Email: emailSchema });

/** PUT UserManagement/Users/{userId}/Roles: the whole set of roles the user keeps. */
export const userRolesSchema = z.strictObject({
  Roles: z
    .array(z.enum(ROLES, { error: 'Ruolo non valido.' }), { error: validationTexts.invalidValue })
    .max(ROLES.length, { error: validationTexts.invalidValue })
    .refine((roles) => new Set(roles).size === roles.length, {
      error: 'Ogni ruolo può comparire una sola volta.',
    }),
});

/** POST Admin/NutritionistAccounts (BusinessAdmin). */
export const createNutritionistAccountSchema = z.strictObject({
  FirstName: requiredText(50),
  LastName: requiredText(50),
  Email: emailSchema,
  PersonalTitle: z.enum(['dottore', 'dottoressa'], { error: 'Scegli il titolo personale.' }),
  ProfessionalTitle: requiredText(120),
  Gender: z.union([z.literal(1), z.literal(2)], { error: 'Scegli il genere.' }),
  /** May connect the Google calendar (docs/product.md#nutritionist-accounts). */
  IsCalendarPartner: z.boolean({ error: validationTexts.invalidValue }).default(false),
});
export type CreateNutritionistAccountRequest = z.input<typeof createNutritionistAccountSchema>;

/** POST UserAccount/AcceptInvitation: the link's token and the first password. */
export const acceptInvitationSchema = z.strictObject({
  Token: requiredText(200),
  Password: newPasswordSchema,
});
