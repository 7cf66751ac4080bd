/**
 * The back office's operations views on the running local stack (docs/product.md#back-office): the admin
 * home's figures, a patient's timeline, the questionnaire webhook log (payload viewer audited on every
 * view, replay of a failed delivery idempotent) and the WhatsApp log fed by the signed status webhook the
 * local WhatsApp stand-in calls. Every route refuses the wrong roles and bad input.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, login, stack } from './support/api';
import { BookingType, romeDate } from '@nutri/shared';
import {
  adminAccessToken,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from './support/visits';
import { failedTallyDelivery, linkQuestionnaire, storeQuestionnaire } from '../support/questionnaire';

const audit = () => import('../../functions/src/platform/audit');
const submissions = () => import('../../functions/src/onboarding/submissions-repo');
const localTally = () => import('../../infra/local/local-tally');
const whatsApp = () => import('../../infra/local/local-whatsapp');
const statusWebhook = () => import('../../functions/src/chat/whatsapp-status-webhook');

let adminToken: string;
let businessAdmin: { id: string; token: string };

interface Overview {
  VisitsToday: number;
  UnpaidDueSoon: number;
  PatientsWaiting: number;
  QuestionnairesWithoutAccount: number;
  FailedWebhooks: number;
  BouncedMails: number;
  OpenRefunds: number;
}
interface LogRow {
  LogId: string;
  Outcome: string;
  SubmissionId: string | null;
  SignatureValid?: boolean;
  PayloadStored?: boolean;
  ReplayedAt?: string;
  PatientUserId: string | null;
}
interface Notice {
  NoticeId: string;
  PatientUserId: string;
  NutritionistUserId: string;
  PatientName: string | null;
  Status: string;
  FailureReason: string | null;
}
interface TimelineEvent {
  Id: string;
  Kind: string;
  Title: string;
  Detail: string | null;
  Status: string | null;
  At: string;
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) => {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const overview = async (token = adminToken) => {
  const result = await api<Overview>('GET', 'Admin/Overview', { token });
  expect(result.status).toBe(200);
  return result.body;
};

const postTally = async (body: string, signed = true) => {
  const { LOCAL_TALLY_SIGNING_SECRET } = await localTally();
  const { tallySignature } = await import('../../functions/src/onboarding/tally-signature');
  return api<{ message?: string }>('POST', 'Tally/Webhook', {
    raw: body,
    headers: {
      'Content-Type': 'application/json',
      ...(signed ? { 'Tally-Signature': tallySignature(LOCAL_TALLY_SIGNING_SECRET, body) } : {}),
    },
  });
};

const logPage = (filter: string, token = adminToken) =>
  api<{ Data: LogRow[] }>('GET', `Tally/WebhookLog?filter=${filter}&limit=100`, { token });

beforeAll(async () => {
  adminToken = await adminAccessToken();
  const user = await createTestUser(['BusinessAdmin']);
  businessAdmin = { id: user.id, token: (await login(user.email, user.password)).accessToken };
});

describe('roles and input', () => {
  const routes = (patientId: string): [string, string][] => [
    ['GET', 'Admin/Overview'],
    ['GET', `Admin/Patients/${patientId}/Events`],
    ['GET', 'Admin/Mails/Bounced'],
    ['GET', 'Admin/Whatsapp'],
    ['GET', 'Tally/WebhookLog'],
    ['GET', 'Admin/TallyWebhooks/nessuno/Payload'],
    ['POST', 'Admin/TallyWebhooks/nessuno/Replay'],
  ];

  it('refuses anonymous callers (401), patients and nutritionists (403); a BusinessAdmin gets in', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Rosa Ruoli${randomUUID().slice(0, 4)}`);
    for (const [method, path] of routes(patient.id)) {
      expect((await api(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { token: patient.token })).status, `${method} ${path}`).toBe(403);
      expect((await api(method, path, { token: nutritionist.token })).status, `${method} ${path}`).toBe(403);
      const asAdmin = await api(method, path, { token: businessAdmin.token });
      // The two delivery routes name a delivery that does not exist.
      expect(asAdmin.status, `${method} ${path}`).toBe(path.includes('nessuno') ? 404 : 200);
    }
  });

  it('answers bad input with 400 and Italian messages', async () => {
    const cases: [string, string, string][] = [
      ['Admin/Whatsapp?status=spedito', 'status', 'Stato non valido.'],
      ['Admin/Whatsapp?from=2026-13-45', 'from', 'Data non valida.'],
      [
        'Admin/Whatsapp?from=2026-05-10&to=2026-05-01',
        'to',
        'La data di inizio deve precedere quella di fine.',
      ],
      ['Admin/Whatsapp?limit=0', 'limit', 'Almeno una riga.'],
      ['Tally/WebhookLog?filter=tutte', 'filter', 'Filtro non valido.'],
      ['Admin/Mails/Bounced?limit=500', 'limit', 'Al massimo 100 righe.'],
      ['Admin/Patients/qualcuno/Events?kind=ricette', 'kind', 'Tipo di evento non valido.'],
      ['Admin/Patients/qualcuno/Events?cursor=ieri', 'cursor', 'Segnalibro della pagina non valido.'],
    ];
    for (const [path, field, message] of cases) {
      const result = await api<{ message: string; Errors: Record<string, string[]> }>('GET', path, {
        token: adminToken,
      });
      expect(result.status, path).toBe(400);
      expect(result.body.message).toBe('Alcuni dati non sono validi.');
      expect(result.body.Errors[field], path).toEqual([message]);
    }
    const unknown = await api<{ message: string }>('GET', 'Admin/Patients/nessuno/Events', {
      token: adminToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Paziente non trovato.');
  });
});

describe('questionnaire webhook log', () => {
  it('logs an unsigned call without its body, a signed malformed one with it, and counts both as failed', async () => {
    const before = await overview();
    const unsigned = await postTally(JSON.stringify({ eventType: 'FORM_RESPONSE', data: {} }), false);
    expect(unsigned.status).toBe(401);
    const malformed = await postTally(JSON.stringify({ eventId: `evt-${randomUUID()}`, eventType: 'NOPE' }));
    expect(malformed.status).toBe(400);

    const failures = (await logPage('open-failures')).body.Data;
    const unsignedRow = failures.find((row) => row.Outcome === 'invalid-signature')!;
    const malformedRow = failures.find((row) => row.Outcome === 'malformed')!;
    expect(unsignedRow).toMatchObject({ SignatureValid: false, PayloadStored: false });
    expect(malformedRow).toMatchObject({ SignatureValid: true, PayloadStored: true });
    expect((await overview()).FailedWebhooks).toBe(before.FailedWebhooks + 2);

    // The unsigned body was never kept: nothing to show, nothing to replay.
    const unsignedPayload = await api<{ message: string }>(
      'GET',
      `Admin/TallyWebhooks/${unsignedRow.LogId}/Payload`,
      {
        token: adminToken,
      },
    );
    expect(unsignedPayload.status).toBe(409);
    expect(unsignedPayload.body.message).toMatch(/firma non valida non viene conservato/);
    expect(
      (await api('POST', `Admin/TallyWebhooks/${unsignedRow.LogId}/Replay`, { token: adminToken })).status,
    ).toBe(409);
    // Filters change the result: only invalid signatures, only malformed bodies.
    const onlyInvalid = (await logPage('invalid-signature')).body.Data;
    expect(onlyInvalid.length).toBeGreaterThan(0);
    expect(onlyInvalid.every((row) => row.Outcome === 'invalid-signature')).toBe(true);
    expect((await logPage('malformed')).body.Data.every((row) => row.Outcome === 'malformed')).toBe(true);
  });

  it('shows a signed body only to a BusinessAdmin, auditing every view', async () => {
    const { buildFormResponse } = await localTally();
    const body = JSON.stringify(buildFormResponse({ nome: 'Carla' }));
    expect((await postTally(body)).status).toBe(200);
    const submissionId = (JSON.parse(body) as { data: { submissionId: string } }).data.submissionId;
    const row = (await logPage('stored')).body.Data.find((entry) => entry.SubmissionId === submissionId)!;
    expect(row.PayloadStored).toBe(true);
    const { listSubjectAudit } = await audit();
    for (const token of [adminToken, businessAdmin.token]) {
      const view = await api<{ Payload: { data: { submissionId: string } } }>(
        'GET',
        `Admin/TallyWebhooks/${row.LogId}/Payload`,
        { token },
      );
      expect(view.status).toBe(200);
      expect(view.body.Payload.data.submissionId).toBe(submissionId);
    }
    const entries = await listSubjectAudit('tally-delivery', row.LogId);
    expect(entries.filter((entry) => entry.Action === 'tally.payload.read')).toHaveLength(2);
    expect(entries.map((entry) => entry.ActorUserId)).toContain(businessAdmin.id);
    // A nutritionist never sees it, and is not audited as if they had.
    const nutritionist = await createNutritionist();
    expect(
      (await api('GET', `Admin/TallyWebhooks/${row.LogId}/Payload`, { token: nutritionist.token })).status,
    ).toBe(403);
    expect((await listSubjectAudit('tally-delivery', row.LogId)).length).toBe(entries.length);
  });

  it('replays a failed delivery once: the questionnaire is stored once however often, and concurrently', async () => {
    const { getSubmission } = await submissions();
    // A delivery whose processing failed (signature held): as the webhook records it on an outage.
    const delivery = await failedTallyDelivery('Giulia');
    const { logId } = delivery;
    const payload = { data: { submissionId: delivery.submissionId } };
    expect(await getSubmission(payload.data.submissionId)).toBeNull();
    // A fresh stack writes the dashboards' year of history after start-up, unclaimed questionnaires of the
    // last days among it: the figures below are compared once it is all written.
    const { demoHistorySeeded } = await import('../../infra/local/seed-dashboard-history');
    await until(demoHistorySeeded, Boolean, 45_000);
    const before = await overview();
    expect((await logPage('open-failures')).body.Data.map((row) => row.LogId)).toContain(logId);

    const replays = await Promise.all(
      [adminToken, businessAdmin.token, adminToken].map((token) =>
        api<{ Outcome: string; SubmissionId: string; AlreadyReplayed: boolean }>(
          'POST',
          `Admin/TallyWebhooks/${logId}/Replay`,
          { token },
        ),
      ),
    );
    expect(replays.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(replays.filter((result) => !result.body.AlreadyReplayed)).toHaveLength(1);
    // Whichever call stored it and whichever recorded the replay first, every one reports it stored.
    expect(replays.map((result) => result.body.Outcome)).toEqual(['stored', 'stored', 'stored']);
    expect(new Set(replays.map((result) => result.body.SubmissionId))).toEqual(
      new Set([payload.data.submissionId]),
    );
    const stored = await getSubmission(payload.data.submissionId);
    expect(stored?.logId).toBe(logId);
    expect(stored?.receivedAt).toBe(delivery.receivedAt);

    const again = await api<{ AlreadyReplayed: boolean; Outcome: string }>(
      'POST',
      `Admin/TallyWebhooks/${logId}/Replay`,
      { token: adminToken },
    );
    expect(again.body).toMatchObject({ AlreadyReplayed: true, Outcome: 'stored' });
    // Out of the failures, into the questionnaires without an account.
    expect((await logPage('open-failures')).body.Data.map((row) => row.LogId)).not.toContain(logId);
    const after = await overview();
    expect(after.FailedWebhooks).toBe(before.FailedWebhooks - 1);
    expect(after.QuestionnairesWithoutAccount).toBe(before.QuestionnairesWithoutAccount + 1);
    expect(
      (await logPage('unclaimed')).body.Data.filter((row) => row.SubmissionId === payload.data.submissionId),
    ).toHaveLength(1);
    const { listSubjectAudit } = await audit();
    const replayAudits = (await listSubjectAudit('tally-delivery', logId)).filter(
      (entry) => entry.Action === 'tally.delivery.replay',
    );
    expect(replayAudits).toHaveLength(4);
    // A delivery that did not fail is not replayed.
    const storedRow = (await logPage('stored')).body.Data[0]!;
    const refused = await api<{ message: string }>('POST', `Admin/TallyWebhooks/${storedRow.LogId}/Replay`, {
      token: adminToken,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Si possono rielaborare solo/);
  });

  it('reports stored when a concurrent replay of the same delivery stored the questionnaire first, duplicate when another delivery did', async () => {
    const { getSubmission, getWebhookDelivery } = await submissions();
    const { processTallyBody } = await import('../../functions/src/onboarding/tally-webhook');
    const replay = (logId: string) =>
      api<{ Outcome: string; SubmissionId: string; AlreadyReplayed: boolean }>(
        'POST',
        `Admin/TallyWebhooks/${logId}/Replay`,
        { token: adminToken },
      );
    const bodyOf = async (logId: string) => (await getWebhookDelivery(logId))!.rawBody!;

    // The other replay stored the submission but has not recorded the replay yet: this one finds a
    // duplicate of its own delivery's submission, and records the replay first.
    const delivery = await failedTallyDelivery('Sara');
    await processTallyBody(await bodyOf(delivery.logId), new Date(delivery.receivedAt), delivery.logId);
    const replayed = await replay(delivery.logId);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({
      Outcome: 'stored',
      SubmissionId: delivery.submissionId,
      AlreadyReplayed: false,
    });
    expect((await replay(delivery.logId)).body).toMatchObject({ Outcome: 'stored', AlreadyReplayed: true });

    // Another delivery of the same questionnaire (Tally's retry) stored it: this one is a duplicate.
    const retried = await failedTallyDelivery('Marta');
    await processTallyBody(await bodyOf(retried.logId), new Date(), 'another-delivery');
    expect((await replay(retried.logId)).body).toMatchObject({
      Outcome: 'duplicate',
      AlreadyReplayed: false,
    });
    expect((await getSubmission(retried.submissionId))?.logId).toBe('another-delivery');
  });
});

describe('WhatsApp log and its status webhook', () => {
  const sendNotice = (patientId: string, token: string) =>
    api('POST', `CurrentNutritionist/Patients/${patientId}/SendUrgentChatMessageNotification`, { token });
  const notices = (query: string, token = adminToken) =>
    api<{ Data: Notice[] }>('GET', `Admin/Whatsapp?${query}`, { token });

  it('refuses a status call with a bad or missing signature, and an unreadable one', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const missing = await api<{ message: string }>('POST', 'WhatsApp/Webhook', {
      raw: body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe('Firma del webhook WhatsApp non valida.');
    const { whatsAppSignature } = await statusWebhook();
    const forged = await api('POST', 'WhatsApp/Webhook', {
      raw: body,
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': whatsAppSignature('altro-segreto', body),
      },
    });
    expect(forged.status).toBe(401);
    const { LOCAL_WHATSAPP_APP_SECRET } = await whatsApp();
    const unreadable = '{"object":"altro"}';
    const bad = await api<{ message: string }>('POST', 'WhatsApp/Webhook', {
      raw: unreadable,
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': whatsAppSignature(LOCAL_WHATSAPP_APP_SECRET, unreadable),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Il contenuto del webhook WhatsApp non è valido.');
  });

  it('answers the subscription check with the challenge only for the verify token of Meta', async () => {
    const { LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN } = await whatsApp();
    const check = (params: Record<string, string>) =>
      fetch(`${stack.baseUrl}/api/v2/WhatsApp/Webhook?${new URLSearchParams(params).toString()}`);
    const accepted = await check({
      'hub.mode': 'subscribe',
      'hub.verify_token': LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN,
      'hub.challenge': 'sfida-1158201444',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await accepted.text()).toBe('sfida-1158201444');
    const refusals: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'un-altro-token', 'hub.challenge': '1' },
      {
        'hub.mode': 'unsubscribe',
        'hub.verify_token': LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN,
        'hub.challenge': '1',
      },
      { 'hub.mode': 'subscribe', 'hub.verify_token': LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN },
      {},
    ];
    for (const params of refusals) {
      const refused = await check(params);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Verifica della sottoscrizione WhatsApp non riuscita.',
      );
    }
  });

  it('follows each notice to read (or failed, with the reason) as the provider reports, with filters', async () => {
    const nutritionist = await createNutritionist();
    const other = await createNutritionist();
    const digits = String(Math.floor(Math.random() * 1_000)).padStart(3, '0');
    const reader = await createPatientOf(nutritionist.id, `Lia Lettrice${randomUUID().slice(0, 4)}`, {
      phone: `+39333${digits}1234`,
    });
    const unreachable = await createPatientOf(other.id, `Ada Irraggiungibile${randomUUID().slice(0, 4)}`, {
      phone: `+39333${digits}0000`,
    });
    expect((await sendNotice(reader.id, nutritionist.token)).status).toBe(200);
    expect((await sendNotice(unreachable.id, other.token)).status).toBe(200);

    const read = await until(
      () => notices(`patientUserId=${reader.id}`),
      (result) => result.body.Data[0]?.Status === 'read',
    );
    expect(read.body.Data).toHaveLength(1);
    expect(read.body.Data[0]).toMatchObject({
      NutritionistUserId: nutritionist.id,
      PatientName: reader.name,
    });
    const failed = await until(
      () => notices(`patientUserId=${unreachable.id}`),
      (result) => result.body.Data[0]?.Status === 'failed',
    );
    expect(failed.body.Data[0]?.FailureReason).toBe('Message undeliverable');

    // Filters change the result.
    const onlyFailed = await notices('status=failed');
    expect(onlyFailed.body.Data.every((notice) => notice.Status === 'failed')).toBe(true);
    expect(onlyFailed.body.Data.map((notice) => notice.PatientUserId)).toContain(unreachable.id);
    expect(onlyFailed.body.Data.map((notice) => notice.PatientUserId)).not.toContain(reader.id);
    const byNutritionist = await notices(`nutritionistUserId=${other.id}`, businessAdmin.token);
    expect(byNutritionist.body.Data.map((notice) => notice.PatientUserId)).toEqual([unreachable.id]);
    const tomorrow = romeDate(Date.now() + 86_400_000);
    expect((await notices(`from=${tomorrow}`)).body.Data).toEqual([]);

    // A late `sent` after `read` changes nothing (statuses never go back).
    const { whatsAppSignature } = await statusWebhook();
    const { LOCAL_WHATSAPP_APP_SECRET } = await whatsApp();
    const { listUrgentNotices } = await import('../../functions/src/chat/urgent-notice-log-repo');
    const [stored] = (await listUrgentNotices({ patientUserId: reader.id }, 1)).notices;
    const late = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [
                  {
                    id: stored!.ProviderMessageId,
                    status: 'sent',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const lateCall = await api<{ Received: number; Applied: number }>('POST', 'WhatsApp/Webhook', {
      raw: late,
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': whatsAppSignature(LOCAL_WHATSAPP_APP_SECRET, late),
      },
    });
    expect(lateCall.body).toEqual({ Received: 1, Applied: 0 });
    expect((await notices(`patientUserId=${reader.id}`)).body.Data[0]?.Status).toBe('read');
  });
});

describe('patient timeline and the admin home', () => {
  it('gathers every source newest first, filters by kind, and audits the answers when opened', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Tina Timeline${randomUUID().slice(0, 4)}`, {
      phone: `+39334${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    });
    const { submissionId } = await storeQuestionnaire(
      { firstName: 'Tina', email: patient.email, phone: '+393330000001', age: 40 },
      { nutritionistUserId: nutritionist.id, patientUserId: patient.id },
    );
    await linkQuestionnaire(patient.id, submissionId);
    expect(
      (
        await api('POST', `CurrentNutritionist/Patients/${patient.id}/SendUrgentChatMessageNotification`, {
          token: nutritionist.token,
        })
      ).status,
    ).toBe(200);
    // Booking the introductory meeting moves the onboarding step from 1 to 2: a timeline entry of its own.
    const intro = await bookVisitFor(nutritionist, patient.id, BookingType.FREE, `${romeDateIn(4)}T10:00`);
    // A mail to the patient: its delivery events reach the mail log.
    expect(
      (await api('POST', 'UserAccount/TryResetPassword', { body: { Email: patient.email } })).status,
    ).toBe(204);

    const events = await until(
      () =>
        api<{ Data: TimelineEvent[]; Patient: { DisplayName: string } }>(
          'GET',
          `Admin/Patients/${patient.id}/Events`,
          { token: businessAdmin.token },
        ),
      (result) =>
        result.body.Data?.some((event) => event.Kind === 'mail' && event.Status === 'delivered') &&
        result.body.Data.some((event) => event.Kind === 'whatsapp' && event.Status === 'Letto'),
    );
    expect(events.body.Patient.DisplayName).toBe(patient.displayName);
    const kinds = new Set(events.body.Data.map((event) => event.Kind));
    for (const kind of ['registration', 'questionnaire', 'onboarding', 'nutritionist', 'mail', 'whatsapp'])
      expect(kinds, kind).toContain(kind);
    const times = events.body.Data.map((event) => event.At);
    expect(times).toEqual([...times].sort().reverse());

    const steps = await api<{ Data: TimelineEvent[] }>(
      'GET',
      `Admin/Patients/${patient.id}/Events?kind=onboarding`,
      {
        token: adminToken,
      },
    );
    expect(steps.body.Data.find((event) => event.Title === 'Passo del percorso: da 1 a 2')?.Detail).toBe(
      `«Il tuo incontro conoscitivo è prenotato» · Appuntamento creato, appuntamento n. ${intro.BookingId}`,
    );

    const onlyMail = await api<{ Data: TimelineEvent[] }>(
      'GET',
      `Admin/Patients/${patient.id}/Events?kind=mail`,
      {
        token: adminToken,
      },
    );
    expect(onlyMail.body.Data.length).toBeGreaterThan(0);
    expect(onlyMail.body.Data.every((event) => event.Kind === 'mail')).toBe(true);
    // Paging: one at a time, never twice the same event.
    const first = await api<{ Data: TimelineEvent[]; NextCursor: string }>(
      'GET',
      `Admin/Patients/${patient.id}/Events?limit=1`,
      { token: adminToken },
    );
    const second = await api<{ Data: TimelineEvent[] }>(
      'GET',
      `Admin/Patients/${patient.id}/Events?limit=1&cursor=${encodeURIComponent(first.body.NextCursor)}`,
      { token: adminToken },
    );
    expect(second.body.Data[0]?.Id).toBe(events.body.Data[1]?.Id);

    const { listSubjectAudit } = await audit();
    const answers = await api('GET', `Tally/Patient/${patient.id}`, { token: businessAdmin.token });
    expect(answers.status).toBe(200);
    const audited = await listSubjectAudit('patient', patient.id);
    expect(audited[0]).toMatchObject({ Action: 'tally.answers.read', ActorUserId: businessAdmin.id });
  });

  it('counts bounced mails and lists them with the person', async () => {
    const before = await overview(businessAdmin.token);
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Bruna Rimbalzo${randomUUID().slice(0, 4)}`, {
      email: `bounce+${randomUUID().slice(0, 8)}@simulator.amazonses.com`,
    });
    expect(
      (await api('POST', 'UserAccount/TryResetPassword', { body: { Email: patient.email } })).status,
    ).toBe(204);
    const after = await until(
      () => overview(businessAdmin.token),
      (figures) => figures.BouncedMails > before.BouncedMails,
    );
    expect(after.BouncedMails).toBe(before.BouncedMails + 1);
    const listed = await api<{ Data: { UserId: string; LastEvent: string }[] }>(
      'GET',
      'Admin/Mails/Bounced',
      {
        token: adminToken,
      },
    );
    expect(listed.body.Data[0]).toMatchObject({ UserId: patient.id, LastEvent: 'bounce' });
  });
});
