/** What other areas use of this area. */
export { indexAllPatientNames } from './name-index-job';
export { indexAllConsentsForExport } from './consent-index-job';
export { matchesAllWords, nameWords } from './name-words';
export {
  getPatientProfile,
  listPatientsOfNutritionist,
  patientProfileUpdate,
  type PatientProfileChange,
  type PatientProfile,
  searchPatientsOfNutritionist,
} from './patients-repo';
export { rematchUnassignedPatients } from './rematch-job';
export { connectOnboarding, type OnboardingCollaborators } from './collaborators';
export { patientStepChange, stepAsRead, type PatientStepChange, type VisitOfEvent } from './steps';
export {
  countFailedTallyDeliveriesSince,
  countUnassignedPatients,
  countUnclaimedQuestionnairesSince,
  getQuestionnaireOverview,
} from './admin-counts';
export { listConsents } from './patients-repo';
export { privacyAcceptanceOf } from './contracts';
export { patientFactOfItem, questionnaireFactOfItem, questionnaireReceivedAt } from './dashboard-facts';
export { onboardingMailTemplates } from './mails';
export { onboardingPersonalData } from './personal-data';
export { erasePatientData, patientOfErasure } from './erasure';
