/** Lambda entry of the `privacy` area (the patients' privacy centre and the SystemAdmin's list of requests). */
import { createAreaHandler } from '../http/area-handler';
import { privacyRoutes } from '../route-table/privacy';
import { isSessionActive } from '../accounts/start';
import { listPrivacyRequestsForAdmin } from './admin-requests';
import {
  getPrivacyCentre,
  requestAccountErasure,
  requestDataExport,
  withdrawMarketingConsent,
} from './privacy-centre';

export const handler = createAreaHandler(
  privacyRoutes,
  {
    rest: {
      getPrivacyCentre,
      withdrawMarketingConsent,
      requestDataExport,
      requestAccountErasure,
      listPrivacyRequestsForAdmin,
    },
    webSocket: {},
  },
  isSessionActive,
);
