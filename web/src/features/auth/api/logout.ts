/** POST /api/v2/Account/Logout: revokes the refresh token (204). */
import { api } from '../../../api/client';

export const logout = async (refreshTokenValue: string): Promise<void> => {
  await api.post('/Account/Logout', { refreshToken: refreshTokenValue });
};
