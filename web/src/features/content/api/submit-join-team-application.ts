/** POST /api/v2/JoinTeamApplications: the application, referencing the CV uploaded before (CvUploadId). */
import type { JoinTeamApplicationRequest } from '@nutri/shared';
import { api } from '../../../api/client';

export const submitJoinTeamApplication = async (request: JoinTeamApplicationRequest): Promise<void> => {
  await api.post('/JoinTeamApplications', request, { auth: false });
};
