/** What other areas may use of onboarding. */
export { patientStepChange, stepAsRead, type PatientStepChange, type VisitOfEvent } from './steps';
