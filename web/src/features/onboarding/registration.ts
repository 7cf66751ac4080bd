/**
 * /Grazie registration rules (docs/product.md#screens and #errors): the form's schema is the shared registration
 * payload with the phone split into prefix and number; a 404 means the questionnaire has not reached us
 * yet (Tally's webhook may arrive after the redirect), so it is retried a few times before failing.
 */
import {
  USER_ALREADY_EXISTS_CODE,
  joinPhoneNumber,
  phoneNumberSchema,
  phonePrefixSchema,
  registrationSchema,
  type RegistrationRequest,
} from '@nutri/shared';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';

export const registrationFormSchema = registrationSchema
  .omit({ TallySubmissionId: true, MobilePhoneNo: true })
  .extend({ phonePrefix: phonePrefixSchema, phoneNumber: phoneNumberSchema });
export type RegistrationFormValues = z.input<typeof registrationFormSchema>;
export type RegistrationForm = z.output<typeof registrationFormSchema>;

export const toRegistrationRequest = (
  submissionId: string,
  { phonePrefix, phoneNumber, ...account }: RegistrationForm,
): RegistrationRequest =>
  registrationSchema.parse({
    TallySubmissionId: submissionId,
    ...account,
    MobilePhoneNo: joinPhoneNumber(phonePrefix, phoneNumber),
  });

/** Form field of each payload field the server may name in `Errors`. */
const FORM_FIELD_OF: Readonly<Record<string, keyof RegistrationFormValues>> = {
  FirstName: 'FirstName',
  LastName: 'LastName',
  Email: 'Email',
  Password: 'Password',
  MobilePhoneNo: 'phoneNumber',
};

/** The server's field errors renamed to the form's fields; those the form does not have are dropped. */
export const registrationFieldErrors = (fieldErrors: Record<string, readonly string[]>) => {
  const mapped: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const formField = FORM_FIELD_OF[field];
    if (formField && messages.length > 0) mapped[formField] = [...messages];
  }
  return mapped;
};

export type RegistrationFailure =
  /** 'Utente già registrato' (e-mail or external account). */
  | { kind: 'alreadyExists' }
  /** A refused field the form can point at (e.g. a too common password). */
  | { kind: 'fields'; fieldErrors: Record<string, string[]> }
  /** 'Ops! Qualcosa è andato storto', with the server's message when it sent one. */
  | { kind: 'other'; message: string | null };

export const classifyRegistrationError = (error: unknown): RegistrationFailure => {
  if (isApiError(error) && error.code === USER_ALREADY_EXISTS_CODE) return { kind: 'alreadyExists' };
  if (isApiError(error, 400)) {
    const fieldErrors = registrationFieldErrors(error.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return { kind: 'fields', fieldErrors };
  }
  // A 4xx message says what is wrong (e.g. questionnaire not found); a 5xx one says nothing more than the dialog.
  return { kind: 'other', message: isApiError(error) && error.status < 500 ? error.serverMessage : null };
};

/** The questionnaire may still be on its way: how often and how long to wait before giving up. */
export const NOT_ARRIVED_RETRY = { attempts: 5, delayMs: 2000 } as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `register`, again after `delayMs` while it answers 404 (questionnaire not arrived), at most
 * `attempts` times in all; `onWaiting` tells the page it is waiting. Other errors are thrown at once.
 */
export const registerWhenArrived = async <T>(
  register: () => Promise<T>,
  {
    attempts = NOT_ARRIVED_RETRY.attempts,
    delayMs = NOT_ARRIVED_RETRY.delayMs,
    sleep = wait,
    onWaiting,
  }: {
    attempts?: number;
    delayMs?: number;
    sleep?: (ms: number) => Promise<void>;
    onWaiting?: (attempt: number) => void;
  } = {},
): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await register();
    } catch (error) {
      if (!isApiError(error, 404) || attempt >= attempts) throw error;
      onWaiting?.(attempt);
      await sleep(delayMs);
    }
  }
};
