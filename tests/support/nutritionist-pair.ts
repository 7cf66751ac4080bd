/**
 * The start of many browser tests: a fresh nutritionist (hidden profile) and a patient of theirs, made on
 * the stack by integration/support/visits.ts and signed in through the API.
 */
import { createNutritionist, createPatientOf } from '../integration/support/visits';

/** A fresh nutritionist and their patient; give a name unique to the test when a page lists patients. */
export const nutritionistWithPatient = async (patientName: string) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, patientName);
  return { nutritionist, patient };
};
