/** POST /api/v2/CurrentPatient/Profile/SetPassword: the patient's password, without the old one (204). */
import { api } from '../../../api/client';

export const setPatientPassword = async (password: string): Promise<void> => {
  await api.post('/CurrentPatient/Profile/SetPassword', { Password: password });
};
