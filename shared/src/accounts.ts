/**
 * Sign-in, password and profile payloads (docs/product.md#data, #validation and #api). The same schemas validate the web
 * forms and the server handlers. Request schemas are strict (unknown fields are an error); response
 * schemas strip unknown fields, so the server never leaks an extra property and the client keeps
 * working when one is added.
 */
import * as z from 'zod';
import { PASSWORD_LENGTH, PHONE_DIGITS } from './constants';
import { requiredText } from './text';
import { validationTexts } from './texts';

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MAX_LENGTH = 254;
export const PROFILE_NAME_MAX_LENGTH = 100;
export const TOKEN_MAX_LENGTH = 4096;

/** Profile photo upload (POST UserDetails/image, multipart field `File`). */
export const PROFILE_IMAGE_FIELD = 'File';
// 4 MB: API Gateway passes uploads base64-encoded, and a Lambda request carries at most 6 MB.
export const PROFILE_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Query parameter that carries an instant-login token in links the product sends (e.g. e-mails): the web
 * app exchanges it through POST RefreshToken/{token}/RefreshTokenFromInstantLoginToken.
 */
export const INSTANT_LOGIN_QUERY_PARAM = 'InstantLoginToken';

/** Reasons the sign-in guard gives in the `reason` query parameter of /Login. */
export const LOGIN_REASONS = ['NotAuthenticated', 'NotInRole', 'NotInAnyRole'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

const requiredMessage = { error: validationTexts.required };
/** Stops at 'Campo obbligatorio' so an empty field does not also report its length rule. */
const requiredCheck = { error: validationTexts.required, abort: true };

/** Passwords are never trimmed: spaces may be part of them. */
const requiredPassword = () =>
  z
    .string(requiredMessage)
    .min(1, requiredCheck)
    .max(PASSWORD_LENGTH.max, { error: validationTexts.passwordTooLong });

/** A new password: 8 to 100 characters. */
export const newPasswordSchema = z
  .string(requiredMessage)
  .min(1, requiredCheck)
  .min(PASSWORD_LENGTH.min, { error: validationTexts.passwordMin })
  .max(PASSWORD_LENGTH.max, { error: validationTexts.passwordTooLong });

export const emailSchema = z
  .string(requiredMessage)
  .trim()
  .min(1, requiredCheck)
  .max(EMAIL_MAX_LENGTH, { error: validationTexts.tooLong(EMAIL_MAX_LENGTH) })
  .pipe(z.email({ error: validationTexts.invalidEmail }));

/** POST Account/Login. `email` carries the username or the e-mail address. */
export const loginRequestSchema = z.strictObject({
  email: requiredText(USERNAME_MAX_LENGTH),
  password: requiredPassword(),
  rememberMe: z.boolean({ error: validationTexts.invalidValue }).default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginRequestInput = z.input<typeof loginRequestSchema>;

/** Response of Login, refresh and the instant-login exchange. `expires_in` is in seconds. */
export const tokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST Account/refresh and POST Account/Logout. */
export const refreshRequestSchema = z.strictObject({
  refreshToken: requiredText(TOKEN_MAX_LENGTH),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const logoutRequestSchema = refreshRequestSchema;
export type LogoutRequest = RefreshRequest;

/** Path parameter of POST RefreshToken/{token}/RefreshTokenFromInstantLoginToken. */
export const instantLoginTokenSchema = requiredText(TOKEN_MAX_LENGTH);

/** POST UserAccount/TryResetPassword. */
export const tryResetPasswordSchema = z.strictObject({ Email: emailSchema });
export type TryResetPasswordRequest = z.infer<typeof tryResetPasswordSchema>;

/** POST UserAccount/ResetPassword. */
export const resetPasswordSchema = z.strictObject({
  username: requiredText(USERNAME_MAX_LENGTH),
  password: newPasswordSchema,
  token: requiredText(TOKEN_MAX_LENGTH),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

/**
 * The /ResetPassword form. The e-mail field is pre-filled from the link's Username, which may be a
 * username rather than an address, so only presence is checked.
 */
export const resetPasswordFormSchema = z
  .strictObject({
    email: requiredText(USERNAME_MAX_LENGTH),
    password: newPasswordSchema,
    confirmation: z.string(requiredMessage).min(1, requiredCheck),
  })
  .refine((form) => form.password === form.confirmation, {
    error: validationTexts.passwordMismatch,
    path: ['confirmation'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST UserAccount/ChangePassword. */
export const changePasswordSchema = z.strictObject({
  oldPassword: requiredPassword(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** The /Account/ChangePassword form: the request plus a confirmation. */
export const changePasswordFormSchema = z
  .strictObject({
    oldPassword: requiredPassword(),
    newPassword: newPasswordSchema,
    confirmation: z.string(requiredMessage).min(1, requiredCheck),
  })
  .refine((form) => form.newPassword === form.confirmation, {
    error: validationTexts.passwordMismatch,
    path: ['confirmation'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** International prefix as chosen from the country list, e.g. "+39". */
export const phonePrefixSchema = z.string(requiredMessage).regex(/^\+[1-9]\d{0,3}$/, {
  error: validationTexts.phonePrefix,
});

/** National number: digits only, 9 to 12 of them (spaces typed by the user are removed). */
export const phoneNumberSchema = z
  .string(requiredMessage)
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, requiredCheck)
      .regex(/^\d+$/, { error: validationTexts.phoneDigitsOnly })
      .min(PHONE_DIGITS.min, { error: validationTexts.phoneDigits })
      .max(PHONE_DIGITS.max, { error: validationTexts.phoneDigits }),
  );

/** Prefix plus number as the API stores it, e.g. "+393331234567". */
export const mobilePhoneNoSchema = z
  .string({ error: validationTexts.invalidValue })
  .regex(new RegExp(`^\\+[1-9]\\d{0,3}\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`), {
    error: validationTexts.phoneDigits,
  });

export const joinPhoneNumber = (prefix: string, number: string) => `${prefix}${number.replace(/\D/g, '')}`;

/** PATCH UserDetails: only the fields sent change. */
export const updateUserDetailsSchema = z.strictObject({
  Name: requiredText(PROFILE_NAME_MAX_LENGTH).optional(),
  DisplayName: requiredText(PROFILE_NAME_MAX_LENGTH).optional(),
  MobilePhoneNo: mobilePhoneNoSchema.optional(),
});
export type UpdateUserDetailsRequest = z.infer<typeof updateUserDetailsSchema>;

/** The /Account/Profile form; the phone is optional there but, when typed, must be valid. */
export const profileFormSchema = z
  .strictObject({
    Name: requiredText(PROFILE_NAME_MAX_LENGTH),
    DisplayName: requiredText(PROFILE_NAME_MAX_LENGTH),
    phonePrefix: phonePrefixSchema,
    phoneNumber: z.string(),
  })
  .superRefine((form, context) => {
    if (form.phoneNumber.trim() === '') return;
    const parsed = phoneNumberSchema.safeParse(form.phoneNumber);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message, path: ['phoneNumber'] });
      }
    }
  });
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** Builds the PATCH body from the profile form (the phone only when typed). */
export const toUpdateUserDetails = (form: ProfileForm): UpdateUserDetailsRequest => {
  const number = form.phoneNumber.replace(/\D/g, '');
  return {
    Name: form.Name,
    DisplayName: form.DisplayName,
    ...(number ? { MobilePhoneNo: joinPhoneNumber(form.phonePrefix, number) } : {}),
  };
};

/** Query of POST Patients/Unsubscribe/{userId}. */
export const unsubscribeQuerySchema = z.strictObject({ signature: requiredText(TOKEN_MAX_LENGTH) });

/** GET/PATCH UserDetails response (docs/product.md#data: user profile). */
export const userProfileSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  DisplayName: z.string(),
  MobilePhoneNo: z.string().nullable(),
  /** Whether the number was confirmed by an SMS code (UserDetails/VerifyPhoneNo). */
  MobilePhoneVerified: z.boolean().optional(),
  ImageFileUrl: z.string().nullable(),
  AspNetUser: z.object({
    Id: z.string(),
    UserName: z.string(),
    Email: z.string(),
    ApplicationUsers: z.array(
      z.object({
        ApplicationId: z.string(),
        ApplicationUserRoles: z.array(z.object({ Role: z.object({ Name: z.string() }) })),
      }),
    ),
  }),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** A password typed to confirm an operation (not a new one: no length rule beyond the maximum). */
export const requiredPasswordSchema = requiredPassword();

/** POST UserAccount/ChangeEmail: the new address and the current password. */
export const changeEmailSchema = z.strictObject({ newEmail: emailSchema, password: requiredPasswordSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;
