/** POST /api/v2/Tally/RegisterPatient: creates the patient of a questionnaire; answers with a session. */
import { tokenResponseSchema, type RegistrationRequest, type TokenResponse } from '@nutri/shared';
import { api } from '../../../api/client';

export const registerPatient = async (request: RegistrationRequest): Promise<TokenResponse> =>
  tokenResponseSchema.parse(await api.post('/Tally/RegisterPatient', request, { auth: false }));
