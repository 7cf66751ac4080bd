/** POST /api/v2/UserAccount/ChangePassword: 204, or 400 `{ code, message, Errors? }`. */
import type { ChangePasswordRequest } from '@nutri/shared';
import { api } from '../../../api/client';

export const changePassword = async (request: ChangePasswordRequest): Promise<void> => {
  await api.post('/UserAccount/ChangePassword', request);
};
