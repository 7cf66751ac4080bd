/**
 * The audit trail (docs/product.md#audit-trail) on the running local stack: each read of health data (the
 * questionnaire answers, by the patient's nutritionist and by an admin; the patient's timeline; a chat
 * through the chat viewer) leaves an entry, and a SystemAdmin finds them by target, by user and by period;
 * every other role is refused and bad input gets an Italian message.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditSearchResponse } from '@nutri/shared';
import { api, createTestUser, login } from './support/api';
import { adminAccessToken, createNutritionist, createPatientOf } from './support/visits';
import { linkQuestionnaire, storeQuestionnaire } from '../support/questionnaire';

let systemAdminToken: string;
let systemAdminId: string;
let businessAdmin: { id: string; email: string; token: string };
let nutritionist: { id: string; email: string; token: string };
let patientId: string;
let conversationSid: string;
const today = new Date().toISOString().slice(0, 10);

const search = (query: string, token = systemAdminToken) =>
  api<AuditSearchResponse>('GET', `SystemSettings/Audit?${query}`, { token });

beforeAll(async () => {
  systemAdminToken = await adminAccessToken();
  const { findUserByLogin } = await import('../../functions/src/accounts/users-repo');
  systemAdminId = (await findUserByLogin('admin@nutri.local'))!.Id;
  const user = await createTestUser(['BusinessAdmin']);
  businessAdmin = {
    id: user.id,
    email: user.email,
    token: (await login(user.email, user.password)).accessToken,
  };
  nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, `Alba Audit${randomUUID().slice(0, 4)}`);
  patientId = patient.id;
  const { submissionId } = await storeQuestionnaire(
    { firstName: 'Alba', email: patient.email, phone: '+393330000002', age: 35 },
    { nutritionistUserId: nutritionist.id, patientUserId: patient.id },
  );
  await linkQuestionnaire(patient.id, submissionId);
  const { ensureConversation } = await import('../../functions/src/chat/chat-repo');
  conversationSid = (await ensureConversation(patient.id, nutritionist.id, new Date())).ConversationSid;
});

describe('audit trail', () => {
  it('records every read of health data and finds it by target, user and period', async () => {
    expect((await api('GET', `Tally/Patient/${patientId}`, { token: nutritionist.token })).status).toBe(200);
    expect((await api('GET', `Tally/Patient/${patientId}`, { token: businessAdmin.token })).status).toBe(200);
    expect(
      (await api('GET', `Admin/Patients/${patientId}/Events`, { token: businessAdmin.token })).status,
    ).toBe(200);
    expect(
      (await api('GET', `Chat/Viewer/Conversations/${conversationSid}/Messages`, { token: systemAdminToken }))
        .status,
    ).toBe(200);

    const byPatient = await search(`subjectType=patient&subjectId=${patientId}&from=${today}&to=${today}`);
    expect(byPatient.status).toBe(200);
    expect(byPatient.body.Data.map((entry) => [entry.Action, entry.Actor.UserId])).toEqual([
      ['patient.timeline.read', businessAdmin.id],
      ['tally.answers.read', businessAdmin.id],
      ['tally.answers.read', nutritionist.id],
    ]);
    expect(byPatient.body.Data[2]!.Actor.DisplayName).toMatch(/^Mario Verdi/);
    // Never the content read: ids and counts only.
    expect(JSON.stringify(byPatient.body)).not.toMatch(/Alba|peso|risposta/i);

    const byConversation = await search(
      `subjectType=conversation&subjectId=${conversationSid}&from=${today}&to=${today}`,
    );
    expect(byConversation.body.Data).toMatchObject([
      { Action: 'chat.messages.read', Actor: { UserId: systemAdminId } },
    ]);

    const byUser = await search(`user=${encodeURIComponent(nutritionist.email)}&from=${today}&to=${today}`);
    expect(byUser.body.Data.map((entry) => [entry.Action, entry.SubjectId])).toEqual([
      ['tally.answers.read', patientId],
    ]);
    const byUserAndTarget = await search(
      `user=${businessAdmin.id}&subjectType=patient&subjectId=${patientId}&from=${today}&to=${today}`,
    );
    expect(byUserAndTarget.body.Data.map((entry) => entry.Action)).toEqual([
      'patient.timeline.read',
      'tally.answers.read',
    ]);

    // By period alone: today's entries, newest first, page by page, each once.
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search(
        `from=${today}&to=${today}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.Data.map((entry) => entry.AuditId));
      const times = page.body.Data.map((entry) => entry.At);
      expect([...times].sort().reverse()).toEqual(times);
      before = page.body.NextCursor;
    } while (before);
    expect(new Set(seen).size).toBe(seen.length);
    for (const entry of byPatient.body.Data) expect(seen).toContain(entry.AuditId);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await search(`subjectType=patient&subjectId=${patientId}&from=${yesterday}&to=${yesterday}`)).body
        .Data,
    ).toEqual([]);
  });

  it('refuses every other role, and bad input with an Italian message', async () => {
    const query = `from=${today}&to=${today}`;
    expect((await search(query, businessAdmin.token)).status).toBe(403);
    expect((await search(query, nutritionist.token)).status).toBe(403);
    expect((await api('GET', `SystemSettings/Audit?${query}`)).status).toBe(401);
    const cases: [string, string, string][] = [
      [
        'from=2026-01-01&to=2026-03-01',
        'from',
        'Senza utente né oggetto, cerca al massimo 31 giorni alla volta.',
      ],
      ['from=2026-03-01&to=2026-01-01', 'from', 'La data di inizio deve venire prima della data di fine.'],
      [`from=ieri&to=${today}`, 'from', 'Scrivi la data nel formato AAAA-MM-GG.'],
      [
        `subjectType=patient&from=${today}&to=${today}`,
        'subjectId',
        'Indica sia il tipo sia l’identificativo dell’oggetto.',
      ],
      [
        `user=nessuno-cosi@nutri.test&${query}`,
        'user',
        'Nessun utente con questa e-mail o questo identificativo.',
      ],
    ];
    for (const [bad, field, message] of cases) {
      const answer = await api<{ Errors: Record<string, string[]> }>('GET', `SystemSettings/Audit?${bad}`, {
        token: systemAdminToken,
      });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.Errors[field], bad).toContain(message);
    }
  });
});
