/** POST /api/v2/UserAccount/TryResetPassword: always 204, so nobody learns which e-mails exist. */
import type { TryResetPasswordRequest } from '@nutri/shared';
import { api } from '../../../api/client';

export const tryResetPassword = async (request: TryResetPasswordRequest): Promise<void> => {
  await api.post('/UserAccount/TryResetPassword', request, { auth: false });
};
