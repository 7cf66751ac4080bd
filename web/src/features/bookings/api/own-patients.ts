/**
 * GET CurrentNutritionist/Patients/Search (userInput, limit): the nutritionist's own patients whose name
 * has words starting with each word typed (case and accents aside), each with their e-mail. The pickers
 * ask for 10 (docs/product.md#limits); the patients page for more.
 */
import useSWR from 'swr';
import { PAGE_SIZE, type CursorPage, type OwnPatientRef } from '@nutri/shared';
import { api } from '../../../api/client';

export const OWN_PATIENTS_PATH = '/CurrentNutritionist/Patients/Search';

export const ownPatientsKey = (userInput: string, limit: number = PAGE_SIZE.pickers) =>
  [OWN_PATIENTS_PATH, { userInput: userInput.trim(), limit }] as const;

export const searchOwnPatients = async ([path, query]: ReturnType<typeof ownPatientsKey>) =>
  (await api.get<CursorPage<OwnPatientRef>>(path, { query })).Data;

/** Own patients matching `userInput` ('' lists them all, up to `limit`). */
export const useOwnPatients = (userInput: string, limit: number = PAGE_SIZE.pickers, enabled = true) =>
  useSWR(enabled ? ownPatientsKey(userInput, limit) : null, searchOwnPatients, { keepPreviousData: true });
