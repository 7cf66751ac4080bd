import type { UnassignedPatient } from '../api/unassigned-patients';

/** The questionnaire's gender preference, as a sentence; nothing when there is none. */
export const genderPreferenceText = (preference: UnassignedPatient['GenderPreference']) =>
  preference === 'female'
    ? 'Preferisce una nutrizionista'
    : preference === 'male'
      ? 'Preferisce un nutrizionista'
      : null;
