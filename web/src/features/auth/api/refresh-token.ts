/** POST /api/v2/Account/refresh: a new token pair for a refresh token (400/401 when refused). */
import type { TokenResponse } from '@nutri/shared';
import { api } from '../../../api/client';
import { loadAccountSchemas } from './load-account-schemas';

export const refreshToken = async (refreshTokenValue: string): Promise<TokenResponse> => {
  const [{ tokenResponseSchema }, body] = await Promise.all([
    loadAccountSchemas(),
    api.post('/Account/refresh', { refreshToken: refreshTokenValue }, { auth: false }),
  ]);
  return tokenResponseSchema.parse(body);
};
