/**
 * The fiscal data invoices are made from (docs/product.md#invoicing).
 * - Nutritionist's fiscal settings `USER#<userId>` / `FISCAL`: Regime (ordinario | forfettario), Register
 *   (e.g. Ordine Nazionale dei Biologi), RegisterNumber, UpdatedAt. Name, partita IVA, codice fiscale and
 *   address are those of the active billing profile, so they are entered once.
 * - A customer's data on an invoice: the patient's active billing profile.
 * Access patterns: get / put the settings by key; the active profile through billing-profiles-repo.ts.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FiscalRegime, NutritionistFiscalDataInput, NutritionistFiscalDataView } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { getActiveBillingProfile, type BillingProfileRecord } from './billing-profiles-repo';
import { getComune } from './comuni-repo';

const fiscalKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'FISCAL' });

interface FiscalSettings {
  Regime: FiscalRegime;
  Register: string;
  RegisterNumber: string;
}

const getFiscalSettings = async (userId: string): Promise<FiscalSettings | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: fiscalKey(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    Regime: Item.Regime === 'forfettario' ? 'forfettario' : 'ordinario',
    Register: String(Item.Register),
    RegisterNumber: String(Item.RegisterNumber),
  };
};

export const putFiscalSettings = async (userId: string, input: NutritionistFiscalDataInput, at: Date) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...fiscalKey(userId),
        type: 'FiscalSettings',
        UserId: userId,
        ...input,
        UpdatedAt: at.toISOString(),
      },
    }),
  );
};

/** The one-line address of a billing profile: street, CAP, comune and province. */
const addressLine = async (profile: BillingProfileRecord) => {
  const comune = await getComune(profile.ComuneId);
  const place = comune ? `${comune.Name} (${comune.ProvinciaAbbreviation})` : profile.ComuneId;
  return `${profile.Address}, ${profile.PostalCode} ${place}`;
};

/** A party of an invoice as printed. */
export interface FiscalParty {
  LegalName: string;
  CodiceFiscale: string;
  PartitaIva: string | null;
  Address: string;
}

export interface IssuerFiscalData extends FiscalParty {
  PartitaIva: string;
  Regime: FiscalRegime;
  /** e.g. `Ordine Nazionale dei Biologi n. AA_123456`. */
  Register: string;
}

/** What a nutritionist still has to enter before a health invoice can be made, in Italian. */
const missingOf = (settings: FiscalSettings | null, profile: BillingProfileRecord | null) => {
  const missing: string[] = [];
  if (!profile) missing.push('Dati per la fattura (nome, codice fiscale, indirizzo)');
  if (profile && !profile.PartitaIva) missing.push('Partita IVA');
  if (!settings) missing.push('Regime fiscale e iscrizione all’albo');
  return missing;
};

/** What each nutritionist still has to enter (two reads each, a few at a time); only those missing any. */
export const missingFiscalData = async (userIds: readonly string[]) => {
  const missing = new Map<string, string[]>();
  for (let start = 0; start < userIds.length; start += 20)
    await Promise.all(
      userIds.slice(start, start + 20).map(async (userId) => {
        const [settings, profile] = await Promise.all([
          getFiscalSettings(userId),
          getActiveBillingProfile(userId),
        ]);
        const items = missingOf(settings, profile);
        if (items.length > 0) missing.set(userId, items);
      }),
    );
  return missing;
};

/** The nutritionist's fiscal data as the settings page shows it, with what is missing. */
export const nutritionistFiscalDataView = async (userId: string): Promise<NutritionistFiscalDataView> => {
  const [settings, profile] = await Promise.all([getFiscalSettings(userId), getActiveBillingProfile(userId)]);
  const missing = missingOf(settings, profile);
  return {
    Regime: settings?.Regime ?? null,
    Register: settings?.Register ?? null,
    RegisterNumber: settings?.RegisterNumber ?? null,
    LegalName: profile?.RagioneSociale ?? null,
    PartitaIva: profile?.PartitaIva ?? null,
    CodiceFiscale: profile?.CodiceFiscale ?? null,
    Address: profile ? await addressLine(profile) : null,
    Missing: missing,
  };
};

/** The nutritionist as the issuer of a health invoice; null while any required datum is missing. */
export const issuerFiscalData = async (userId: string): Promise<IssuerFiscalData | null> => {
  const [settings, profile] = await Promise.all([getFiscalSettings(userId), getActiveBillingProfile(userId)]);
  if (!settings || !profile?.PartitaIva) return null;
  return {
    LegalName: profile.RagioneSociale,
    CodiceFiscale: profile.CodiceFiscale,
    PartitaIva: profile.PartitaIva,
    Address: await addressLine(profile),
    Regime: settings.Regime,
    Register: `${settings.Register} n. ${settings.RegisterNumber}`,
  };
};

/** The patient as the customer of an invoice (the active billing profile); null without one. */
export const customerFiscalData = async (userId: string): Promise<FiscalParty | null> => {
  const profile = await getActiveBillingProfile(userId);
  if (!profile) return null;
  return {
    LegalName: profile.RagioneSociale,
    CodiceFiscale: profile.CodiceFiscale,
    PartitaIva: profile.PartitaIva,
    Address: await addressLine(profile),
  };
};
