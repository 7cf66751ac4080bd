/** GET /api/v2/Config/Public: what this deployment offers before anyone signs in (Tally, Google, support). */
import useSWR from 'swr';
import { z } from 'zod';
import { api } from './client';

export const PUBLIC_CONFIG_KEY = '/Config/Public';

const publicConfigSchema = z.object({
  /** The Tally form to embed; null where Tally cannot be reached (local runtime): built-in form. */
  TallyFormId: z.string().nullable(),
  /** Google sign-in's OAuth client id; without one (e.g. locally) "Accedi con Google" is not offered. */
  GoogleClientId: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null),
  /** https://wa.me/<number> of the support line, when there is one. */
  SupportWhatsAppUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const getPublicConfig = async (): Promise<PublicConfig> =>
  publicConfigSchema.parse(await api.get(PUBLIC_CONFIG_KEY, { auth: false }));

/** The configuration rarely changes: loaded once per visit, not on every focus. */
export const usePublicConfig = () =>
  useSWR<PublicConfig>(PUBLIC_CONFIG_KEY, getPublicConfig, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
