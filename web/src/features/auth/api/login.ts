/** POST /api/v2/Account/Login: `email` carries the username or the e-mail address. */
import { tokenResponseSchema, type LoginRequest, type TokenResponse } from '@nutri/shared';
import { api } from '../../../api/client';

export const login = async (request: LoginRequest): Promise<TokenResponse> =>
  tokenResponseSchema.parse(await api.post('/Account/Login', request, { auth: false }));
