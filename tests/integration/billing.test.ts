/**
 * Billing profiles and Italian municipalities on the running local stack: Italian messages in `Errors`
 * for a wrong codice fiscale or partita IVA, one active profile per user even under concurrency, the
 * count the payment flow asks for, object-level access (own profiles, a nutritionist's own patients, the
 * back office with UserId), and the comune search.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billingTexts, type BillingProfile, type ItalianCity } from '@nutri/shared';
import { api, login } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

interface ErrorBody {
  code: string;
  message: string;
  Errors?: Record<string, string[]>;
}
interface ListBody<T> {
  Data: T[];
  Count: number;
  NextCursor: string | null;
}

const newNutritionist = () => createNutritionist();

/** A patient of the given nutritionist with a first visit to pay (step 4), signed in. */
const newPatient = (nutritionistUserId: string) =>
  createPatientOf(nutritionistUserId, 'Anna Neri', {
    displayName: `Anna Neri ${randomUUID().slice(0, 4)}`,
    onboardingStep: 4,
  });

const PROFILE = {
  RagioneSociale: 'Anna Neri',
  CodiceFiscale: 'RSSMRA85T10A562S',
  Address: 'Via dei Mille 12',
  PostalCode: '00185',
  ComuneId: 'H501',
};

const SELF = 'User/BillingProfilesSelf';
const ADMIN = 'User/BillingProfiles';

const create = (token: string, body: Record<string, unknown>) =>
  api<BillingProfile & ErrorBody>('POST', SELF, { token, body });

const countActive = async (token: string) => {
  const result = await api<{ Count: number }>('GET', `${SELF}/count?IsActive=true`, { token });
  expect(result.status).toBe(200);
  return result.body.Count;
};

const adminToken = () => login('admin@nutri.local', 'Admin1234!').then((tokens) => tokens.accessToken);

describe('billing profiles: validation', () => {
  it('creates an active profile, with the comune named, as the spec’s dialog sends it', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    expect(await countActive(patient.token)).toBe(0);

    const result = await create(patient.token, {
      ...PROFILE,
      CodiceFiscale: ' rssmra85t10a562s ',
      PartitaIva: 'IT12345678903',
      UserId: patient.id,
      IsActive: true,
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      UserId: patient.id,
      RagioneSociale: 'Anna Neri',
      CodiceFiscale: 'RSSMRA85T10A562S',
      PartitaIva: '12345678903',
      PostalCode: '00185',
      ComuneId: 'H501',
      Comune: { ComuneId: 'H501', Name: 'Roma', ProvinciaAbbreviation: 'RM' },
      IsActive: true,
    });
    expect(await countActive(patient.token)).toBe(1);
    const read = await api<BillingProfile>('GET', `${SELF}/${result.body.BillingProfileId}`, {
      token: patient.token,
    });
    expect(read.body).toEqual(result.body);
  });

  it('refuses a wrong codice fiscale with its Italian message in Errors', async () => {
    const patient = await newPatient((await newNutritionist()).id);
    const wrongCheck = await create(patient.token, { ...PROFILE, CodiceFiscale: 'RSSMRA85T10A562T' });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body.Errors).toEqual({ CodiceFiscale: [billingTexts.codiceFiscaleCheck] });

    // Shape and check character are right, but Fiume (D620) was no longer Italian in 1999: only the
    // library with its dataset of places sees it.
    const wrongPlace = await create(patient.token, { ...PROFILE, CodiceFiscale: 'GSTPPP99C06D620V' });
    expect(wrongPlace.status).toBe(400);
    expect(wrongPlace.body.Errors).toEqual({ CodiceFiscale: [billingTexts.codiceFiscaleBirthPlace] });

    const missing = await create(patient.token, { ...PROFILE, CodiceFiscale: '' });
    expect(missing.body.Errors).toEqual({ CodiceFiscale: [billingTexts.codiceFiscaleRequired] });
    expect(await countActive(patient.token)).toBe(0);
  });

  it('accepts an omocodic codice fiscale and a company’s 11-digit one', async () => {
    const patient = await newPatient((await newNutritionist()).id);
    expect((await create(patient.token, { ...PROFILE, CodiceFiscale: 'RSSMRAURTMLARSNL' })).status).toBe(201);
    const company = await create(patient.token, {
      ...PROFILE,
      RagioneSociale: 'Studio Neri S.r.l.',
      CodiceFiscale: '00743110157',
      PartitaIva: '00743110157',
    });
    expect(company.status).toBe(201);
  });

  it('refuses a wrong partita IVA, and lists every wrong field at once', async () => {
    const patient = await newPatient((await newNutritionist()).id);
    const wrongVat = await create(patient.token, { ...PROFILE, PartitaIva: '12345678901' });
    expect(wrongVat.status).toBe(400);
    expect(wrongVat.body.Errors).toEqual({ PartitaIva: [billingTexts.partitaIvaCheck] });

    const several = await create(patient.token, {
      ...PROFILE,
      CodiceFiscale: 'GSTPPP99C06D620V',
      PartitaIva: '1234567890',
      PostalCode: '1234',
      ComuneId: 'A000',
    });
    expect(several.status).toBe(400);
    expect(several.body.Errors).toEqual({
      CodiceFiscale: [billingTexts.codiceFiscaleBirthPlace],
      PartitaIva: [billingTexts.partitaIvaShape],
      PostalCode: [billingTexts.postalCode],
      ComuneId: [billingTexts.comuneUnknown],
    });
  });

  it('refuses saving for someone else through the self resource, and unknown fields', async () => {
    const patient = await newPatient((await newNutritionist()).id);
    const other = await newPatient((await newNutritionist()).id);
    const forOther = await create(patient.token, { ...PROFILE, UserId: other.id });
    expect(forOther.status).toBe(403);
    expect(forOther.body.message).toBe(billingTexts.notYourself);
    expect(await countActive(other.token)).toBe(0);
    expect((await create(patient.token, { ...PROFILE, IsAdmin: true })).status).toBe(400);
  });
});

describe('billing profiles: the active one', () => {
  it('keeps one active profile: a new one replaces it, PATCH can switch back or retire it', async () => {
    const patient = await newPatient((await newNutritionist()).id);
    const first = (await create(patient.token, PROFILE)).body;
    const second = (await create(patient.token, { ...PROFILE, Address: 'Piazza Navona 1' })).body;
    expect(await countActive(patient.token)).toBe(1);
    const list = await api<ListBody<BillingProfile>>('GET', SELF, { token: patient.token });
    expect(list.body.Data.map((profile) => [profile.BillingProfileId, profile.IsActive])).toEqual([
      [second.BillingProfileId, true],
      [first.BillingProfileId, false],
    ]);

    const back = await api<BillingProfile>('PATCH', `${SELF}/${first.BillingProfileId}`, {
      token: patient.token,
      body: { IsActive: true, Address: 'Via dei Mille 14', ComuneId: 'd704', PostalCode: '47121' },
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      IsActive: true,
      Address: 'Via dei Mille 14',
      Comune: { Name: 'Forlì', ProvinciaAbbreviation: 'FC' },
    });
    const active = await api<ListBody<BillingProfile>>('GET', `${SELF}?IsActive=true`, {
      token: patient.token,
    });
    expect(active.body.Data.map((profile) => profile.BillingProfileId)).toEqual([first.BillingProfileId]);

    const wrong = await api<ErrorBody>('PATCH', `${SELF}/${first.BillingProfileId}`, {
      token: patient.token,
      body: { CodiceFiscale: 'RSSMRA85T10A562T' },
    });
    expect(wrong.body.Errors).toEqual({ CodiceFiscale: [billingTexts.codiceFiscaleCheck] });

    await api('PATCH', `${SELF}/${first.BillingProfileId}`, {
      token: patient.token,
      body: { IsActive: false },
    });
    expect(await countActive(patient.token)).toBe(0);
  });

  it('leaves exactly one active profile after concurrent saves', async () => {
    const patient = await newPatient((await newNutritionist()).id);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(patient.token, { ...PROFILE, Address: `Via ${index}` })),
    );
    // Every save either commits or is told to try again; none leaves a second active profile behind.
    for (const result of results) expect([201, 409]).toContain(result.status);
    expect(results.some((result) => result.status === 201)).toBe(true);
    expect(await countActive(patient.token)).toBe(1);
  });
});

describe('IsBillingProfileComplete (a nutritionist can invoice)', () => {
  it('needs an active profile with a partita IVA', async () => {
    const { isBillingProfileComplete } = await import('../../functions/src/billing/billing-status');
    const nutritionist = await newNutritionist();
    expect(await isBillingProfileComplete(nutritionist.id)).toBe(false);
    const withoutVat = (await create(nutritionist.token, PROFILE)).body;
    expect(await isBillingProfileComplete(nutritionist.id)).toBe(false);
    await api('PATCH', `${SELF}/${withoutVat.BillingProfileId}`, {
      token: nutritionist.token,
      body: { PartitaIva: '00743110157' },
    });
    expect(await isBillingProfileComplete(nutritionist.id)).toBe(true);
    await api('PATCH', `${SELF}/${withoutVat.BillingProfileId}`, {
      token: nutritionist.token,
      body: { IsActive: false },
    });
    expect(await isBillingProfileComplete(nutritionist.id)).toBe(false);
  });
});

describe('billing profiles: who may read them', () => {
  it('a patient cannot read or change another patient’s profile', async () => {
    const nutritionist = await newNutritionist();
    const owner = await newPatient(nutritionist.id);
    const other = await newPatient(nutritionist.id);
    const profile = (await create(owner.token, PROFILE)).body;

    const read = await api<ErrorBody>('GET', `${SELF}/${profile.BillingProfileId}`, { token: other.token });
    expect(read.status).toBe(404);
    const change = await api<ErrorBody>('PATCH', `${SELF}/${profile.BillingProfileId}`, {
      token: other.token,
      body: { Address: 'Via Rubata 1' },
    });
    expect(change.status).toBe(404);
    expect((await api<ListBody<BillingProfile>>('GET', SELF, { token: other.token })).body.Data).toEqual([]);
    // Nor through the back-office resource.
    const asAdmin = await api('GET', `${ADMIN}/${profile.BillingProfileId}?UserId=${owner.id}`, {
      token: other.token,
    });
    expect(asAdmin.status).toBe(403);
    expect(
      (await api<BillingProfile>('GET', `${SELF}/${profile.BillingProfileId}`, { token: owner.token })).body
        .Address,
    ).toBe(PROFILE.Address);
  });

  it('a nutritionist reads their own patients’ profiles only', async () => {
    const mine = await newNutritionist();
    const someoneElse = await newNutritionist();
    const patient = await newPatient(mine.id);
    const notMine = await newPatient(someoneElse.id);
    const profile = (await create(patient.token, PROFILE)).body;
    await create(notMine.token, PROFILE);

    const own = await api<ListBody<BillingProfile>>(
      'GET',
      `CurrentNutritionist/Patients/${patient.id}/BillingProfiles`,
      { token: mine.token },
    );
    expect(own.status).toBe(200);
    expect(own.body.Data).toEqual([profile]);

    const other = await api('GET', `CurrentNutritionist/Patients/${notMine.id}/BillingProfiles`, {
      token: mine.token,
    });
    expect(other.status).toBe(404);
    const byOtherNutritionist = await api(
      'GET',
      `CurrentNutritionist/Patients/${patient.id}/BillingProfiles`,
      {
        token: someoneElse.token,
      },
    );
    expect(byOtherNutritionist.status).toBe(404);
    const byPatient = await api('GET', `CurrentNutritionist/Patients/${patient.id}/BillingProfiles`, {
      token: patient.token,
    });
    expect(byPatient.status).toBe(403);
  });

  it('the back office works on any user’s profiles, named by UserId', async () => {
    const token = await adminToken();
    const patient = await newPatient((await newNutritionist()).id);
    const other = await newPatient((await newNutritionist()).id);

    const made = await api<BillingProfile>('POST', ADMIN, {
      token,
      body: { ...PROFILE, UserId: patient.id, IsActive: true },
    });
    expect(made.status).toBe(201);
    expect(made.body.UserId).toBe(patient.id);
    expect(await countActive(patient.token)).toBe(1);
    const count = await api<{ Count: number }>('GET', `${ADMIN}/count?UserId=${patient.id}&IsActive=true`, {
      token,
    });
    expect(count.body.Count).toBe(1);

    const path = `${ADMIN}/${made.body.BillingProfileId}`;
    expect((await api<BillingProfile>('GET', `${path}?UserId=${patient.id}`, { token })).body).toEqual(
      made.body,
    );
    // The id alone names nothing: under another user it does not exist.
    expect((await api('GET', `${path}?UserId=${other.id}`, { token })).status).toBe(404);
    const withoutUser = await api<ErrorBody>('GET', path, { token });
    expect(withoutUser.status).toBe(400);
    expect(withoutUser.body.Errors).toEqual({ UserId: [billingTexts.userNotFound] });

    const changed = await api<BillingProfile>('PATCH', `${path}?UserId=${patient.id}`, {
      token,
      body: { RagioneSociale: 'Anna Maria Neri' },
    });
    expect(changed.body.RagioneSociale).toBe('Anna Maria Neri');
    const list = await api<ListBody<BillingProfile>>('GET', `${ADMIN}?UserId=${patient.id}`, { token });
    expect(list.body.Data.map((profile) => profile.RagioneSociale)).toEqual(['Anna Maria Neri']);

    const nobody = await api<ErrorBody>('POST', ADMIN, { token, body: { ...PROFILE, UserId: randomUUID() } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.Errors).toEqual({ UserId: [billingTexts.userNotFound] });
  });
});

describe('ItalianCities', () => {
  const search = async (token: string, query: string) =>
    api<ListBody<ItalianCity> & ErrorBody>('GET', `ItalianCities?${query}`, { token });

  it('finds municipalities by the start of the name, ignoring case and accents', async () => {
    const { token } = await newNutritionist();
    const forli = await search(token, 'Name=forli');
    expect(forli.status).toBe(200);
    expect(forli.body.Data).toEqual([
      { ComuneId: 'D704', Name: 'Forlì', ProvinciaAbbreviation: 'FC' },
      { ComuneId: 'D703', Name: 'Forlì del Sannio', ProvinciaAbbreviation: 'IS' },
      { ComuneId: 'D705', Name: 'Forlimpopoli', ProvinciaAbbreviation: 'FC' },
    ]);
    expect((await search(token, `Name=${encodeURIComponent('FORLÌ')}`)).body.Data).toEqual(forli.body.Data);
    const apostrophe = await search(token, `Name=${encodeURIComponent('sant’ang')}`);
    expect(apostrophe.body.Data.length).toBeGreaterThan(0);
    for (const city of apostrophe.body.Data) expect(city.Name).toMatch(/^Sant'Ang/i);
  });

  it('filters by province', async () => {
    const { token } = await newNutritionist();
    const result = await search(token, `Name=${encodeURIComponent('Forlì')}&ProvinciaAbbreviation=is`);
    expect(result.body.Data).toEqual([
      { ComuneId: 'D703', Name: 'Forlì del Sannio', ProvinciaAbbreviation: 'IS' },
    ]);
    const wrong = await search(token, 'Name=fo&ProvinciaAbbreviation=F1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.Errors).toEqual({ ProvinciaAbbreviation: [billingTexts.provincia] });
  });

  it('starts at 2 letters and answers at most 10, in name order', async () => {
    const { token } = await newNutritionist();
    const short = await search(token, 'Name=s');
    expect(short.status).toBe(400);
    expect(short.body.Errors).toEqual({ Name: [billingTexts.citySearchMin] });
    const many = await search(token, 'Name=sa');
    expect(many.body.Data).toHaveLength(10);
    const names = many.body.Data.map((city) => city.Name.toLowerCase());
    expect(names.every((name) => name.startsWith('sa'))).toBe(true);
    const three = await search(token, 'Name=sa&limit=3');
    expect(three.body.Data).toEqual(many.body.Data.slice(0, 3));
    expect((await search(token, 'Name=sa&limit=11')).status).toBe(400);
  });

  it('reads one by id (its Belfiore code), and only for signed-in users', async () => {
    const { token } = await newNutritionist();
    const rome = await api<ItalianCity>('GET', 'ItalianCities/H501', { token });
    expect(rome.body).toEqual({ ComuneId: 'H501', Name: 'Roma', ProvinciaAbbreviation: 'RM' });
    expect((await api('GET', 'ItalianCities/A000', { token })).status).toBe(404);
    expect((await api('GET', 'ItalianCities?Name=roma')).status).toBe(401);
  });
});
