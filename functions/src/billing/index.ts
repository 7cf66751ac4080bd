/** What other areas use of this area. */
export { countBillingProfiles } from './billing-profiles-repo';
export { isBillingProfileComplete } from './billing-status';
export { loadComuni } from './load-comuni';
export { activeCodiceFiscale } from './billing-profiles-repo';
export {
  customerFiscalData,
  issuerFiscalData,
  nutritionistFiscalDataView,
  type FiscalParty,
  type IssuerFiscalData,
} from './fiscal-data';
export { billingPersonalData } from './personal-data';
export { eraseBillingProfiles } from './erasure';
