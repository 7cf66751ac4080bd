/** POST /api/v2/Patients/Unsubscribe/{userId}?signature=...: leaves every mailing list (204). */
import { api, apiPath } from '../../../api/client';

export const unsubscribe = async (userId: string, signature: string): Promise<void> => {
  await api.post(apiPath('Patients', 'Unsubscribe', userId), undefined, {
    auth: false,
    query: { signature },
  });
};
