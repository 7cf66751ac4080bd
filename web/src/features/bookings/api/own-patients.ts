/**
 * GET CurrentNutritionist/Patients/Search (userInput, limit): the nutritionist's own patients, by name
 * prefix. The pickers ask for 10 (spec section 9); the patients page for more.
 */
import useSWR from 'swr';
import { PAGE_SIZE, type CursorPage, type UserRef } from '@nutri/shared';
import { api } from '../../../api/client';

export const OWN_PATIENTS_PATH = '/CurrentNutritionist/Patients/Search';

export const ownPatientsKey = (userInput: string, limit: number = PAGE_SIZE.pickers) =>
  [OWN_PATIENTS_PATH, { userInput: userInput.trim(), limit }] as const;

export const searchOwnPatients = async ([path, query]: ReturnType<typeof ownPatientsKey>) =>
  (await api.get<CursorPage<UserRef>>(path, { query })).Data;

/** Own patients whose name starts with `userInput` ('' lists them all, up to `limit`). */
export const useOwnPatients = (userInput: string, limit: number = PAGE_SIZE.pickers, enabled = true) =>
  useSWR(enabled ? ownPatientsKey(userInput, limit) : null, searchOwnPatients, { keepPreviousData: true });
