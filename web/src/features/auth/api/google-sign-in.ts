/**
 * POST /api/v2/ExternalSignIn/Google: signs in the account whose e-mail Google vouches for. 404 with code
 * GOOGLE_USER_NOT_FOUND_CODE when there is none (the person has not done the questionnaire yet).
 */
import { tokenResponseSchema, type TokenResponse } from '@nutri/shared';
import { api } from '../../../api/client';

/** Error code of 'no account with this e-mail' (docs/product.md#errors, external sign-in). */
export const GOOGLE_USER_NOT_FOUND_CODE = 'nutri-user-not-found';

export const googleSignIn = async (idToken: string): Promise<TokenResponse> =>
  tokenResponseSchema.parse(await api.post('/ExternalSignIn/Google', { IdToken: idToken }, { auth: false }));
