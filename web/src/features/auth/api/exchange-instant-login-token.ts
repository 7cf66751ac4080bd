/** POST /api/v2/RefreshToken/{token}/RefreshTokenFromInstantLoginToken: tokens for a one-time link token. */
import type { TokenResponse } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { loadAccountSchemas } from './load-account-schemas';

export const exchangeInstantLoginToken = async (token: string): Promise<TokenResponse> => {
  const [{ tokenResponseSchema }, body] = await Promise.all([
    loadAccountSchemas(),
    api.post(`${apiPath('RefreshToken', token)}/RefreshTokenFromInstantLoginToken`, undefined, {
      auth: false,
    }),
  ]);
  return tokenResponseSchema.parse(body);
};
