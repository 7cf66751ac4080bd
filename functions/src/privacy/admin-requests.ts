/**
 * `/SystemSettings/PrivacyRequests` (docs/product.md#privacy-centre): the SystemAdmin sees each export and
 * erasure request with its outcome, newest first. Every view is audited (platform/audit.ts) before the
 * list is returned; the entry names the page read, never its content.
 */
import type { AdminPrivacyRequestsResponse } from '@nutri/shared';
import { getDisplayNames } from '../accounts';
import { defineOperation } from '../http/operation';
import { recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import {
  countFailedPrivacyRequestsSince,
  countWaitingPrivacyRequests,
  listPrivacyRequests,
} from './requests-repo';

const PAGE_SIZE = 100;

/** How many erasure requests wait for their job: one COUNT Query (the system home's figure). */
export const countWaitingErasureRequests = () => countWaitingPrivacyRequests('erasure');

/** How many requests failed since an instant and are still failed: one COUNT Query (the system home). */
export { countFailedPrivacyRequestsSince };

export const listPrivacyRequestsForAdmin = defineOperation(
  ['SystemAdmin'],
  {},
  async ({ actor }): Promise<AdminPrivacyRequestsResponse> => {
    const [requests, waiting] = await Promise.all([
      listPrivacyRequests(PAGE_SIZE),
      countWaitingErasureRequests(),
    ]);
    await recordAudit(
      {
        Action: 'privacy.requests.read',
        ActorUserId: actor.userId,
        SubjectType: 'privacy-requests',
        SubjectId: 'all',
        Details: { count: requests.length },
      },
      now(),
    );
    const names = await getDisplayNames([...new Set(requests.map((request) => request.UserId))]);
    return {
      Data: requests.map((request) => ({ ...request, DisplayName: names.get(request.UserId) ?? '' })),
      Waiting: waiting,
    };
  },
);
