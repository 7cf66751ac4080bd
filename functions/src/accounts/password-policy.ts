/**
 * New-password rules beyond length (the shared zod schema checks 8 to 100 characters): the most common
 * passwords are refused (ASVS 2.1.7), using the ~49,000-entry list maintained by the zxcvbn-ts project.
 */
import { AppError } from '../http/errors';

let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('./common-passwords').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  ));

export const COMMON_PASSWORD_MESSAGE =
  'Questa password è tra le più usate e facili da indovinare: scegline un’altra.';

export const isCommonPassword = async (password: string) =>
  (await commonPasswords()).has(password.toLowerCase());

/** Throws a 400 with the field's Italian message when the password is too common. */
export const assertAcceptablePassword = async (password: string, field: string) => {
  if (await isCommonPassword(password)) {
    throw new AppError('validation_failed', COMMON_PASSWORD_MESSAGE, {
      errors: { [field]: [COMMON_PASSWORD_MESSAGE] },
    });
  }
};
