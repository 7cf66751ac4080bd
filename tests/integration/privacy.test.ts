/**
 * The privacy centre on the running local stack (docs/product.md#privacy-centre): a patient's export holds
 * every item about them (account, consents, questionnaire, billing profile, bookings, invoices, STS choice,
 * chat with its file) and nothing of another patient of the same nutritionist; the erasure ends the
 * sessions, empties the personal and health data but keeps the invoices and the bookings, tells the
 * nutritionist, and leaves the dashboards' figures as they were; other roles and other users are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BookingType,
  ChatMessageType,
  romeDate,
  type AdminPrivacyRequestsResponse,
  type ChatFileUploadResponse,
  type ConnectionTicketResponse,
  type PrivacyCentreResponse,
} from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, createTestUser, login, stack, waitForMail } from './support/api';
import { addNutritionistFiscalData, addPatientBillingProfile, payByWebhook } from './support/invoices';
import { eventually, waitForEffects } from './support/outbox';
import {
  adminAccessToken,
  addAvailability,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
  type TestPatient,
} from './support/visits';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const openClients: RealtimeClient[] = [];
afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A file in the chat, as the browser sends it: slot, presigned POST to S3, confirm. */
const sendChatFile = async (from: { token: string }, toUserId: string, name: string) => {
  const slot = await api<ChatFileUploadResponse>('POST', `Chat/Messages/${toUserId}/SasToken`, {
    token: from.token,
    body: {
      MessageType: ChatMessageType.SendFile,
      FileDisplayName: name,
      ContentType: 'application/pdf',
      SizeBytes: PDF.length,
    },
  });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  const form = new FormData();
  for (const [field, value] of Object.entries(slot.body.Fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'file');
  expect((await fetch(slot.body.Url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const confirmed = await api('POST', `Chat/Messages/${toUserId}/Files`, {
    token: from.token,
    body: { UploadId: slot.body.UploadId },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
};

const writeInChat = async (patient: TestPatient, nutritionist: { id: string }, body: string) => {
  const { postMessage } = await import('../../functions/src/chat/messages');
  await postMessage({
    patientUserId: patient.id,
    nutritionistUserId: nutritionist.id,
    messageId: randomUUID(),
    authorId: patient.id,
    body,
    attributes: {},
    at: new Date(),
  });
};

/** A patient with something in every area: billing profile, a paid visit (invoices), STS choice, chat. */
type Nutritionist = Awaited<ReturnType<typeof createNutritionist>>;

const patientWithHistory = async (nutritionist: Nutritionist, name: string, hour: string) => {
  const patient = await createPatientOf(nutritionist.id, name);
  const accepted = await api('POST', 'Patients/Contracts/AcceptPrivacy', {
    token: patient.token,
    body: { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(204);
  await addPatientBillingProfile(patient.token, name);
  const booking = await bookVisitFor(
    nutritionist,
    patient.id,
    BookingType.NORMAL,
    `${romeDateIn(10)}T${hour}`,
  );
  const opposition = await api('PUT', `CurrentPatient/Bookings/${booking.BookingId}/StsOpposition`, {
    token: patient.token,
    body: { Opposed: true },
  });
  expect(opposition.status, JSON.stringify(opposition.body)).toBeLessThan(300);
  await payByWebhook(booking.BookingId);
  const secret = `Messaggio di ${name} ${randomUUID().slice(0, 8)}`;
  await writeInChat(patient, nutritionist, secret);
  await sendChatFile(patient, nutritionist.id, `Analisi ${name}.pdf`);
  await waitForEffects(patient.id, nutritionist.id);
  return { patient, booking, secret };
};

const twoPatients = async () => {
  const nutritionist = await createNutritionist();
  await addNutritionistFiscalData(nutritionist.token, 'ordinario');
  await addAvailability(nutritionist, romeDateIn(10), '09:00', '12:00');
  const tag = randomUUID().slice(0, 6);
  const first = await patientWithHistory(nutritionist, `Ilaria Privata ${tag}`, '09:00');
  const other = await patientWithHistory(nutritionist, `Bruno Estraneo ${tag}`, '10:00');
  return { nutritionist, first, other };
};

const request = async (id: string) => {
  const { getPrivacyRequest } = await import('../../functions/src/privacy/requests-repo');
  return getPrivacyRequest(id);
};
const doneRequest = (id: string) =>
  eventually(
    () => request(id),
    (found) => found?.Status === 'done',
    `privacy request ${id} done`,
    60_000,
  );

describe('the export of one’s data', () => {
  it('holds every item of the user and nothing of anyone else, mailed as a short-lived link', async () => {
    const { nutritionist, first, other } = await twoPatients();
    const { patient } = first;

    const started = await api<{ RequestId: string; Status: string }>('POST', 'Account/Privacy/Export', {
      token: patient.token,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.Status).toBe('waiting');
    // A second request while the first waits changes nothing.
    const again = await api('POST', 'Account/Privacy/Export', { token: patient.token });
    expect([201, 409]).toContain(again.status);

    const startedAt = Date.now();
    const mail = await waitForMail(patient.email, (m) => /dati di Nutrì sono pronti/.test(m.subject), 60_000);
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    const link = /(https?:\/\/\S+\.zip\S*)/.exec(mail.body.text ?? '')?.[1];
    expect(link, mail.body.text).toBeDefined();
    expect(new URL(link!).searchParams.get('X-Amz-Expires')).toBe(String(24 * 3600));
    const response = await fetch(link!);
    expect(response.status).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(entries[name]!)) as Record<string, unknown>[];

    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining([
        'LEGGIMI.txt',
        'account.json',
        'sessions.json',
        'patient-profile.json',
        'consents.json',
        'billing-profiles.json',
        'bookings.json',
        'booking-history.json',
        'invoices.json',
        'sts-oppositions.json',
        'chat.json',
      ]),
    );
    const [account] = json('account.json');
    expect(account).toMatchObject({ Id: patient.id, Email: patient.email });
    expect(Object.keys(account!).some((name) => /hash/i.test(name))).toBe(false);
    expect(json('patient-profile.json')[0]).toMatchObject({ UserId: patient.id });
    expect(json('consents.json').map((item) => item.contractType)).toEqual(expect.arrayContaining([2, 3]));
    expect(json('billing-profiles.json').some((item) => item.CodiceFiscale)).toBe(true);
    expect(json('bookings.json').map((item) => item.BookingId)).toEqual([first.booking.BookingId]);
    expect(json('invoices.json').length).toBeGreaterThan(0);
    expect(json('sts-oppositions.json')).toEqual([expect.objectContaining({ Opposed: true })]);
    expect(JSON.stringify(json('chat.json'))).toContain(first.secret);
    const files = Object.keys(entries).filter((name) => name.startsWith('chat-files/'));
    expect(files).toHaveLength(1);
    expect(Buffer.from(entries[files[0]!]!).equals(PDF)).toBe(true);
    expect(Object.keys(entries).some((name) => /^invoices\/.+\.pdf$/.test(name))).toBe(true);

    // Nothing of the other patient of the same nutritionist, anywhere in the archive.
    const everything = Object.values(entries)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    for (const foreign of [other.patient.id, other.patient.email, other.patient.name, other.secret])
      expect(everything).not.toContain(foreign);

    // The privacy centre shows the request done, and the consents with their dates.
    await doneRequest(started.body.RequestId);
    const centre = await api<PrivacyCentreResponse>('GET', 'Account/Privacy', { token: patient.token });
    expect(centre.status).toBe(200);
    expect(centre.body.Requests[0]).toMatchObject({ Kind: 'export', Status: 'done' });
    expect(centre.body.Consents.map((consent) => consent.Kind)).toEqual(
      expect.arrayContaining(['marketing-mail', 'sts-opposition']),
    );
    expect(centre.body.Consents.every((consent) => consent.At)).toBe(true);
    expect(nutritionist.id).not.toBe(patient.id);
  }, 180_000);

  it('withdrawing the optional mails is recorded with its date', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Marta Consenso');
    expect(
      (await api('POST', 'Account/Privacy/MarketingConsent/Withdraw', { token: patient.token })).status,
    ).toBe(204);
    const centre = await api<PrivacyCentreResponse>('GET', 'Account/Privacy', { token: patient.token });
    expect(centre.body.MarketingMail).toBe(false);
    const marketing = centre.body.Consents.find((consent) => consent.Kind === 'marketing-mail');
    expect(marketing).toMatchObject({ State: 'withdrawn' });
    expect(marketing?.At?.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });

  it('other roles and anonymous callers are refused; the SystemAdmin’s list is audited', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Sara Ruoli');
    for (const [method, path] of [
      ['GET', 'Account/Privacy'],
      ['POST', 'Account/Privacy/Export'],
      ['POST', 'Account/Privacy/Erasure'],
      ['POST', 'Account/Privacy/MarketingConsent/Withdraw'],
    ] as const) {
      const body = method === 'POST' ? { body: {} } : {};
      expect((await api(method, path, body)).status, path).toBe(401);
      expect((await api(method, path, { token: nutritionist.token, ...body })).status, path).toBe(403);
    }
    expect((await api('GET', 'SystemSettings/PrivacyRequests', { token: patient.token })).status).toBe(403);
    const manager = await createTestUser(['UserManager', 'BusinessAdmin']);
    const managerToken = (await login(manager.email, manager.password)).accessToken;
    expect((await api('GET', 'SystemSettings/PrivacyRequests', { token: managerToken })).status).toBe(403);

    const admin = await adminAccessToken();
    const list = await api<AdminPrivacyRequestsResponse>('GET', 'SystemSettings/PrivacyRequests', {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(typeof list.body.Waiting).toBe('number');
    const { listActorAudit } = await import('../../functions/src/platform/audit');
    const audit = await listActorAudit(await adminUserId(), 5);
    expect(audit.some((entry) => entry.Action === 'privacy.requests.read')).toBe(true);
  });
});

const adminUserId = async () => {
  const { findUserByLogin } = await import('../../functions/src/accounts');
  return (await findUserByLogin('admin@nutri.local'))!.Id;
};

let sequence = 10n ** 20n;
/**
 * Counts the items as the table's stream would carry them now (NEW_IMAGE), through the aggregation
 * Lambda's own function: what the dashboards make of the erased items, without waiting for the stream.
 */
const countAsStreamed = async (keys: readonly (readonly [string, string])[]) => {
  const { GetItemCommand, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { aggregateStream } = await import('../../functions/src/dashboards/stream');
  const dynamo = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: stack.region });
  const Records = [];
  for (const [pk, sk] of keys) {
    const { Item } = await dynamo.send(
      new GetItemCommand({
        TableName: stack.tableName,
        Key: { pk: { S: pk }, sk: { S: sk } },
        ConsistentRead: true,
      }),
    );
    if (!Item) continue;
    sequence += 1n;
    Records.push({
      eventID: randomUUID(),
      eventName: 'MODIFY' as const,
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: { pk: { S: pk }, sk: { S: sk } },
        NewImage: Item as never,
        SequenceNumber: String(sequence),
        StreamViewType: 'NEW_IMAGE' as const,
      },
    });
  }
  expect(await aggregateStream({ Records })).toEqual({ batchItemFailures: [] });
};

/** The patient's facts are counted: their subject holds the profile and the booking. */
const counted = (patientId: string, bookingId: number) =>
  eventually(
    async () => (await import('../../functions/src/dashboards/aggregates-repo')).getSubject(patientId),
    (subject) =>
      Boolean(subject?.facts[`booking:${bookingId}`]) && Boolean(subject?.facts[`patient:${patientId}`]),
    `dashboard facts of ${patientId}`,
    30_000,
  );

const dashboardFigures = async (admin: string) => {
  const month = romeDate(new Date()).slice(0, 7);
  const lastMonth = romeDateIn(12).slice(0, 7);
  const figures: Record<string, unknown> = {};
  for (const path of [
    `MonthlySummary?from=${month}&to=${lastMonth}`,
    `NutritionistConversionRates?from=${month}&to=${lastMonth}`,
    `Pivot?from=${month}&to=${lastMonth}`,
  ]) {
    const result = await api('GET', `Admin/Dashboard/${path}`, { token: admin });
    expect(result.status, path).toBe(200);
    figures[path] = result.body;
  }
  return figures;
};

describe('the erasure of one’s account', () => {
  it('removes the personal and health data except the invoices; sessions end; the dashboards are unchanged', async () => {
    const { nutritionist, first, other } = await twoPatients();
    const { patient } = first;
    const admin = await adminAccessToken();
    const refreshToken = (await login(patient.email, patient.password)).refreshToken;
    const ticket = await api<ConnectionTicketResponse>('POST', 'Chat/ConnectionTicket', {
      token: patient.token,
    });
    const socket = await RealtimeClient.connect(
      `${stack.wsUrl}?ticket=${encodeURIComponent(ticket.body.Ticket)}`,
    );
    openClients.push(socket);

    await counted(patient.id, first.booking.BookingId);
    await counted(other.patient.id, other.booking.BookingId);
    const before = await dashboardFigures(admin);
    const { getSubject } = await import('../../functions/src/dashboards/aggregates-repo');
    const subjectBefore = await getSubject(patient.id);

    // Another user cannot erase it, and the wrong password erases nothing.
    expect(
      (await api('POST', 'Account/Privacy/Erasure', { token: nutritionist.token, body: {} })).status,
    ).toBe(403);
    const wrong = await api('POST', 'Account/Privacy/Erasure', {
      token: patient.token,
      body: { password: 'Sbagliata-2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ Errors: { password: ['La password non è corretta.'] } });
    expect(
      (await api<PrivacyCentreResponse>('GET', 'Account/Privacy', { token: patient.token })).body.Requests,
    ).toEqual([]);

    const started = await api<{ RequestId: string }>('POST', 'Account/Privacy/Erasure', {
      token: patient.token,
      body: { password: patient.password },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await doneRequest(started.body.RequestId);
    expect(done?.Outcome?.sessions).toBeGreaterThan(0);
    expect(done?.Outcome?.chat).toBeGreaterThan(0);

    // Sessions ended: the socket is closed, the refresh token and the password no longer work.
    for (;;) if ((await socket.next()).kind === 'closed') break;
    expect((await api('POST', 'Account/refresh', { body: { refreshToken } })).status).not.toBe(200);
    const signIn = { email: patient.email, password: patient.password, rememberMe: false };
    expect((await api('POST', 'Account/Login', { body: signIn })).status).not.toBe(200);

    // Personal and health data are gone.
    const { itemByKey } = await import('../../functions/src/platform/personal-data');
    const { collectPersonalData } = await import('../../functions/src/privacy/export-job');
    const left = Object.fromEntries(
      (await collectPersonalData(patient.id)).map((part) => [part.section, part.items]),
    );
    expect(left.account?.[0]).toMatchObject({
      Email: '',
      Name: '',
      DisplayName: 'Account eliminato',
      Disabled: true,
    });
    // The name stays only on the invoices made out to the patient (tax law).
    const { invoices: _kept, ...erasable } = left;
    expect(JSON.stringify(erasable)).not.toContain(patient.name);
    expect(JSON.stringify(erasable)).not.toContain(patient.email);
    expect(left['billing-profiles']).toEqual([]);
    expect(left.chat).toEqual([]);
    expect(left.mails).toEqual([]);
    expect(left['patient-profile']?.[0]).toMatchObject({ DisplayName: 'Account eliminato' });
    expect(left.questionnaire?.[0]?.fields ?? []).toEqual([]);
    expect(await itemByKey(`EMAIL#${patient.email.toLowerCase()}`, 'UNIQUE')).toEqual([]);

    // Kept: the invoices (tax law) and the bookings, by id only.
    expect(left.invoices?.length).toBeGreaterThan(0);
    expect(left.bookings?.map((booking) => booking.BookingId)).toEqual([first.booking.BookingId]);

    // The nutritionist is told; the other patient keeps everything.
    await waitForMail(nutritionist.email, (m) => /eliminato il suo account/.test(m.subject), 20_000);
    const otherLeft = await collectPersonalData(other.patient.id);
    expect(JSON.stringify(otherLeft)).toContain(other.secret);
    expect(otherLeft.find((part) => part.section === 'account')?.items[0]).toMatchObject({
      Email: other.patient.email,
    });

    // The dashboards count the same.
    const profile = (await collectPersonalData(patient.id)).find(
      (part) => part.section === 'patient-profile',
    );
    const submissionId = profile?.items[0]?.TallySubmissionId;
    await countAsStreamed([
      [`USER#${patient.id}`, 'PATIENT'],
      [`BOOKING#${first.booking.BookingId}`, 'BOOKING'],
      ...(typeof submissionId === 'string' ? [[`TALLY#${submissionId}`, 'SUBMISSION'] as const] : []),
    ]);
    expect(await dashboardFigures(admin)).toEqual(before);
    expect((await getSubject(patient.id))?.contribution).toEqual(subjectBefore?.contribution);

    // The SystemAdmin sees the request and its outcome.
    const list = await api<AdminPrivacyRequestsResponse>('GET', 'SystemSettings/PrivacyRequests', {
      token: admin,
    });
    expect(list.body.Data.find((item) => item.RequestId === started.body.RequestId)).toMatchObject({
      Kind: 'erasure',
      Status: 'done',
      UserId: patient.id,
    });
  }, 180_000);
});
