/** Join-the-team operations: CV upload slot and application (public), list and CV link (BusinessAdmin). */
import * as z from 'zod';
import { joinTeamApplicationSchema, pageQuerySchema } from '@nutri/shared';
import { clientIp } from '../http/client-ip';
import { created, defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import {
  createCvUploadSlot,
  cvDownloadLink,
  listApplicationPage,
  submitApplication,
} from './join-team-service';

export const createCvUpload = defineOperation('public', {}, async ({ event }) =>
  created(await createCvUploadSlot(clientIp(event), now())),
);

export const submitJoinTeamApplication = defineOperation(
  'public',
  { body: joinTeamApplicationSchema },
  async ({ body, event }) => {
    await submitApplication(body, clientIp(event), now());
    return noContent();
  },
);

export const listJoinTeamApplications = defineOperation(
  ['BusinessAdmin'],
  { query: pageQuerySchema },
  ({ query }) => listApplicationPage(query),
);

export const getJoinTeamCv = defineOperation(
  ['BusinessAdmin'],
  { path: z.object({ id: z.uuid({ error: 'Candidatura non trovata.' }) }) },
  ({ path }) => cvDownloadLink(path.id),
);
