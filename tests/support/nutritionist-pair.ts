/**
 * The start of many browser tests: a fresh nutritionist (hidden profile) and a patient of theirs, made on
 * the stack by integration/support/visits.ts and signed in through the API.
 */
import { api } from '../integration/support/api';
import { createNutritionist, createPatientOf, withoutPrivacyContracts } from '../integration/support/visits';

/** A fresh nutritionist and their patient; give a name unique to the test when a page lists patients. */
export const nutritionistWithPatient = async (patientName: string) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, patientName);
  return { nutritionist, patient };
};

/**
 * A fresh nutritionist who can invoice (an active billing profile with partita IVA) and a patient of
 * theirs who has not accepted the privacy contracts yet, like the demo pair: paying asks the patient
 * first for billing data, then for the contracts.
 */
export const invoicingNutritionistWithPatient = async (patientName: string) => {
  const nutritionist = await createNutritionist();
  const billing = await api('POST', 'User/BillingProfilesSelf', {
    token: nutritionist.token,
    body: {
      RagioneSociale: 'Studio Nutrizione Bianchi',
      CodiceFiscale: 'RSSMRA85T10A562S',
      PartitaIva: '12345678903',
      Address: 'Via Roma 1',
      PostalCode: '00185',
      ComuneId: 'H501',
    },
  });
  if (billing.status !== 201) throw new Error(`billing profile: ${billing.status}`);
  const patient = await createPatientOf(nutritionist.id, patientName);
  await withoutPrivacyContracts(patient.id);
  return { nutritionist, patient };
};
