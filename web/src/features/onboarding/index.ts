/** What other features and the app use of this feature. */
export { ONBOARDING_STEP_KEY, useOnboardingStep } from './api/get-onboarding-step';
export { usePatientNutritionist } from './api/get-patient-nutritionist';
export { PATIENT_HOME_PROFILE_KEY, usePatientHomeProfile } from './api/get-patient-profile';
export { MyNutritionistCard } from './components/my-nutritionist-card';
export { nutritionistName } from './components/nutritionist-name';
export { NutritionistPhoto } from './components/nutritionist-photo';
export { OnboardingStepCard } from './components/onboarding-step-card';
export { PrivacyCard } from './components/privacy-card';
export { PrivacyContractsDialog } from './components/privacy-contracts-dialog';
export { canChangeNutritionist } from './onboarding-steps';
