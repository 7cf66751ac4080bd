/**
 * Versioned privacy contracts (docs/product.md#contracts) on the running local stack: the SystemAdmin
 * drafts a new version (HTML sanitized, never shown to patients while a draft) and publishes it; the next
 * payment asks the patient to accept it, the old acceptance stays as it was, the new one is a new record;
 * old versions stay readable; a version's acceptances export as CSV; every change is audited; every other
 * role is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookingStatus,
  BookingType,
  PaymentRefusal,
  addRomeDays,
  contractTexts,
  paymentTexts,
  romeDate,
  type ContractOverview,
  type ContractVersionView,
} from '@nutri/shared';
import { api, stack } from './support/api';
import { removeStoredContractVersions } from './support/contracts';
import {
  addAvailability,
  adminAccessToken,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
  withoutPrivacyContracts,
  type TestPatient,
} from './support/visits';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) NutriTest/1.0';
let adminToken: string;

const overview = async () =>
  (await api<{ Data: ContractOverview[] }>('GET', 'SystemSettings/Contracts', { token: adminToken })).body
    .Data;
const contract = async (contractTypeId: number) =>
  (await overview()).find((c) => c.ContractTypeId === contractTypeId)!;

const accept = (patient: TestPatient) =>
  api('POST', 'Patients/Contracts/AcceptPrivacy', {
    token: patient.token,
    headers: { 'User-Agent': BROWSER },
    body: { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true },
  });

const createSession = (patient: TestPatient, bookingId: number) =>
  api<{ code?: string; message?: string; Url?: string }>('GET', `Stripe/${bookingId}/CreateSession`, {
    token: patient.token,
  });

const privacyFlags = async (patient: TestPatient) =>
  (
    await api<{ PrivacyContractSigned: boolean; PrivacyContractsUpdated: boolean }>(
      'GET',
      'CurrentPatient/Profile?fields=PrivacyContractSigned,PrivacyContractsUpdated',
      { token: patient.token },
    )
  ).body;

const exportCsv = async (token: string, contractTypeId: number, version: number) => {
  const response = await fetch(
    `${stack.baseUrl}/api/v2/SystemSettings/Contracts/${contractTypeId}/Versions/${version}/Acceptances`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

/** A patient with billing data, whose nutritionist can invoice, and a visit awaiting payment. */
const visitToPay = async (name: string) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, name);
  const date = romeDateIn(10);
  await addAvailability(nutritionist, date, '09:00', '12:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T10:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
  const billing = (token: string, body: Record<string, string>) =>
    api('POST', 'User/BillingProfilesSelf', {
      token,
      body: {
        CodiceFiscale: 'RSSMRA85T10A562S',
        Address: 'Via Roma 1',
        PostalCode: '00185',
        ComuneId: 'H501',
        ...body,
      },
    });
  expect((await billing(patient.token, { RagioneSociale: name })).status).toBe(201);
  expect(
    (await billing(nutritionist.token, { RagioneSociale: 'Studio Nutrizione', PartitaIva: '12345678903' }))
      .status,
  ).toBe(201);
  // createPatientOf marks the contracts accepted without records; this patient accepts through the API.
  await withoutPrivacyContracts(patient.id);
  return { nutritionist, patient, booking };
};

beforeAll(async () => {
  adminToken = await adminAccessToken();
  await removeStoredContractVersions();
});

afterAll(removeStoredContractVersions);

describe('contract versions', () => {
  it('publishing a contract version makes the next payment ask for acceptance again and keeps the old acceptance', async () => {
    const { patient, booking } = await visitToPay('Marta Contratti');
    const other = (await visitToPay('Ugo Altri')).patient;
    expect((await accept(patient)).status).toBe(204);
    expect((await accept(other)).status).toBe(204);
    expect((await createSession(patient, booking.BookingId)).status).toBe(200);
    const { listConsents } = await import('../../functions/src/onboarding/patients-repo');
    const before = await listConsents(patient.id);
    expect(before.map((c) => [c.contractType, c.version])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(before[0]!.userAgent).toBe(BROWSER);

    // The draft: sanitized, numbered after version 1, and no patient reads it.
    const draft = await api<ContractVersionView>('PUT', 'SystemSettings/Contracts/2/Draft', {
      token: adminToken,
      body: {
        Title: 'Informativa sulla privacy di Nutrì (2027)',
        ContractText:
          '<h2 onclick="rubare()">Novità</h2><p>Ora conserviamo le <strong>ricevute</strong> per 10 anni.</p><script>rubare()</script><img src="https://spia.example/x.png">',
      },
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ Version: 2, Status: 'draft', InEffect: false });
    expect(draft.body.ContractText).toBe(
      '<h2>Novità</h2><p>Ora conserviamo le <strong>ricevute</strong> per 10 anni.</p>',
    );
    expect((await api('GET', 'Patients/Contracts/2?version=2', { token: patient.token })).status).toBe(404);
    expect((await api('GET', 'Patients/Contracts/2', { token: patient.token })).body).toMatchObject({
      Version: 1,
    });
    expect((await createSession(patient, booking.BookingId)).status).toBe(200);

    const published = await api<ContractVersionView>('POST', 'SystemSettings/Contracts/2/Draft/Publish', {
      token: adminToken,
      body: { Version: 2, EffectiveFrom: romeDate(new Date()) },
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ Version: 2, Status: 'published', InEffect: true });
    expect(published.body.PublishedBy?.UserId).toBeTruthy();
    expect(await contract(2)).toMatchObject({ CurrentVersion: 2 });
    expect((await contract(3)).CurrentVersion).toBe(1);

    // The next payment asks again, with the reason; the home knows the notices changed.
    expect(await privacyFlags(patient)).toEqual({
      PrivacyContractSigned: false,
      PrivacyContractsUpdated: true,
    });
    const refused = await createSession(patient, booking.BookingId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: PaymentRefusal.privacyContractNotSigned,
      message: paymentTexts.privacyContractsUpdated,
    });

    // Accepting again adds records; the old ones are untouched.
    expect((await accept(patient)).status).toBe(204);
    const after = await listConsents(patient.id);
    expect(after).toHaveLength(4);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after.filter((c) => c.contractType === 2).map((c) => c.version)).toEqual([1, 2]);
    expect(await privacyFlags(patient)).toEqual({
      PrivacyContractSigned: true,
      PrivacyContractsUpdated: false,
    });
    expect((await createSession(patient, booking.BookingId)).status).toBe(200);
    // The other patient has not accepted version 2: their own acceptance is not anyone else's.
    expect((await privacyFlags(other)).PrivacyContractSigned).toBe(false);

    // The old version stays readable, for patients and in the back office.
    expect((await api('GET', 'Patients/Contracts/2?version=1', { token: patient.token })).body).toMatchObject(
      {
        Version: 1,
        Title: 'Informativa sulla privacy di Nutrì',
      },
    );
    expect(
      (await api<ContractVersionView>('GET', 'SystemSettings/Contracts/2/Versions/1', { token: adminToken }))
        .body,
    ).toMatchObject({ Version: 1, InEffect: false });
    expect((await contract(2)).Versions.map((v) => [v.Version, v.Status, v.InEffect])).toEqual([
      [2, 'published', true],
      [1, 'published', false],
    ]);

    // The export of each version lists its acceptances (who, when, address, browser).
    const v2 = await exportCsv(adminToken, 2, 2);
    expect(v2.status).toBe(200);
    expect(v2.type).toMatch(/^text\/csv/);
    const rows = v2.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Utente;Nome;E-mail;Contratto;Versione;Accettato il (UTC);Indirizzo IP;Browser (User-Agent)',
    );
    const mine = rows.filter((row) => row.startsWith(patient.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(`;${patient.email};Informativa privacy del servizio;2;`);
    // The browser's name holds a semicolon: quoted.
    expect(mine[0]!.endsWith(`;"${BROWSER}"`)).toBe(true);
    expect(rows.some((row) => row.startsWith(other.id))).toBe(false);
    expect((await exportCsv(adminToken, 2, 1)).text).toContain(`${patient.id};`);

    const { listSubjectAudit } = await import('../../functions/src/platform/audit');
    const actions = (await listSubjectAudit('contract', '2')).map((entry) => entry.Action);
    expect(actions.slice(0, 4)).toEqual([
      'contract.acceptances.export',
      'contract.acceptances.export',
      'contract.publish',
      'contract.draft.save',
    ]);
  });

  it('refuses a past day, keeps a future version out of effect until its day, and discards only drafts', async () => {
    const today = romeDate(new Date());
    const save = (title: string) =>
      api<ContractVersionView>('PUT', 'SystemSettings/Contracts/3/Draft', {
        token: adminToken,
        body: { Title: title, ContractText: '<p>Il nutrizionista conserva la cartella clinica.</p>' },
      });
    const first = await save('Informativa del nutrizionista, bozza');
    expect(first.status).toBe(200);
    // Saving again changes the same draft.
    const again = await save('Informativa del nutrizionista 2027');
    expect(again.body).toMatchObject({
      Version: first.body.Version,
      Title: 'Informativa del nutrizionista 2027',
    });
    const version = again.body.Version;

    const past = await api('POST', 'SystemSettings/Contracts/3/Draft/Publish', {
      token: adminToken,
      body: { Version: version, EffectiveFrom: addRomeDays(today, -1) },
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ Errors: { EffectiveFrom: [contractTexts.effectiveInPast] } });
    const empty = await api('PUT', 'SystemSettings/Contracts/3/Draft', {
      token: adminToken,
      body: { Title: 'Vuota', ContractText: '<script>rubare()</script>' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ Errors: { ContractText: [contractTexts.textEmptyAfterCleaning] } });

    const later = await api<ContractVersionView>('POST', 'SystemSettings/Contracts/3/Draft/Publish', {
      token: adminToken,
      body: { Version: version, EffectiveFrom: addRomeDays(today, 7) },
    });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ Status: 'published', InEffect: false });
    expect((await contract(3)).CurrentVersion).toBe(1);
    // Published versions are never discarded; a draft is.
    expect(
      (await api('DELETE', `SystemSettings/Contracts/3/Versions/${version}`, { token: adminToken })).status,
    ).toBe(409);
    const next = await save('Bozza da scartare');
    expect(next.body.Version).toBe(version + 1);
    // A version may not take effect before the one published before it.
    const early = await api('POST', 'SystemSettings/Contracts/3/Draft/Publish', {
      token: adminToken,
      body: { Version: version + 1, EffectiveFrom: today },
    });
    expect(early.status).toBe(400);
    expect(
      (await api('DELETE', `SystemSettings/Contracts/3/Versions/${version + 1}`, { token: adminToken }))
        .status,
    ).toBe(204);
    expect((await contract(3)).Versions.map((v) => v.Version)).toEqual([version, 1]);
  });

  it('refuses every other role on the admin routes', async () => {
    const { nutritionist, patient } = await visitToPay('Bruno Ruoli');
    const routes: [string, string, unknown?][] = [
      ['GET', 'SystemSettings/Contracts'],
      ['PUT', 'SystemSettings/Contracts/2/Draft', { Title: 'X', ContractText: '<p>X</p>' }],
      ['POST', 'SystemSettings/Contracts/2/Draft/Publish', { Version: 2, EffectiveFrom: '2030-01-01' }],
      ['GET', 'SystemSettings/Contracts/2/Versions/1'],
      ['DELETE', 'SystemSettings/Contracts/2/Versions/2'],
      ['GET', 'SystemSettings/Contracts/2/Versions/1/Acceptances'],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [patient.token, nutritionist.token])
        expect((await api(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    // A patient cannot export anyone's acceptances, their own included.
    expect((await exportCsv(patient.token, 2, 1)).status).toBe(403);
  });
});

describe('acceptances recorded before the export by version', () => {
  it('get their export keys from the back office job, and nothing else of theirs changes', async () => {
    const { createTestUser } = await import('./support/api');
    const { PutCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('../../functions/src/platform/db/client');
    const { indexConsentsForExport } = await import('../../functions/src/onboarding/patients-repo');
    const patient = await createTestUser(['Patient']);
    // A record as the first release wrote it: the acceptance without the export index. Dated long ago, so
    // it comes first in the version's export (oldest first).
    const acceptedAt = new Date(Date.UTC(2019, 0, 1) + Math.floor(Math.random() * 86_400_000)).toISOString();
    const key = { pk: `USER#${patient.id}`, sk: `CONSENT#2#${acceptedAt}` };
    const record = {
      ...key,
      type: 'Consent',
      userId: patient.id,
      contractType: 2,
      version: 1,
      acceptedAt,
      sourceIp: '198.51.100.7',
    };
    await db().send(new PutCommand({ TableName: tableName(), Item: record }));
    expect((await exportCsv(adminToken, 2, 1)).text).not.toContain(patient.id);

    expect(await indexConsentsForExport(patient.id)).toBe(1);
    const exported = await exportCsv(adminToken, 2, 1);
    const line = exported.text.split('\n').find((row) => row.includes(patient.id));
    expect(line).toContain('198.51.100.7');
    expect(line).toContain(acceptedAt);
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    expect(Item).toEqual({ ...record, gsi1pk: 'CONSENTS#2#1', gsi1sk: `${acceptedAt}#${patient.id}` });
    // A second run writes nothing.
    expect(await indexConsentsForExport(patient.id)).toBe(0);

    // The job's pass over every patient indexes another such record.
    const other = await createTestUser(['Patient']);
    const otherKey = { pk: `USER#${other.id}`, sk: `CONSENT#3#${acceptedAt}` };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...record, ...otherKey, userId: other.id, contractType: 3 },
      }),
    );
    const { indexAllConsentsForExport } = await import('../../functions/src/onboarding');
    const summary = await indexAllConsentsForExport();
    expect(summary.indexed).toBeGreaterThanOrEqual(1);
    const indexed = await db().send(new GetCommand({ TableName: tableName(), Key: otherKey }));
    expect(indexed.Item).toMatchObject({ gsi1pk: 'CONSENTS#3#1', gsi1sk: `${acceptedAt}#${other.id}` });
  });
});
