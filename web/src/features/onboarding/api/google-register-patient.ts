/**
 * POST /api/v2/ExternalSignIn/Google/RegisterPatient?tallySubmissionId=…: creates the patient of a
 * questionnaire from a Google account (Google vouched for the e-mail: no verification mail); answers with
 * a session. Errors as the e-mail registration: 404 questionnaire not arrived yet, 409 already registered.
 */
import { tokenResponseSchema, type TokenResponse } from '@nutri/shared';
import { api } from '../../../api/client';

export const googleRegisterPatient = async (submissionId: string, idToken: string): Promise<TokenResponse> =>
  tokenResponseSchema.parse(
    await api.post(
      '/ExternalSignIn/Google/RegisterPatient',
      { IdToken: idToken },
      { auth: false, query: { tallySubmissionId: submissionId } },
    ),
  );
