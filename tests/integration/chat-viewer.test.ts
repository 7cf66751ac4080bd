/**
 * The SystemAdmin chat viewer (docs/product.md#screens: /SystemSettings/ChatViewer) on the running local
 * stack: a SystemAdmin finds a user by e-mail or name, lists their conversations and reads one, page by
 * page, without changing it; every read leaves an audit item (who, when, which conversation, which page);
 * every other role gets 403.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES_PAGE_SIZE,
  type ChatViewerConversationsResponse,
  type ChatViewerMessagesResponse,
  type ChatViewerUser,
} from '@nutri/shared';
import { api, createTestUser, login } from './support/api';
import { adminAccessToken, createNutritionist, createPatientOf, PASSWORD } from './support/visits';

const chatRepo = () => import('../../functions/src/chat/chat-repo');
const audit = () => import('../../functions/src/platform/audit');

const MESSAGES = CHAT_MESSAGES_PAGE_SIZE + 5;

let adminToken: string;
let adminUserId: string;
let nutritionist: { id: string; email: string; token: string };
let patient: { id: string; email: string; name: string; token: string };
let conversationSid: string;

beforeAll(async () => {
  adminToken = await adminAccessToken();
  const { findUserByLogin } = await import('../../functions/src/accounts/users-repo');
  adminUserId = (await findUserByLogin('admin@nutri.local'))!.Id;
  nutritionist = await createNutritionist();
  // A name no other test uses, so the name search finds exactly this patient.
  patient = await createPatientOf(nutritionist.id, `Ortensia Viewer${randomUUID().slice(0, 6)}`);
  const { appendMessage, ensureConversation } = await chatRepo();
  const conversation = await ensureConversation(patient.id, nutritionist.id, new Date());
  conversationSid = conversation.ConversationSid;
  for (let index = 0; index < MESSAGES; index += 1)
    await appendMessage({
      conversationSid,
      messageId: randomUUID(),
      authorId: index % 2 ? nutritionist.id : patient.id,
      body: `Messaggio ${index}`,
      attributes: {},
      at: new Date(Date.now() - (MESSAGES - index) * 1000),
    });
});

const search = (token: string, text: string) =>
  api<{ Data: ChatViewerUser[] }>('GET', `Chat/Viewer/Users?search=${encodeURIComponent(text)}`, { token });
const conversationsOf = (token: string, userId: string) =>
  api<ChatViewerConversationsResponse>('GET', `Chat/Viewer/Users/${userId}/Conversations`, { token });
const messagesOf = (token: string, sid: string, before?: number) =>
  api<ChatViewerMessagesResponse>(
    'GET',
    `Chat/Viewer/Conversations/${sid}/Messages${before === undefined ? '' : `?before=${before}`}`,
    { token },
  );

describe('chat viewer: SystemAdmin', () => {
  it('finds the user by e-mail and by the start of the name; a 1-letter search is refused', async () => {
    const byEmail = await search(adminToken, patient.email.toUpperCase());
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.Data).toEqual([
      { UserId: patient.id, DisplayName: patient.name, Email: patient.email, Roles: ['Patient'] },
    ]);
    const byName = await search(adminToken, patient.name.slice(0, -2).toLowerCase());
    expect(byName.body.Data.map((user) => user.UserId)).toEqual([patient.id]);
    const nutritionistByEmail = await search(adminToken, nutritionist.email);
    expect(nutritionistByEmail.body.Data).toMatchObject([
      { UserId: nutritionist.id, Roles: ['Nutritionist'] },
    ]);
    expect((await search(adminToken, 'O')).status).toBe(400);
    expect((await search(adminToken, 'nessuno-cosi@nutri.test')).body.Data).toEqual([]);
  });

  it('lists the conversations, reads pages oldest-first, changes nothing, and audits every read', async () => {
    const { listMembers } = await chatRepo();
    const membersBefore = await listMembers(conversationSid);
    const { listSubjectAudit } = await audit();
    const since = new Date().toISOString();

    const list = await conversationsOf(adminToken, patient.id);
    expect(list.status).toBe(200);
    expect(list.body.User).toEqual({ UserId: patient.id, DisplayName: patient.name });
    expect(list.body.Data).toMatchObject([
      {
        ConversationSid: conversationSid,
        Patient: { UserId: patient.id, DisplayName: patient.name },
        Nutritionist: { UserId: nutritionist.id },
        MessageCount: MESSAGES,
      },
    ]);

    const latest = await messagesOf(adminToken, conversationSid);
    expect(latest.status).toBe(200);
    expect(latest.body.Items).toHaveLength(CHAT_MESSAGES_PAGE_SIZE);
    expect(latest.body.Items.map((m) => m.MessageIndex)).toEqual(
      Array.from({ length: CHAT_MESSAGES_PAGE_SIZE }, (_, i) => MESSAGES - CHAT_MESSAGES_PAGE_SIZE + i),
    );
    expect(latest.body.Items.at(-1)!.Body).toBe(`Messaggio ${MESSAGES - 1}`);
    expect(latest.body.HasMore).toBe(true);
    const older = await messagesOf(adminToken, conversationSid, latest.body.Items[0]!.MessageIndex);
    expect(older.body.Items.map((m) => m.MessageIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(older.body.HasMore).toBe(false);

    // Read-only: no message added, nobody's last-seen index moved.
    expect(await listMembers(conversationSid)).toEqual(membersBefore);
    expect((await conversationsOf(adminToken, patient.id)).body.Data[0]!.MessageCount).toBe(MESSAGES);

    // Audit: who, when, which conversation, which page; and the conversation list of the user.
    const reads = (await listSubjectAudit('conversation', conversationSid)).filter((e) => e.At >= since);
    expect(reads).toHaveLength(2);
    expect(reads.map((e) => [e.Action, e.ActorUserId, e.Details.Before, e.Details.Count])).toEqual([
      ['chat.messages.read', adminUserId, MESSAGES - CHAT_MESSAGES_PAGE_SIZE, 5],
      ['chat.messages.read', adminUserId, null, CHAT_MESSAGES_PAGE_SIZE],
    ]);
    expect(reads[1]!.Details).toMatchObject({
      PatientUserId: patient.id,
      NutritionistUserId: nutritionist.id,
    });
    for (const entry of reads) expect(Date.parse(entry.At)).toBeGreaterThanOrEqual(Date.parse(since));
    const listings = (await listSubjectAudit('user', patient.id)).filter((e) => e.At >= since);
    expect(listings.map((e) => [e.Action, e.ActorUserId])).toEqual([
      ['chat.conversations.list', adminUserId],
      ['chat.conversations.list', adminUserId],
    ]);
    // No content in the audit trail.
    expect(JSON.stringify(reads)).not.toContain('Messaggio');
  });

  it('answers 404 for an unknown user or conversation (and audits nothing)', async () => {
    expect((await conversationsOf(adminToken, randomUUID())).status).toBe(404);
    const unknownSid = `CH${'0'.repeat(32)}`;
    expect((await messagesOf(adminToken, unknownSid)).status).toBe(404);
    const { listSubjectAudit } = await audit();
    expect(await listSubjectAudit('conversation', unknownSid)).toEqual([]);
    expect((await messagesOf(adminToken, 'not-a-sid')).status).toBe(400);
  });
});

describe('chat viewer: every other role', () => {
  it('refuses the patient, the nutritionist, a BusinessAdmin and UserManager with 403, and anonymous with 401', async () => {
    const manager = await createTestUser(['BusinessAdmin', 'UserManager'], PASSWORD);
    const managerToken = (await login(manager.email, PASSWORD)).accessToken;
    for (const token of [patient.token, nutritionist.token, managerToken]) {
      expect((await search(token, patient.email)).status).toBe(403);
      expect((await conversationsOf(token, patient.id)).status).toBe(403);
      expect((await messagesOf(token, conversationSid)).status).toBe(403);
    }
    expect((await api('GET', `Chat/Viewer/Conversations/${conversationSid}/Messages`)).status).toBe(401);
    const { listSubjectAudit } = await audit();
    const readers = new Set(
      (await listSubjectAudit('conversation', conversationSid)).map((e) => e.ActorUserId),
    );
    expect([...readers]).toEqual([adminUserId]);
  });
});
