/**
 * POST /api/v2/Tally/{verificationToken}/Verify: confirms the e-mail of a registration. Answers with an
 * instant-login token, or `{ message: 'User already exists.' }` when the account was already confirmed.
 */
import { z } from 'zod';
import { api, apiPath } from '../../../api/client';

const verifyAnswerSchema = z.union([
  z.object({ InstantLoginToken: z.string().min(1) }),
  z.object({ message: z.string() }),
  z.object({ Preview: z.literal(true) }),
]);
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

export const verifyEmail = async (verificationToken: string): Promise<VerifyAnswer> =>
  verifyAnswerSchema.parse(
    await api.post(`${apiPath('Tally', verificationToken)}/Verify`, undefined, { auth: false }),
  );
