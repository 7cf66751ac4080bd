/**
 * GET Patients/Search (BusinessAdmin, docs/product.md#patient-search): every patient by the start of a
 * name word, e-mail, phone or codice fiscale, 10 at a time. Every back-office patient picker uses it.
 */
import useSWR from 'swr';
import { PAGE_SIZE, type AdminPatientRef, type CursorPage } from '@nutri/shared';
import { api } from '../../../../api/client';

export const ADMIN_PATIENT_SEARCH_PATH = '/Patients/Search';

export const useAdminPatientSearch = (userInput: string) =>
  useSWR(
    userInput.trim() ? ([ADMIN_PATIENT_SEARCH_PATH, userInput.trim()] as const) : null,
    async ([path, typed]) =>
      (
        await api.get<CursorPage<AdminPatientRef>>(path, {
          query: { userInput: typed, limit: PAGE_SIZE.pickers },
        })
      ).Data,
    { keepPreviousData: true },
  );
