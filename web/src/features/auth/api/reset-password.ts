/** POST /api/v2/UserAccount/ResetPassword: 204, or 400 `{ code, message }`. */
import type { ResetPasswordRequest } from '@nutri/shared';
import { api } from '../../../api/client';

export const resetPassword = async (request: ResetPasswordRequest): Promise<void> => {
  await api.post('/UserAccount/ResetPassword', request, { auth: false });
};
