/**
 * The privacy area's routes (docs/product.md#privacy-centre): the patient's privacy centre and the
 * SystemAdmin's list of privacy requests.
 */
import { api, type RestRoute } from './types';

const PATIENT = ['Patient'] as const;

export const privacyRestRoutes = [
  {
    method: 'GET',
    path: api('Account/Privacy'),
    area: 'privacy',
    operation: 'getPrivacyCentre',
    access: PATIENT,
  },
  {
    method: 'POST',
    path: api('Account/Privacy/MarketingConsent/Withdraw'),
    area: 'privacy',
    operation: 'withdrawMarketingConsent',
    access: PATIENT,
  },
  {
    method: 'POST',
    path: api('Account/Privacy/Export'),
    area: 'privacy',
    operation: 'requestDataExport',
    access: PATIENT,
  },
  {
    method: 'POST',
    path: api('Account/Privacy/Erasure'),
    area: 'privacy',
    operation: 'requestAccountErasure',
    access: PATIENT,
  },
  {
    method: 'GET',
    path: api('SystemSettings/PrivacyRequests'),
    area: 'privacy',
    operation: 'listPrivacyRequestsForAdmin',
    access: ['SystemAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const privacyRoutes = { area: 'privacy', rest: privacyRestRoutes, webSocket: [] } as const;
