/** The privacy centre's calls (privacy area): the patient's own, and the SystemAdmin's list. */
import useSWR, { type SWRResponse } from 'swr';
import type { AdminPrivacyRequestsResponse, ErasureRequest, PrivacyCentreResponse } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const usePrivacyCentre = (): SWRResponse<PrivacyCentreResponse, unknown> =>
  useSWR(apiPath('Account', 'Privacy'), (path: string) => api.get<PrivacyCentreResponse>(path));

export const requestDataExport = () => api.post<unknown>(apiPath('Account', 'Privacy', 'Export'), {});

export const requestAccountErasure = (body: ErasureRequest) =>
  api.post<unknown>(apiPath('Account', 'Privacy', 'Erasure'), body);

export const withdrawMarketingConsent = () =>
  api.post<unknown>(apiPath('Account', 'Privacy', 'MarketingConsent', 'Withdraw'), {});

/** Each view is audited: read once per visit, not refreshed in the background. */
export const useAdminPrivacyRequests = (): SWRResponse<AdminPrivacyRequestsResponse, unknown> =>
  useSWR(
    apiPath('SystemSettings', 'PrivacyRequests'),
    (path: string) => api.get<AdminPrivacyRequestsResponse>(path),
    { revalidateOnFocus: false, revalidateOnReconnect: false },
  );
