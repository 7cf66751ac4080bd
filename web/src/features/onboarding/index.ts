/** What other features and the app use of this feature. */
export { ONBOARDING_STEP_KEY } from './api/get-onboarding-step';
export { usePatientNutritionist } from './api/get-patient-nutritionist';
export { PATIENT_HOME_PROFILE_KEY } from './api/get-patient-profile';
export { usePublicConfig } from './api/get-public-config';
export { nutritionistName } from './components/nutritionist-name';
export { NutritionistPhoto } from './components/nutritionist-photo';
export { PrivacyContractsDialog } from './components/privacy-contracts-dialog';
