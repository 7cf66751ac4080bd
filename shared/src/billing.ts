/**
 * Billing profiles and Italian municipalities (docs/product.md#data, #validation, #api and #limits): the request schemas the
 * billing dialog and the handlers share, the checks of codice fiscale and partita IVA that need no
 * dataset, the comune search key, and the Italian texts.
 *
 * The codice fiscale is checked here for shape (omocodia included) and check character, which catches
 * typos in the form before a round trip. The server then runs the full check of the codice fiscale
 * library (functions/src/billing/codice-fiscale.ts: birth date and birth place against the dataset of
 * municipalities), which the web bundle does not carry.
 */
import * as z from 'zod';
import { CITY_SEARCH_MIN_CHARS, PAGE_SIZE } from './constants';
import { requiredText } from './text';

export const billingTexts = {
  dialogTitleMissing: 'Mancano i dati per la fattura',
  dialogTitleAdd: 'Aggiungi i dati per la fattura',
  dialogTitleEdit: 'Modifica i dati per la fattura',
  saved: 'Dati per la fattura salvati',
  ragioneSocialeRequired: 'Inserisci nome e cognome, o la ragione sociale.',
  codiceFiscaleRequired: 'Il codice fiscale è obbligatorio.',
  codiceFiscaleLength: 'Il codice fiscale ha 16 caratteri (11 cifre per società ed enti).',
  codiceFiscaleShape: 'Codice fiscale non valido: controlla lettere e cifre.',
  codiceFiscaleBirthDate: 'Codice fiscale non valido: la data di nascita non esiste.',
  codiceFiscaleCheck: 'Codice fiscale non valido: l’ultimo carattere (di controllo) non corrisponde.',
  codiceFiscaleBirthPlace:
    'Codice fiscale non valido: il comune o lo Stato di nascita non esisteva alla data di nascita.',
  codiceFiscaleNumericCheck: 'Codice fiscale non valido: l’ultima cifra (di controllo) non corrisponde.',
  partitaIvaShape: 'La partita IVA ha 11 cifre.',
  partitaIvaCheck: 'Partita IVA non valida: l’ultima cifra (di controllo) non corrisponde.',
  addressRequired: 'Inserisci l’indirizzo.',
  postalCode: 'Il CAP ha 5 cifre.',
  comuneRequired: 'Scegli il comune dall’elenco.',
  comuneUnknown: 'Comune non trovato: sceglilo dall’elenco.',
  createdActive: 'Un profilo di fatturazione nuovo è sempre attivo.',
  notYourself: 'Puoi salvare solo i tuoi dati per la fattura.',
  nothingToChange: 'Indica almeno un campo da modificare.',
  userNotFound: 'Utente non trovato.',
  citySearchMin: `Scrivi almeno ${CITY_SEARCH_MIN_CHARS} lettere del nome del comune.`,
  provincia: 'Sigla di provincia non valida: 2 lettere, per esempio RM.',
  tooLong: (max: number) => `Massimo ${max} caratteri`,
} as const;

export const BILLING_LIMITS = { ragioneSociale: 150, address: 200 } as const;

// ---------------------------------------------------------------------------------------------------
// Codice fiscale: shape, birth date and check character (no dataset needed).

/** Letters standing for digits in an omocodic codice fiscale (L=0 … V=9), in the positions of digits. */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';
const MONTH_LETTERS = 'ABCDEHLMPRST';
/** Positions (0-based) that hold digits, or their omocodia letters. */
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;

/** 16 characters: surname, name, year, month, day + sex, place, check; digits may be omocodia letters. */
const PERSON_SHAPE =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Values of characters in odd positions (1st, 3rd, …) for the check character (DM 12/03/1974). */
const ODD_VALUES: Record<string, number> = Object.fromEntries(
  [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23].flatMap(
    (value, index) => {
      const letter = String.fromCharCode(65 + index);
      return index < 10
        ? [[letter, value] as const, [String(index), value] as const]
        : [[letter, value] as const];
    },
  ),
);

const evenValue = (character: string) =>
  character >= '0' && character <= '9' ? Number(character) : character.charCodeAt(0) - 65;

/** Check character of the first 15 characters of a personal codice fiscale. */
export const codiceFiscaleCheckCharacter = (first15: string): string => {
  let sum = 0;
  for (let index = 0; index < 15; index += 1) {
    const character = first15[index] ?? '';
    sum += index % 2 === 0 ? (ODD_VALUES[character] ?? 0) : evenValue(character);
  }
  return String.fromCharCode(65 + (sum % 26));
};

/** The codice fiscale with omocodia letters turned back into digits (positions of digits only). */
export const deomocodeCodiceFiscale = (codiceFiscale: string): string => {
  const characters = [...codiceFiscale];
  for (const position of DIGIT_POSITIONS) {
    const index = OMOCODIA_LETTERS.indexOf(characters[position] ?? '');
    if (index >= 0) characters[position] = String(index);
  }
  return characters.join('');
};

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Day 1-31 (men) or 41-71 (women) existing in its month; 29 February is left to the full check. */
const hasPossibleBirthDate = (plain: string) => {
  const month = MONTH_LETTERS.indexOf(plain[8] ?? '');
  const rawDay = Number(plain.slice(9, 11));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  return month >= 0 && day >= 1 && day <= (DAYS_IN_MONTH[month] ?? 0) && !(rawDay > 31 && rawDay <= 40);
};

/** Uppercase without spaces: how codici fiscali and partite IVA are compared and stored. */
export const normalizeTaxCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Why a partita IVA (or an 11-digit codice fiscale) is not valid, or null when it is. */
export const partitaIvaProblem = (value: string): 'shape' | 'check' | null => {
  if (!/^\d{11}$/.test(value) || value === '00000000000') return 'shape';
  // Luhn-like rule: odd positions as they are, even positions doubled (minus 9 above 9).
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = Number(value[index]);
    if (index % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]) ? null : 'check';
};

export const isValidPartitaIva = (value: string) => partitaIvaProblem(normalizePartitaIva(value)) === null;

/** Partite IVA are also written with the country prefix "IT": the number is what counts. */
export const normalizePartitaIva = (value: string) => normalizeTaxCode(value).replace(/^IT(?=\d{11}$)/, '');

/**
 * Why a codice fiscale fails the checks that need no dataset, or null. Personal codes have 16 characters
 * (omocodia accepted); companies and other entities have an 11-digit one, checked like a partita IVA.
 */
export const codiceFiscaleProblem = (normalized: string): string | null => {
  if (/^\d{11}$/.test(normalized)) {
    const problem = partitaIvaProblem(normalized);
    return problem === 'check'
      ? billingTexts.codiceFiscaleNumericCheck
      : problem
        ? billingTexts.codiceFiscaleShape
        : null;
  }
  if (normalized.length !== 16) return billingTexts.codiceFiscaleLength;
  if (!PERSON_SHAPE.test(normalized)) return billingTexts.codiceFiscaleShape;
  if (!hasPossibleBirthDate(deomocodeCodiceFiscale(normalized))) return billingTexts.codiceFiscaleBirthDate;
  if (codiceFiscaleCheckCharacter(normalized.slice(0, 15)) !== normalized[15])
    return billingTexts.codiceFiscaleCheck;
  return null;
};

// ---------------------------------------------------------------------------------------------------
// Schemas shared by the billing form and the handlers.

/** A required single-line text with the billing form's own 'missing' message. */
const requiredBillingText = (max: number, message: string) =>
  requiredText(max, { required: message, tooLong: billingTexts.tooLong(max) });

export const codiceFiscaleSchema = z
  .string({ error: billingTexts.codiceFiscaleRequired })
  .transform(normalizeTaxCode)
  .pipe(
    z
      .string()
      .min(1, { error: billingTexts.codiceFiscaleRequired, abort: true })
      .superRefine((value, context) => {
        const problem = codiceFiscaleProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  );

/** Optional: an empty field means no partita IVA (null). */
export const partitaIvaSchema = z
  .string({ error: billingTexts.partitaIvaShape })
  .nullable()
  .transform((value) => (value === null ? null : normalizePartitaIva(value)))
  .transform((value) => (value === '' ? null : value))
  .superRefine((value, context) => {
    if (value === null) return;
    const problem = partitaIvaProblem(value);
    if (problem)
      context.addIssue({
        code: 'custom',
        message: problem === 'check' ? billingTexts.partitaIvaCheck : billingTexts.partitaIvaShape,
      });
  });

export const postalCodeSchema = z
  .string({ error: billingTexts.postalCode })
  .trim()
  .regex(/^\d{5}$/, { error: billingTexts.postalCode });

/** ComuneId is the municipality's Belfiore (cadastral) code, e.g. H501 for Roma. */
export const comuneIdSchema = z
  .string({ error: billingTexts.comuneRequired })
  .trim()
  .min(1, { error: billingTexts.comuneRequired, abort: true })
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]\d{3}$/, { error: billingTexts.comuneUnknown }));

const billingFields = {
  RagioneSociale: requiredBillingText(BILLING_LIMITS.ragioneSociale, billingTexts.ragioneSocialeRequired),
  CodiceFiscale: codiceFiscaleSchema,
  PartitaIva: partitaIvaSchema.optional(),
  Address: requiredBillingText(BILLING_LIMITS.address, billingTexts.addressRequired),
  PostalCode: postalCodeSchema,
  ComuneId: comuneIdSchema,
};

/**
 * POST User/BillingProfilesSelf (docs/product.md#api). The web sends UserId and IsActive=true as the spec
 * says: UserId must then be the caller's own, and a new profile is always active.
 */
export const createBillingProfileSchema = z.strictObject({
  ...billingFields,
  UserId: z.string().min(1).max(100).optional(),
  IsActive: z.literal(true, { error: billingTexts.createdActive }).optional(),
});
export type CreateBillingProfileRequest = z.input<typeof createBillingProfileSchema>;
export type CreateBillingProfile = z.output<typeof createBillingProfileSchema>;

/** POST User/BillingProfiles (BusinessAdmin): the same, for the user named by UserId. */
export const createBillingProfileForUserSchema = createBillingProfileSchema.extend({
  UserId: z
    .string({ error: billingTexts.userNotFound })
    .min(1, { error: billingTexts.userNotFound })
    .max(100),
});

/** PATCH …/{id}: any of the fields; IsActive true makes this the active profile, false retires it. */
export const updateBillingProfileSchema = z
  .strictObject({
    RagioneSociale: billingFields.RagioneSociale.optional(),
    CodiceFiscale: billingFields.CodiceFiscale.optional(),
    PartitaIva: partitaIvaSchema.optional(),
    Address: billingFields.Address.optional(),
    PostalCode: billingFields.PostalCode.optional(),
    ComuneId: billingFields.ComuneId.optional(),
    IsActive: z.boolean({ error: 'Valore non valido' }).optional(),
    UserId: z.string().min(1).max(100).optional(),
  })
  .refine((value) => Object.entries(value).some(([key, field]) => key !== 'UserId' && field !== undefined), {
    error: billingTexts.nothingToChange,
  });
export type UpdateBillingProfileRequest = z.input<typeof updateBillingProfileSchema>;
export type UpdateBillingProfile = z.output<typeof updateBillingProfileSchema>;

/** What the billing dialog edits (the web form): the create schema without UserId and IsActive. */
export const billingProfileFormSchema = z.strictObject({
  ...billingFields,
  PartitaIva: partitaIvaSchema,
});
export type BillingProfileFormValues = z.input<typeof billingProfileFormSchema>;
export type BillingProfileFields = z.output<typeof billingProfileFormSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Valore non valido: true o false.' })
  .transform((value) => value === 'true');

/** GET …/count and the lists: `IsActive=true` is the spec's filter (IsActive:true). */
export const billingProfileFilterSchema = z.strictObject({ IsActive: booleanQuery.optional() });

/** The admin resource names the user in the query (`UserId`), the self resource never does. */
export const billingProfileAdminQuerySchema = billingProfileFilterSchema.extend({
  UserId: z
    .string({ error: billingTexts.userNotFound })
    .min(1, { error: billingTexts.userNotFound })
    .max(100),
});

export const italianCitySchema = z.object({
  ComuneId: z.string(),
  Name: z.string(),
  ProvinciaAbbreviation: z.string(),
});
export type ItalianCity = z.infer<typeof italianCitySchema>;

export const billingProfileSchema = z.object({
  BillingProfileId: z.number().int().positive(),
  UserId: z.string(),
  RagioneSociale: z.string(),
  CodiceFiscale: z.string(),
  PartitaIva: z.string().nullable(),
  Address: z.string(),
  PostalCode: z.string(),
  ComuneId: z.string(),
  /** Null only if the municipality is unknown to the table (never for profiles saved through the API). */
  Comune: italianCitySchema.nullable(),
  IsActive: z.boolean(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const billingProfileListSchema = z.object({
  Data: z.array(billingProfileSchema),
  Count: z.number().int().nonnegative(),
  NextCursor: z.string().nullable(),
});

export const countResponseSchema = z.object({ Count: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------------------------------
// Italian municipalities (comuni).

/**
 * Search key of a municipality name: lower case, accents and every non-alphanumeric character removed,
 * so "forli" finds "Forlì" and "santangelo", "sant'angelo" and "Sant’Angelo" all find "Sant'Angelo …".
 */
export const comuneSearchKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** GET ItalianCities: Name starts with (from 2 letters), optional province, at most 10 (docs/product.md#limits). */
export const italianCitiesQuerySchema = z.strictObject({
  Name: z
    .string({ error: billingTexts.citySearchMin })
    .max(100, { error: billingTexts.tooLong(100) })
    .refine((value) => comuneSearchKey(value).length >= CITY_SEARCH_MIN_CHARS, {
      error: billingTexts.citySearchMin,
    }),
  ProvinciaAbbreviation: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: billingTexts.provincia })
    .transform((value) => value.toUpperCase())
    .optional(),
  limit: z.coerce
    .number({ error: 'Valore non valido' })
    .int({ error: 'Valore non valido' })
    .min(1, { error: 'Valore non valido' })
    .max(PAGE_SIZE.pickers, { error: `Al massimo ${PAGE_SIZE.pickers} risultati.` })
    .default(PAGE_SIZE.pickers),
});
export type ItalianCitiesQuery = z.input<typeof italianCitiesQuerySchema>;

export const italianCityListSchema = z.object({
  Data: z.array(italianCitySchema),
  Count: z.number().int().nonnegative(),
  NextCursor: z.string().nullable(),
});
