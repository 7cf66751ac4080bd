/** Patient area chunk (/Patients...). */
import '../../styles/all';
export { PatientAgendaPage } from '../../features/patient/pages/patient-agenda-page';
export { PatientHomePage } from '../../features/onboarding/pages/patient-home-page';
export {
  NutritionistPrivacyPage,
  ServicePrivacyPage,
} from '../../features/onboarding/pages/privacy-contract-page';
