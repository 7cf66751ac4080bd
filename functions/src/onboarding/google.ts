/**
 * Sign-in with Google: the browser obtains an ID token; the server verifies it with jose against Google's
 * published key set (signature, `aud` = our client id, `iss`, expiry) and accepts only verified e-mails.
 * Endpoints: sign in an existing account, or register a patient from a questionnaire.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { USER_ALREADY_EXISTS_CODE } from '@nutri/shared';
import * as z from 'zod';
import { findUserByLogin } from '../accounts';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { config } from '../platform/config';
import { GOOGLE_EMAIL_MISMATCH, createPatientFromSubmission, signIn } from './registration';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const USER_NOT_FOUND_CODE = 'nutri-user-not-found';

const keySets = new Map<string, JWTVerifyGetKey>();
const keySet = (url: string) => {
  let found = keySets.get(url);
  if (!found) {
    // jose caches the keys and refetches them when Google rotates (unknown kid), at most every 30 s.
    found = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
    keySets.set(url, found);
  }
  return found;
};

const googleClaimsSchema = z.object({
  email: z.email(),
  email_verified: z.literal(true),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});
export type GoogleIdentity = z.infer<typeof googleClaimsSchema>;

const INVALID_GOOGLE_TOKEN = 'Accesso con Google non riuscito: riprova.';

/** Verifies a Google ID token; throws 401 on any problem (bad signature, audience, issuer, expiry, e-mail). */
export const verifyGoogleIdToken = async (idToken: string): Promise<GoogleIdentity> => {
  const { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL } = config();
  if (!GOOGLE_CLIENT_ID) throw new AppError('not_found', 'L’accesso con Google non è attivo.');
  try {
    const { payload } = await jwtVerify(idToken, keySet(GOOGLE_JWKS_URL), {
      audience: GOOGLE_CLIENT_ID,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    return googleClaimsSchema.parse(payload);
  } catch (error) {
    throw new AppError('unauthorized', INVALID_GOOGLE_TOKEN, { cause: error });
  }
};

const idTokenBody = z.strictObject({ IdToken: z.string().min(20).max(8000) });

export const googleSignIn = defineOperation('public', { body: idTokenBody }, async ({ body }) => {
  const identity = await verifyGoogleIdToken(body.IdToken);
  const user = await findUserByLogin(identity.email);
  if (!user) {
    throw new AppError(
      'not_found',
      'Non esiste un profilo con questa e-mail: compila il questionario per iniziare.',
      {
        publicCode: USER_NOT_FOUND_CODE,
      },
    );
  }
  return signIn(user, true);
});

export const googleRegisterPatient = defineOperation(
  'public',
  { body: idTokenBody, query: z.object({ tallySubmissionId: z.string().min(1).max(200) }) },
  async ({ body, query }) => {
    const identity = await verifyGoogleIdToken(body.IdToken);
    if (await findUserByLogin(identity.email)) {
      throw new AppError('conflict', 'Utente già registrato', { publicCode: USER_ALREADY_EXISTS_CODE });
    }
    const [first, ...rest] = (identity.name ?? '').split(' ');
    const user = await createPatientFromSubmission(
      query.tallySubmissionId,
      {
        email: identity.email,
        firstName: identity.given_name ?? first ?? 'Paziente',
        lastName: identity.family_name ?? (rest.join(' ') || '-'),
        mobilePhoneNo: null,
        password: null,
        // Google vouched for the address (email_verified), so no verification mail is needed.
        emailVerified: true,
      },
      // No password to hash, so no registration allowance: Google's token is the proof.
      { emailMismatch: new AppError('unprocessable', GOOGLE_EMAIL_MISMATCH) },
    );
    return signIn(user, true);
  },
);
