import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  billingProfileFormSchema,
  billingTexts,
  codiceFiscaleCheckCharacter,
  codiceFiscaleProblem,
  comuneSearchKey,
  createBillingProfileSchema,
  italianCitiesQuerySchema,
  normalizeTaxCode,
  partitaIvaProblem,
  updateBillingProfileSchema,
} from '../src';

/** Field -> messages, the way the server's Errors map and the form show them. */
const errorsOf = (result: z.ZodSafeParseResult<unknown>) => {
  const errors: Record<string, string[]> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues)
    (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return errors;
};

// Fictitious codes (the usual textbook "Mario Rossi" and the codice fiscale library's examples).
const VALID = 'RSSMRA85T10A562S';
/** The same person's omocodic variants (the last digit, then all seven, replaced by letters). */
const OMOCODIC = ['RSSMRA85T10A56NH', 'RSSMRAURTMLARSNL'];

const profile = {
  RagioneSociale: 'Mario Rossi',
  CodiceFiscale: VALID,
  PartitaIva: '',
  Address: 'Via Roma 1',
  PostalCode: '00100',
  ComuneId: 'H501',
};

describe('codice fiscale (no dataset: shape, birth date, check character)', () => {
  it('accepts a valid code, in any case and with spaces', () => {
    expect(codiceFiscaleProblem(VALID)).toBeNull();
    expect(codiceFiscaleProblem(normalizeTaxCode(' rssmra85t10 a562s '))).toBeNull();
    expect(codiceFiscaleProblem('VRNGNY07D68C351V')).toBeNull();
    expect(codiceFiscaleProblem('MRNMIA02E45L219X')).toBeNull();
  });

  it('accepts omocodic variants (digits replaced by L…V), whose check character covers the letters', () => {
    for (const code of OMOCODIC) expect(codiceFiscaleProblem(code)).toBeNull();
    expect(codiceFiscaleCheckCharacter(OMOCODIC[0]!.slice(0, 15))).toBe('H');
  });

  it('refuses a wrong check character with its Italian message', () => {
    expect(codiceFiscaleProblem('RSSMRA85T10A562T')).toBe(billingTexts.codiceFiscaleCheck);
    expect(codiceFiscaleProblem('VRNGNY07D68C351K')).toBe(billingTexts.codiceFiscaleCheck);
    expect(codiceFiscaleProblem('RSSMRAURTMLARSNK')).toBe(billingTexts.codiceFiscaleCheck);
  });

  it('refuses a wrong length, wrong characters and a day that no month has', () => {
    expect(codiceFiscaleProblem('RSSMRA85T10A562')).toBe(billingTexts.codiceFiscaleLength);
    expect(codiceFiscaleProblem('RSSMRA85Z10A562S')).toBe(billingTexts.codiceFiscaleShape);
    expect(codiceFiscaleProblem('RSSMRA8AT10A562S')).toBe(billingTexts.codiceFiscaleShape);
    // 31 February (B), and day 35 (neither a man's 1-31 nor a woman's 41-71).
    expect(codiceFiscaleProblem('RSSMRA85B31A562S')).toBe(billingTexts.codiceFiscaleBirthDate);
    expect(codiceFiscaleProblem('RSSMRA85T35A562S')).toBe(billingTexts.codiceFiscaleBirthDate);
  });

  it('accepts the 11-digit code of a company and checks its last digit', () => {
    expect(codiceFiscaleProblem('00743110157')).toBeNull();
    expect(codiceFiscaleProblem('00743110158')).toBe(billingTexts.codiceFiscaleNumericCheck);
  });
});

describe('partita IVA', () => {
  it('accepts valid numbers', () => {
    for (const value of ['00743110157', '12345678903', '01234567897', '02114180298'])
      expect(partitaIvaProblem(value)).toBeNull();
  });

  it('refuses a wrong last digit, a wrong length and all zeros', () => {
    expect(partitaIvaProblem('12345678901')).toBe('check');
    expect(partitaIvaProblem('1234567890')).toBe('shape');
    expect(partitaIvaProblem('1234567890A')).toBe('shape');
    expect(partitaIvaProblem('00000000000')).toBe('shape');
  });
});

describe('billing profile schemas', () => {
  it('normalizes what people type: upper case, no spaces, IT prefix, empty partita IVA as none', () => {
    const parsed = createBillingProfileSchema.parse({
      ...profile,
      CodiceFiscale: 'rssmra85t10a562s',
      PartitaIva: 'IT 1234567890 3',
      ComuneId: 'h501',
      IsActive: true,
    });
    expect(parsed).toMatchObject({ CodiceFiscale: VALID, PartitaIva: '12345678903', ComuneId: 'H501' });
    expect(billingProfileFormSchema.parse(profile).PartitaIva).toBeNull();
  });

  it('reports each wrong field with its Italian message', () => {
    const errors = errorsOf(
      createBillingProfileSchema.safeParse({
        ...profile,
        RagioneSociale: ' ',
        CodiceFiscale: 'RSSMRA85T10A562T',
        PartitaIva: '12345678901',
        Address: '',
        PostalCode: '0010',
        ComuneId: '',
      }),
    );
    expect(errors).toEqual({
      RagioneSociale: [billingTexts.ragioneSocialeRequired],
      CodiceFiscale: [billingTexts.codiceFiscaleCheck],
      PartitaIva: [billingTexts.partitaIvaCheck],
      Address: [billingTexts.addressRequired],
      PostalCode: [billingTexts.postalCode],
      ComuneId: [billingTexts.comuneRequired],
    });
  });

  it('requires the codice fiscale (docs/product.md#validation)', () => {
    expect(errorsOf(createBillingProfileSchema.safeParse({ ...profile, CodiceFiscale: '' }))).toEqual({
      CodiceFiscale: [billingTexts.codiceFiscaleRequired],
    });
    const { CodiceFiscale: _omitted, ...withoutCode } = profile;
    expect(errorsOf(createBillingProfileSchema.safeParse(withoutCode))).toEqual({
      CodiceFiscale: [billingTexts.codiceFiscaleRequired],
    });
  });

  it('creates profiles active only, and rejects unknown fields', () => {
    expect(errorsOf(createBillingProfileSchema.safeParse({ ...profile, IsActive: false }))).toEqual({
      IsActive: [billingTexts.createdActive],
    });
    expect(createBillingProfileSchema.safeParse({ ...profile, Extra: 1 }).success).toBe(false);
  });

  it('needs at least one field to change', () => {
    expect(errorsOf(updateBillingProfileSchema.safeParse({}))).toEqual({ _: [billingTexts.nothingToChange] });
    expect(updateBillingProfileSchema.parse({ PartitaIva: null })).toEqual({ PartitaIva: null });
    expect(updateBillingProfileSchema.parse({ IsActive: false })).toEqual({ IsActive: false });
  });
});

describe('comuni search', () => {
  it('ignores case, accents, spaces and apostrophes', () => {
    expect(comuneSearchKey('Forlì')).toBe('forli');
    expect(comuneSearchKey("Sant'Angelo Lodigiano")).toBe(comuneSearchKey('sant’angelo lodigiano'));
    expect(comuneSearchKey('Antey-Saint-André')).toBe('anteysaintandre');
  });

  it('starts at 2 letters, takes an optional province and at most 10 results', () => {
    expect(italianCitiesQuerySchema.parse({ Name: 'fo' })).toEqual({ Name: 'fo', limit: 10 });
    expect(
      italianCitiesQuerySchema.parse({ Name: 'forli', ProvinciaAbbreviation: 'fc', limit: '3' }),
    ).toEqual({ Name: 'forli', ProvinciaAbbreviation: 'FC', limit: 3 });
    expect(errorsOf(italianCitiesQuerySchema.safeParse({ Name: "f'" }))).toEqual({
      Name: [billingTexts.citySearchMin],
    });
    expect(errorsOf(italianCitiesQuerySchema.safeParse({ Name: 'fo', ProvinciaAbbreviation: 'F1' }))).toEqual(
      {
        ProvinciaAbbreviation: [billingTexts.provincia],
      },
    );
    expect(italianCitiesQuerySchema.safeParse({ Name: 'fo', limit: '11' }).success).toBe(false);
  });
});
