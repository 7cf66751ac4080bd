/**
 * What the built-in questionnaire already asked (name, e-mail, phone), handed to /Grazie in the
 * navigation state so the registration form starts filled in. Only in memory: a reload or a link to
 * /Grazie simply starts empty.
 */
export interface RegistrationPrefill {
  firstName: string;
  email: string;
  phonePrefix: string;
  phoneNumber: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The prefill in a location's state, when it is there and well formed. */
export const readRegistrationPrefill = (state: unknown): RegistrationPrefill | null => {
  if (!isRecord(state) || !isRecord(state.prefill)) return null;
  const { firstName, email, phonePrefix, phoneNumber } = state.prefill;
  if (
    typeof firstName !== 'string' ||
    typeof email !== 'string' ||
    typeof phonePrefix !== 'string' ||
    typeof phoneNumber !== 'string'
  )
    return null;
  return { firstName, email, phonePrefix, phoneNumber };
};
