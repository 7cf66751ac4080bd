/** What other features and the app use of this feature. */
export { BillingProfileDialog } from './components/billing-profile-dialog';
export { BillingProfileSection } from './components/billing-profile-section';
export { PatientBillingProfiles } from './components/patient-billing-profiles';
