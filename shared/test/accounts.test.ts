import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  loginRequestSchema,
  mobilePhoneNoSchema,
  phoneNumberSchema,
  profileFormSchema,
  refreshRequestSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  toUpdateUserDetails,
  tokenResponseSchema,
  tryResetPasswordSchema,
  updateUserDetailsSchema,
  userProfileSchema,
  validationTexts,
} from '../src';

/** Field -> first message, the way a form shows them. */
const firstErrors = (result: z.ZodSafeParseResult<unknown>) => {
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
};

describe('loginRequestSchema', () => {
  it('accepts a username or an e-mail and defaults rememberMe to false', () => {
    expect(loginRequestSchema.parse({ email: ' mario.rossi ', password: 'x' })).toEqual({
      email: 'mario.rossi',
      password: 'x',
      rememberMe: false,
    });
    expect(loginRequestSchema.parse({ email: 'a@b.it', password: ' p ', rememberMe: true })).toEqual({
      email: 'a@b.it',
      password: ' p ',
      rememberMe: true,
    });
  });

  it('requires both fields with the Italian message', () => {
    expect(firstErrors(loginRequestSchema.safeParse({ email: '  ', password: '' }))).toEqual({
      email: validationTexts.required,
      password: validationTexts.required,
    });
    expect(firstErrors(loginRequestSchema.safeParse({}))).toEqual({
      email: 'Campo obbligatorio',
      password: 'Campo obbligatorio',
    });
  });

  it('rejects unknown fields', () => {
    const result = loginRequestSchema.safeParse({ email: 'a', password: 'b', isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('token schemas', () => {
  it('reads a token response and strips extra fields', () => {
    expect(
      tokenResponseSchema.parse({ accessToken: 'a', refreshToken: 'r', expires_in: 900, extra: 1 }),
    ).toEqual({ accessToken: 'a', refreshToken: 'r', expires_in: 900 });
    expect(
      tokenResponseSchema.safeParse({ accessToken: 'a', refreshToken: 'r', expires_in: 0 }).success,
    ).toBe(false);
  });

  it('requires the refresh token', () => {
    expect(firstErrors(refreshRequestSchema.safeParse({ refreshToken: '' }))).toEqual({
      refreshToken: validationTexts.required,
    });
  });
});

describe('password schemas', () => {
  it('checks the recovery e-mail', () => {
    expect(tryResetPasswordSchema.parse({ Email: ' anna@example.it ' })).toEqual({
      Email: 'anna@example.it',
    });
    expect(firstErrors(tryResetPasswordSchema.safeParse({ Email: '' }))).toEqual({
      Email: 'Campo obbligatorio',
    });
    expect(firstErrors(tryResetPasswordSchema.safeParse({ Email: 'anna' }))).toEqual({
      Email: validationTexts.invalidEmail,
    });
  });

  it('keeps the reset password between 8 and 100 characters', () => {
    const base = { username: 'anna', token: 't' };
    expect(resetPasswordSchema.safeParse({ ...base, password: '1234567' }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ ...base, password: '12345678' }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ ...base, password: 'x'.repeat(100) }).success).toBe(true);
    expect(firstErrors(resetPasswordSchema.safeParse({ ...base, password: 'x'.repeat(101) }))).toEqual({
      password: validationTexts.passwordTooLong,
    });
    expect(firstErrors(resetPasswordSchema.safeParse({ ...base, password: 'short' }))).toEqual({
      password: 'La password deve contenere almeno 8 caratteri',
    });
  });

  it('requires the confirmation to match in the reset form', () => {
    const form = { email: 'anna@example.it', password: 'segreta123', confirmation: 'segreta124' };
    expect(firstErrors(resetPasswordFormSchema.safeParse(form))).toEqual({
      confirmation: validationTexts.passwordMismatch,
    });
    expect(resetPasswordFormSchema.safeParse({ ...form, confirmation: 'segreta123' }).success).toBe(true);
    expect(
      firstErrors(resetPasswordFormSchema.safeParse({ email: '', password: '', confirmation: '' })),
    ).toEqual({
      email: 'Campo obbligatorio',
      password: 'Campo obbligatorio',
      confirmation: 'Campo obbligatorio',
    });
  });

  it('validates a password change', () => {
    expect(changePasswordSchema.safeParse({ oldPassword: 'vecchia', newPassword: 'nuovapass' }).success).toBe(
      true,
    );
    expect(firstErrors(changePasswordSchema.safeParse({ oldPassword: '', newPassword: 'corta' }))).toEqual({
      oldPassword: 'Campo obbligatorio',
      newPassword: validationTexts.passwordMin,
    });
    expect(
      firstErrors(
        changePasswordFormSchema.safeParse({
          oldPassword: 'a',
          newPassword: 'nuovapass',
          confirmation: 'altra',
        }),
      ),
    ).toEqual({ confirmation: validationTexts.passwordMismatch });
  });
});

describe('profile schemas', () => {
  it('checks the national phone number: digits, 9 to 12', () => {
    expect(phoneNumberSchema.parse('333 123 4567')).toBe('3331234567');
    expect(firstErrors(phoneNumberSchema.safeParse('12345678'))).toEqual({ _: validationTexts.phoneDigits });
    expect(firstErrors(phoneNumberSchema.safeParse('1234567890123'))).toEqual({
      _: validationTexts.phoneDigits,
    });
    expect(firstErrors(phoneNumberSchema.safeParse('333abc4567'))).toEqual({
      _: validationTexts.phoneDigitsOnly,
    });
  });

  it('accepts MobilePhoneNo as prefix plus number', () => {
    expect(mobilePhoneNoSchema.safeParse('+393331234567').success).toBe(true);
    expect(mobilePhoneNoSchema.safeParse('+41791234567').success).toBe(true);
    expect(mobilePhoneNoSchema.safeParse('3331234567').success).toBe(false);
    expect(mobilePhoneNoSchema.safeParse('+39 333 1234567').success).toBe(false);
    expect(mobilePhoneNoSchema.safeParse('+3912345').success).toBe(false);
  });

  it('validates a partial profile update', () => {
    expect(updateUserDetailsSchema.parse({})).toEqual({});
    expect(updateUserDetailsSchema.parse({ DisplayName: ' Anna ' })).toEqual({ DisplayName: 'Anna' });
    expect(firstErrors(updateUserDetailsSchema.safeParse({ Name: 'x'.repeat(101) }))).toEqual({
      Name: validationTexts.tooLong(100),
    });
    expect(firstErrors(updateUserDetailsSchema.safeParse({ Name: '' }))).toEqual({
      Name: 'Campo obbligatorio',
    });
    expect(updateUserDetailsSchema.safeParse({ Email: 'a@b.it' }).success).toBe(false);
  });

  it('turns the profile form into a PATCH body', () => {
    const form = profileFormSchema.parse({
      Name: 'Anna Bianchi',
      DisplayName: 'Anna',
      phonePrefix: '+39',
      phoneNumber: '333 1234567',
    });
    expect(toUpdateUserDetails(form)).toEqual({
      Name: 'Anna Bianchi',
      DisplayName: 'Anna',
      MobilePhoneNo: '+393331234567',
    });
    const withoutPhone = profileFormSchema.parse({
      Name: 'A',
      DisplayName: 'B',
      phonePrefix: '+39',
      phoneNumber: '',
    });
    expect(toUpdateUserDetails(withoutPhone)).toEqual({ Name: 'A', DisplayName: 'B' });
    expect(updateUserDetailsSchema.safeParse(toUpdateUserDetails(form)).success).toBe(true);
    expect(
      firstErrors(
        profileFormSchema.safeParse({ Name: 'A', DisplayName: 'B', phonePrefix: '+39', phoneNumber: '12' }),
      ),
    ).toEqual({ phoneNumber: validationTexts.phoneDigits });
  });

  it('reads the user profile response', () => {
    const profile = {
      Id: 'u1',
      Name: 'Anna Bianchi',
      DisplayName: 'Anna',
      MobilePhoneNo: null,
      ImageFileUrl: null,
      AspNetUser: {
        Id: 'u1',
        UserName: 'anna',
        Email: 'anna@example.it',
        ApplicationUsers: [{ ApplicationId: 'nutri', ApplicationUserRoles: [{ Role: { Name: 'Patient' } }] }],
      },
    };
    expect(userProfileSchema.parse(profile)).toEqual(profile);
    expect(userProfileSchema.safeParse({ ...profile, AspNetUser: undefined }).success).toBe(false);
  });
});
