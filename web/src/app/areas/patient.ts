/** Patient area chunk (/Patients...). */
export { PatientAgendaPage } from '../../features/patient/pages/patient-agenda-page';
export { PatientHomePage } from '../../features/patient/pages/patient-home-page';
