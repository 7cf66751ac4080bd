/** What other areas use of this area. */
export { indexAllPatientNames } from './name-index-job';
export { matchesAllWords, nameWords } from './name-words';
export {
  getPatientProfile,
  listPatientsOfNutritionist,
  patientKey,
  type PatientProfile,
  searchPatientsOfNutritionist,
} from './patients-repo';
export { rematchUnassignedPatients } from './rematch-job';
