/**
 * The real-time chat on the running local stack: connection tickets (single use, expiry,
 * roles), `$connect` refused without one, two users exchanging messages over real WebSockets through
 * the local gateway, gap-free indexes under concurrent senders, unread counts and read receipts,
 * history paging, the nutritionist's archive, and another user refused on every route.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_MESSAGE_MAX_LENGTH,
  chatActionErrors,
  type ChatMessagesResponse,
  type ConversationView,
  type DirectConversationResponse,
  BookingType,
  CancelReason,
} from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, createTestUser, login, stack } from './support/api';
import { eventually, waitForEffects } from './support/outbox';
import { ticketFor, wsUrl } from './support/realtime';
import {
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  createPublicNutritionist,
  PASSWORD,
  romeDateIn,
} from './support/visits';

const openClients: RealtimeClient[] = [];

afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

const connectWith = async (token: string) => {
  const client = await RealtimeClient.connect(wsUrl(await ticketFor(token)));
  openClients.push(client);
  return client;
};

/** The upgrade's refusal, as the client library reports it. */
const refusedUpgrade = (url: string) =>
  RealtimeClient.connect(url).then(
    (client) => {
      openClients.push(client);
      return 'accepted';
    },
    (error: Error) => error.message,
  );

type Received = Record<string, unknown> & { type: string };

/** The next message of a type, skipping others (presence events arrive whenever partners connect). */
const nextOfType = async (client: RealtimeClient, type: string, timeoutMs = 10_000): Promise<Received> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await client.nextMessage(Math.max(1, deadline - Date.now()))) as Received;
    if (data.type === type) return data;
    // The gateway's answer to an operation that threw: fail now, with what happened, not at the timeout.
    if (data.message === 'Internal server error') throw new Error(`Server error while waiting for ${type}`);
  }
};

/** Nothing of this type within the wait (for events that must not reach someone). */
const noneOfType = async (client: RealtimeClient, type: string, waitMs = 1500) => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return true;
    try {
      const data = (await client.nextMessage(left)) as Received;
      if (data.type === type) return false;
    } catch {
      return true;
    }
  }
};

interface Pair {
  nutritionist: { id: string; token: string };
  patient: { id: string; token: string; name: string };
}

const newPair = async (name = `Paola ${randomUUID().slice(0, 6)}`): Promise<Pair> => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, name);
  return { nutritionist, patient };
};

const conversationOf = async (pair: Pair) => {
  const result = await api<DirectConversationResponse>(
    'GET',
    `Chat/DirectConversation/${pair.nutritionist.id}`,
    { token: pair.patient.token },
  );
  expect(result.status).toBe(200);
  return result.body.ConversationId;
};

const send = (client: RealtimeClient, conversationSid: string, text: string, messageId?: string) =>
  client.sendJson({
    action: 'SendMessage',
    ConversationSid: conversationSid,
    Text: text,
    MessageId: messageId,
  });

/** A pair with both members connected and a first message from the patient already delivered. */
const connectedPairAfterFirstMessage = async (body: string) => {
  const pair = await newPair();
  const sid = await conversationOf(pair);
  const patientTab = await connectWith(pair.patient.token);
  const nutritionistTab = await connectWith(pair.nutritionist.token);
  send(patientTab, sid, body);
  const first = (await nextOfType(nutritionistTab, 'MessageAdded')).message;
  return { pair, sid, patientTab, nutritionistTab, first };
};

describe('connection tickets', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await newPair();
  });

  it('lets a patient and a nutritionist connect with a ticket, once', async () => {
    const ticket = await ticketFor(pair.patient.token);
    const client = await RealtimeClient.connect(wsUrl(ticket));
    openClients.push(client);
    client.sendJson({ action: 'ping' });
    expect(await nextOfType(client, 'pong')).toMatchObject({ type: 'pong' });

    expect(await refusedUpgrade(wsUrl(ticket))).toMatch(/HTTP 401/);
    expect(await connectWith(pair.nutritionist.token)).toBeInstanceOf(RealtimeClient);
  });

  it('refuses a connection without a ticket or with an unknown one', async () => {
    expect(await refusedUpgrade(stack.wsUrl)).toMatch(/HTTP 401/);
    expect(await refusedUpgrade(wsUrl('not-a-ticket'))).toMatch(/HTTP 401/);
  });

  it('refuses an expired ticket', async () => {
    const { issueTicket } = await import('../../functions/src/platform/connection-tickets-repo');
    // Issued 31 s ago with a 30 s validity: the same code path as a ticket that waited too long.
    const { ticket } = await issueTicket(
      { userId: pair.patient.id, role: 'Patient', familyId: randomUUID() },
      new Date(Date.now() - 31_000),
    );
    expect(await refusedUpgrade(wsUrl(ticket))).toMatch(/HTTP 401/);
  });

  it('gives tickets only to signed-in patients and nutritionists', async () => {
    expect((await api('POST', 'Chat/ConnectionTicket')).status).toBe(401);
    const admin = await createTestUser(['BusinessAdmin', 'UserManager'], PASSWORD);
    const adminToken = (await login(admin.email, PASSWORD)).accessToken;
    expect((await api('POST', 'Chat/ConnectionTicket', { token: adminToken })).status).toBe(403);
  });
});

describe('messages over the realtime channel', () => {
  it('delivers a message to both members (every tab), stored before it is pushed', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const patientTab = await connectWith(pair.patient.token);
    const nutritionistTab1 = await connectWith(pair.nutritionist.token);
    const nutritionistTab2 = await connectWith(pair.nutritionist.token);

    send(patientTab, sid, '  Buongiorno dottoressa!  ');

    const [mine, theirs1, theirs2] = await Promise.all([
      nextOfType(patientTab, 'MessageAdded'),
      nextOfType(nutritionistTab1, 'MessageAdded'),
      nextOfType(nutritionistTab2, 'MessageAdded'),
    ]);
    for (const event of [mine, theirs1, theirs2]) {
      expect(event.message).toMatchObject({
        Body: 'Buongiorno dottoressa!',
        AuthorId: pair.patient.id,
        MessageIndex: 0,
        ConversationSid: sid,
      });
    }
    const history = await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.patient.id}`, {
      token: pair.nutritionist.token,
    });
    expect(history.body.Items.map((message) => message.Body)).toEqual(['Buongiorno dottoressa!']);
  });

  it('stores a retried send (same MessageId) once', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const tab = await connectWith(pair.patient.token);
    const id = randomUUID();

    send(tab, sid, 'Una volta sola', id);
    const first = await nextOfType(tab, 'MessageAdded');
    send(tab, sid, 'Una volta sola', id);
    const again = await nextOfType(tab, 'MessageAdded');

    expect(again.message).toEqual(first.message);
    const history = await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.nutritionist.id}`, {
      token: pair.patient.token,
    });
    expect(history.body.Items).toHaveLength(1);
  });

  it('appends after messages it did not see being written (another container), and takes them as seen', async () => {
    const { pair, sid, patientTab, nutritionistTab, first } = await connectedPairAfterFirstMessage('Primo');
    expect(first).toMatchObject({ MessageIndex: 0 });
    // This test process is another container to the stack: the stack last knew index 0, and guesses
    // 1 for the next append; the store is two further on.
    const { appendMessage } = await import('../../functions/src/chat/chat-repo');
    for (const n of [1, 2])
      await appendMessage({
        conversationSid: sid,
        messageId: `${pair.nutritionist.id}:${randomUUID()}`,
        authorId: pair.nutritionist.id,
        body: `Scritto altrove ${n}`,
        attributes: {},
        at: new Date(),
      });

    patientTab.sendJson({ action: 'SetUserLastSeenMessage', ConversationSid: sid, MessageIndex: 2 });
    expect(await nextOfType(nutritionistTab, 'MessageSeen')).toMatchObject({ MessageIndex: 2 });
    send(patientTab, sid, 'Dopo');
    expect((await nextOfType(nutritionistTab, 'MessageAdded')).message).toMatchObject({
      Body: 'Dopo',
      MessageIndex: 3,
    });
    const history = await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.nutritionist.id}`, {
      token: pair.patient.token,
    });
    expect(history.body.Items.map((message) => [message.MessageIndex, message.Body])).toEqual([
      [0, 'Primo'],
      [1, 'Scritto altrove 1'],
      [2, 'Scritto altrove 2'],
      [3, 'Dopo'],
    ]);
  });

  it('refuses a message sent right after its session ended elsewhere, stores nothing and closes the tab', async () => {
    const { pair, sid, patientTab, nutritionistTab, first } = await connectedPairAfterFirstMessage('Prima');
    expect(first).toMatchObject({ Body: 'Prima' });

    // The session ends in another container (this test process), which closes none of the stack's
    // connections: the stack's own 5-second memory of the session still says it is on.
    const { fam } = JSON.parse(
      Buffer.from(pair.patient.token.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { fam: string };
    const { revokeFamily } = await import('../../functions/src/accounts/credentials-repo');
    await revokeFamily(fam, new Date());

    send(patientTab, sid, 'Dopo la disconnessione');
    expect(await nextOfType(patientTab, 'error')).toMatchObject({
      code: 'unauthorized',
      message: chatActionErrors.notSignedIn,
    });
    for (;;) if ((await patientTab.next()).kind === 'closed') break;
    expect(await noneOfType(nutritionistTab, 'MessageAdded')).toBe(true);
    const history = await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.patient.id}`, {
      token: pair.nutritionist.token,
    });
    expect(history.body.Items.map((message) => message.Body)).toEqual(['Prima']);
  });

  it('refuses an empty, too long or garbled message, and a conversation of others, with Italian errors', async () => {
    const pair = await newPair();
    const other = await newPair();
    const otherSid = await conversationOf(other);
    const sid = await conversationOf(pair);
    const tab = await connectWith(pair.patient.token);

    send(tab, sid, '   \n ');
    expect(await nextOfType(tab, 'error')).toMatchObject({ message: chatActionErrors.emptyMessage });
    send(tab, sid, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(await nextOfType(tab, 'error')).toMatchObject({ message: chatActionErrors.tooLong });
    // Line breaks are part of a message; other control characters are not.
    send(tab, sid, 'Ciao\u0000\u001b[2J');
    expect(await nextOfType(tab, 'error')).toMatchObject({ message: chatActionErrors.controlCharacters });
    send(tab, otherSid, 'Ciao, ti leggo?');
    expect(await nextOfType(tab, 'error')).toMatchObject({ message: chatActionErrors.notFound });
    tab.sendJson({ action: 'StartTyping', ConversationSid: otherSid });
    expect(await nextOfType(tab, 'error')).toMatchObject({ code: 'not_found' });

    const otherHistory = await api<ChatMessagesResponse>('GET', `Chat/Messages/${other.patient.id}`, {
      token: other.nutritionist.token,
    });
    expect(otherHistory.body.Items).toEqual([]);
  });

  it('gives 20 concurrent senders the indexes 0..19 with no gap and no duplicate', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const tabs = await Promise.all(
      Array.from({ length: 20 }, (_, n) => connectWith(n % 2 ? pair.patient.token : pair.nutritionist.token)),
    );

    tabs.forEach((tab, n) => send(tab, sid, `Messaggio ${n}`));
    // What is asserted is the store: wait (up to 40 s on a loaded CI machine) until it holds 20 messages.
    // Live delivery to every tab is the subject of the exchange tests above.
    const { listMessages } = await import('../../functions/src/chat/chat-repo');
    let stored: Awaited<ReturnType<typeof listMessages>> = [];
    for (let attempt = 0; attempt < 200 && stored.length < 20; attempt += 1) {
      stored = await listMessages(sid, { limit: 100 });
      if (stored.length < 20) await new Promise((resolve) => setTimeout(resolve, 200));
    }

    expect(stored.map((message) => message.MessageIndex).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
    expect(new Set(stored.map((message) => message.Body)).size).toBe(20);
  });

  it('delivers every message to every tab when 20 tabs of a pair open at the same moment', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    // Opened together, each `$connect` announces presence to the partner's tabs while some of those are
    // still in their own `$connect` (410): such a tab must not be dropped from the store.
    const tabs = await Promise.all(
      Array.from({ length: 20 }, (_, n) => connectWith(n % 2 ? pair.patient.token : pair.nutritionist.token)),
    );

    tabs.forEach((tab, n) => send(tab, sid, `Messaggio ${n}`));

    const received = await Promise.all(
      tabs.map(async (tab) => {
        const bodies = new Set<string>();
        while (bodies.size < 20) {
          const event = await nextOfType(tab, 'MessageAdded', 60_000);
          bodies.add(String((event.message as { Body: string }).Body));
        }
        return bodies.size;
      }),
    );
    expect(received).toEqual(Array.from({ length: 20 }, () => 20));
  });

  it('keeps a tab that a push finds still in its $connect (410), so later messages reach it', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const { deleteConnection, listUserConnections, putConnection } =
      await import('../../functions/src/platform/connections-repo');
    // A nutritionist's tab stored by a `$connect` that has not returned yet: until it returns, the
    // gateway (API Gateway too) answers 410 to any push to it.
    const opening = `opening-${randomUUID()}`;
    await putConnection({
      connectionId: opening,
      userId: pair.nutritionist.id,
      role: 'Nutritionist',
      connectedAt: new Date().toISOString(),
    });
    const stored = async () =>
      (await listUserConnections(pair.nutritionist.id)).map((connection) => connection.connectionId);
    try {
      // The patient opens the chat right then: their `$connect` pushes UserConnected to that tab (410)
      // before it returns, then their message is pushed to it (410 again).
      const patientTab = await connectWith(pair.patient.token);
      expect(await stored()).toContain(opening);
      send(patientTab, sid, 'Buongiorno!');
      await nextOfType(patientTab, 'MessageAdded');
      expect(await stored()).toContain(opening);
    } finally {
      await deleteConnection(opening);
    }
  });

  it('relays typing to the other member only', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const patientTab = await connectWith(pair.patient.token);
    const nutritionistTab = await connectWith(pair.nutritionist.token);

    patientTab.sendJson({ action: 'StartTyping', ConversationSid: sid });
    expect(await nextOfType(nutritionistTab, 'typingStarted')).toMatchObject({
      ConversationSid: sid,
      UserId: pair.patient.id,
    });
    patientTab.sendJson({ action: 'EndTyping', ConversationSid: sid });
    expect(await nextOfType(nutritionistTab, 'typingEnded')).toMatchObject({ UserId: pair.patient.id });
    expect(await noneOfType(patientTab, 'typingStarted')).toBe(true);
  });

  it('announces presence to partners and answers OnlineUsers', async () => {
    const pair = await newPair();
    await conversationOf(pair);
    const nutritionistTab = await connectWith(pair.nutritionist.token);
    nutritionistTab.sendJson({ action: 'OnlineUsers' });
    expect((await nextOfType(nutritionistTab, 'OnlineUsers')).UserIds).toEqual([]);

    const patientTab = await connectWith(pair.patient.token);
    expect(await nextOfType(nutritionistTab, 'UserConnected')).toMatchObject({ UserId: pair.patient.id });
    nutritionistTab.sendJson({ action: 'OnlineUsers' });
    expect((await nextOfType(nutritionistTab, 'OnlineUsers')).UserIds).toEqual([pair.patient.id]);

    await patientTab.close();
    expect(await nextOfType(nutritionistTab, 'UserDisconnected')).toMatchObject({ UserId: pair.patient.id });
  });

  it('announces neither a second tab nor the close of one of two, and the close of the last one', async () => {
    const pair = await newPair();
    await conversationOf(pair);
    const nutritionistTab = await connectWith(pair.nutritionist.token);
    const first = await connectWith(pair.patient.token);
    expect(await nextOfType(nutritionistTab, 'UserConnected')).toMatchObject({ UserId: pair.patient.id });
    const { listUserConnections } = await import('../../functions/src/platform/connections-repo');
    const openTabs = async () => (await listUserConnections(pair.patient.id)).length;

    const second = await connectWith(pair.patient.token);
    // Presence leaves through the outbox: once it is delivered, a second announcement would be there.
    await waitForEffects(pair.patient.id);
    expect(await noneOfType(nutritionistTab, 'UserConnected')).toBe(true);

    await first.close();
    await eventually(openTabs, (count) => count === 1, 'the first tab removed');
    await waitForEffects(pair.patient.id);
    expect(await noneOfType(nutritionistTab, 'UserDisconnected')).toBe(true);

    await second.close();
    expect(await nextOfType(nutritionistTab, 'UserDisconnected')).toMatchObject({ UserId: pair.patient.id });
  });
});

describe('conversations, unread counts and history', () => {
  it('counts unread messages and sends read receipts to the other member and my other tabs', async () => {
    const pair = await newPair();
    const listOf = async () => {
      const result = await api<ConversationView[]>('GET', 'Chat/NutritionistConversations', {
        token: pair.nutritionist.token,
      });
      expect(result.status).toBe(200);
      return result.body.find((view) => view.UserId === pair.patient.id)!;
    };

    // A patient without a conversation yet is listed, with nothing to read.
    expect(await listOf()).toMatchObject({
      ConversationSid: null,
      newMessageCount: 0,
      DisplayName: pair.patient.name,
    });
    const patientList = await api<ConversationView[]>('GET', 'Chat/PatientConversations', {
      token: pair.patient.token,
    });
    expect(patientList.body.map((view) => view.UserId)).toEqual([pair.nutritionist.id]);

    const sid = await conversationOf(pair);
    const patientTab = await connectWith(pair.patient.token);
    for (const text of ['Uno', 'Due', 'Tre']) {
      send(patientTab, sid, text);
      await nextOfType(patientTab, 'MessageAdded');
    }
    expect(await listOf()).toMatchObject({
      ConversationSid: sid,
      MaxMessageIndex: 2,
      MyLastSeenMessageIndex: null,
      newMessageCount: 3,
      isOnline: true,
      LastMessage: { Body: 'Tre' },
    });

    const nutritionistTab1 = await connectWith(pair.nutritionist.token);
    const nutritionistTab2 = await connectWith(pair.nutritionist.token);
    nutritionistTab1.sendJson({ action: 'SetUserLastSeenMessage', ConversationSid: sid, MessageIndex: 1 });
    expect(await nextOfType(patientTab, 'MessageSeen')).toMatchObject({
      ConversationSid: sid,
      UserId: pair.nutritionist.id,
      MessageIndex: 1,
    });
    expect(await nextOfType(nutritionistTab2, 'UpdateMyLastSeenMessageIndex')).toMatchObject({
      ConversationSid: sid,
      MessageIndex: 1,
    });
    expect(await listOf()).toMatchObject({ MyLastSeenMessageIndex: 1, newMessageCount: 1 });

    // An older index (a late tab) never moves it back; an index beyond the newest is refused.
    nutritionistTab1.sendJson({ action: 'SetUserLastSeenMessage', ConversationSid: sid, MessageIndex: 0 });
    nutritionistTab1.sendJson({ action: 'SetUserLastSeenMessage', ConversationSid: sid, MessageIndex: 9 });
    expect(await nextOfType(nutritionistTab1, 'error')).toMatchObject({ code: 'validation_failed' });
    expect(await listOf()).toMatchObject({ MyLastSeenMessageIndex: 1, newMessageCount: 1 });
    const patientView = await api<ConversationView[]>('GET', 'Chat/PatientConversations', {
      token: pair.patient.token,
    });
    expect(patientView.body[0]).toMatchObject({ UserLastSeenMessageIndex: 1, newMessageCount: 0 });
  });

  it('never counts a booking message as unread for the nutritionist who created or cancelled it', async () => {
    const pair = await newPair();
    const viewOf = async (token: string, route: string, otherUserId: string) => {
      const result = await api<ConversationView[]>('GET', route, { token });
      expect(result.status).toBe(200);
      return result.body.find((view) => view.UserId === otherUserId)!;
    };
    const booking = await bookVisitFor(
      pair.nutritionist,
      pair.patient.id,
      BookingType.NORMAL,
      `${romeDateIn(6)}T10:00`,
    );
    const cancelled = await api(
      'POST',
      `CurrentNutritionist/Bookings/${booking.BookingId}/CancelBooking?cancelReasonId=${CancelReason.NUTRITIONIST_CHOICE}`,
      {
        token: pair.nutritionist.token,
      },
    );
    expect(cancelled.status).toBe(200);
    // The booking messages arrive from the outbox stream after the answers.
    await waitForEffects(pair.patient.id);

    // Both booking messages are the nutritionist's: seen by them, unread for the patient.
    expect(
      await viewOf(pair.nutritionist.token, 'Chat/NutritionistConversations', pair.patient.id),
    ).toMatchObject({
      MaxMessageIndex: 1,
      MyLastSeenMessageIndex: 1,
      newMessageCount: 0,
      LastMessage: { AuthorId: pair.nutritionist.id },
    });
    expect(await viewOf(pair.patient.token, 'Chat/PatientConversations', pair.nutritionist.id)).toMatchObject(
      {
        MyLastSeenMessageIndex: null,
        newMessageCount: 2,
      },
    );
  });

  it('announces a new conversation to both members once (ConversationAdded)', async () => {
    const pair = await newPair();
    const patientTab = await connectWith(pair.patient.token);
    const nutritionistTab = await connectWith(pair.nutritionist.token);

    const sid = await conversationOf(pair);

    expect(await nextOfType(patientTab, 'ConversationAdded')).toEqual({
      type: 'ConversationAdded',
      UserId: pair.nutritionist.id,
      ConversationSid: sid,
    });
    expect(await nextOfType(nutritionistTab, 'ConversationAdded')).toEqual({
      type: 'ConversationAdded',
      UserId: pair.patient.id,
      ConversationSid: sid,
    });
    // Selecting it again creates nothing, so announces nothing.
    expect(await conversationOf(pair)).toBe(sid);
    expect(await noneOfType(nutritionistTab, 'ConversationAdded')).toBe(true);
  });

  it('moves the pair between lists when a patient changes nutritionist (ConversationAdded/Removed)', async () => {
    const pair = await newPair();
    const next = await createPublicNutritionist();
    const patientTab = await connectWith(pair.patient.token);
    const oldTab = await connectWith(pair.nutritionist.token);
    const nextTab = await connectWith(next.token);

    const changed = await api('POST', 'CurrentPatient/Nutritionist/ChangeNutritionist', {
      token: pair.patient.token,
      body: { NutritionistId: next.id },
    });
    expect(changed.status).toBe(204);

    expect(await nextOfType(nextTab, 'ConversationAdded')).toMatchObject({
      UserId: pair.patient.id,
      ConversationSid: null,
    });
    expect(await nextOfType(patientTab, 'ConversationAdded')).toMatchObject({ UserId: next.id });
    // The old pair never wrote: it leaves both lists.
    expect(await nextOfType(oldTab, 'ConversationRemoved')).toEqual({
      type: 'ConversationRemoved',
      UserId: pair.patient.id,
    });
    const patientList = await api<ConversationView[]>('GET', 'Chat/PatientConversations', {
      token: pair.patient.token,
    });
    expect(patientList.body.map((view) => view.UserId)).toEqual([next.id]);
    const oldList = await api<ConversationView[]>('GET', 'Chat/NutritionistConversations', {
      token: pair.nutritionist.token,
    });
    expect(oldList.body.map((view) => view.UserId)).not.toContain(pair.patient.id);

    // A pair that has a conversation stays listed (and readable) for both: nothing is removed.
    const other = await createPatientOf(pair.nutritionist.id);
    await api('GET', `Chat/DirectConversation/${pair.nutritionist.id}`, { token: other.token });
    const otherTab = await connectWith(other.token);
    expect(
      (
        await api('POST', 'CurrentPatient/Nutritionist/ChangeNutritionist', {
          token: other.token,
          body: { NutritionistId: next.id },
        })
      ).status,
    ).toBe(204);
    expect(await nextOfType(otherTab, 'ConversationAdded')).toMatchObject({ UserId: next.id });
    expect(await noneOfType(otherTab, 'ConversationRemoved')).toBe(true);
    const otherList = await api<ConversationView[]>('GET', 'Chat/PatientConversations', {
      token: other.token,
    });
    expect(otherList.body.map((view) => view.UserId).sort()).toEqual([next.id, pair.nutritionist.id].sort());
  });

  it('pages the history backwards', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const { appendMessage } = await import('../../functions/src/chat/chat-repo');
    const total = CHAT_MESSAGES_PAGE_SIZE + 5;
    for (let n = 0; n < total; n += 1) {
      await appendMessage({
        conversationSid: sid,
        messageId: randomUUID(),
        authorId: pair.patient.id,
        body: `Messaggio ${n}`,
        attributes: {},
        at: new Date(),
      });
    }

    const first = await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.nutritionist.id}`, {
      token: pair.patient.token,
    });
    expect(first.body.Items.map((message) => message.MessageIndex)).toEqual(
      Array.from({ length: CHAT_MESSAGES_PAGE_SIZE }, (_, n) => n + 5),
    );
    expect(first.body.HasMore).toBe(true);
    const older = await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.nutritionist.id}?before=5`, {
      token: pair.patient.token,
    });
    expect(older.body.Items.map((message) => message.Body)).toEqual([
      'Messaggio 0',
      'Messaggio 1',
      'Messaggio 2',
      'Messaggio 3',
      'Messaggio 4',
    ]);
    expect(older.body.HasMore).toBe(false);
  });

  it('archives and restores a conversation for the nutritionist, announced to their tabs', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const tab = await connectWith(pair.nutritionist.token);

    const archived = await api('PUT', `Chat/Conversation/${sid}/Archive`, {
      token: pair.nutritionist.token,
      body: { IsArchived: true },
    });
    expect(archived.status).toBe(200);
    expect(await nextOfType(tab, 'OnConversationArchived')).toMatchObject({
      ConversationSid: sid,
      IsArchived: true,
    });
    const list = await api<ConversationView[]>('GET', 'Chat/NutritionistConversations', {
      token: pair.nutritionist.token,
    });
    expect(list.body.find((view) => view.ConversationSid === sid)?.IsArchived).toBe(true);
    expect(
      (
        await api('PUT', `Chat/Conversation/${sid}/Archive`, {
          token: pair.nutritionist.token,
          body: { IsArchived: false },
        })
      ).status,
    ).toBe(200);
    // The patient does not archive (route for nutritionists).
    expect(
      (
        await api('PUT', `Chat/Conversation/${sid}/Archive`, {
          token: pair.patient.token,
          body: { IsArchived: true },
        })
      ).status,
    ).toBe(403);
  });

  it('finds the nutritionist’s patients by name', async () => {
    const nutritionist = await createNutritionist();
    const unique = `Zelinda${randomUUID().slice(0, 6)}`;
    const found = await createPatientOf(nutritionist.id, `${unique} Rossi`);
    await createPatientOf(nutritionist.id, 'Altra Persona');

    const result = await api<ConversationView[]>(
      'GET',
      `Chat/NutritionistConversations?search=${encodeURIComponent(unique.toLowerCase())}`,
      { token: nutritionist.token },
    );
    expect(result.body.map((view) => view.UserId)).toEqual([found.id]);
  });
});

describe('another user', () => {
  it('is refused on every chat route of a pair they do not belong to', async () => {
    const pair = await newPair();
    const sid = await conversationOf(pair);
    const strangerNutritionist = await createNutritionist();
    const strangerPatient = await createPatientOf(strangerNutritionist.id);

    for (const [token, otherUserId] of [
      [strangerNutritionist.token, pair.patient.id],
      [strangerPatient.token, pair.nutritionist.id],
    ] as const) {
      expect((await api('GET', `Chat/DirectConversation/${otherUserId}`, { token })).status).toBe(404);
      expect((await api('GET', `Chat/Messages/${otherUserId}`, { token })).status).toBe(404);
    }
    expect(
      (
        await api('PUT', `Chat/Conversation/${sid}/Archive`, {
          token: strangerNutritionist.token,
          body: { IsArchived: true },
        })
      ).status,
    ).toBe(404);
    // A patient cannot open a conversation with a nutritionist who is not theirs, nor with a patient.
    expect(
      (await api('GET', `Chat/DirectConversation/${pair.patient.id}`, { token: strangerPatient.token }))
        .status,
    ).toBe(404);
    // Patients' and nutritionists' lists are for their own role.
    expect((await api('GET', 'Chat/NutritionistConversations', { token: pair.patient.token })).status).toBe(
      403,
    );
    expect((await api('GET', 'Chat/PatientConversations', { token: pair.nutritionist.token })).status).toBe(
      403,
    );
    const list = await api<ConversationView[]>('GET', 'Chat/NutritionistConversations', {
      token: strangerNutritionist.token,
    });
    expect(list.body.map((view) => view.UserId)).not.toContain(pair.patient.id);

    // Over the realtime channel: no typing, no read receipt, no message into their conversation.
    const tab = await connectWith(strangerNutritionist.token);
    tab.sendJson({ action: 'SetUserLastSeenMessage', ConversationSid: sid, MessageIndex: 0 });
    expect(await nextOfType(tab, 'error')).toMatchObject({ code: 'not_found' });
    send(tab, sid, 'Intruso');
    expect(await nextOfType(tab, 'error')).toMatchObject({ code: 'not_found' });
  });
});
