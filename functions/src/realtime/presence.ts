/**
 * Presence (docs/product.md#api: UserConnected, UserDisconnected): told to the users whose chat list shows
 * the user, when the user's first connection opens and when the last one closes. `$connect` and
 * `$disconnect` only put an outbox item in the transaction that stores or removes the connection; the
 * outbox deliverer announces it afterwards, so an upgrade never waits for the partners' pushes
 * (docs/decisions/0020-chat-hot-path.md). Best effort, like every push: the store is the truth and the
 * OnlineUsers action answers from it.
 */
import type { ChatRole } from '@nutri/shared';
import { listConversationsOfUser, pushToUsers } from '../chat';
import { getPatientProfile, listPatientsOfNutritionist } from '../onboarding';
import { listUserConnections, type Connection } from '../platform/connections-repo';
import { newOutboxEntry, outboxPut, type OutboxEntry, type OutboxHandlers } from '../platform/outbox';

/** Patients told about their nutritionist's presence beyond those they wrote with (the chat list's size). */
const PRESENCE_PATIENTS = 50;

const PRESENCE_TOPIC = 'presence';

type Change = 'connected' | 'disconnected';

/** The users whose chat list shows this user: conversation partners, plus the current pairing. */
export const partnersOf = async (userId: string, role: ChatRole | null | undefined) => {
  const partners = new Set((await listConversationsOfUser(userId)).map((member) => member.OtherUserId));
  if (role === 'Patient') {
    const nutritionist = (await getPatientProfile(userId))?.DefaultNutritionistUserId;
    if (nutritionist) partners.add(nutritionist);
  } else if (role === 'Nutritionist') {
    for (const patient of await listPatientsOfNutritionist(userId, '', PRESENCE_PATIENTS))
      partners.add(patient.UserId);
  }
  return [...partners];
};

/** The outbox item announcing that a connection opened or closed, for the transaction that stores or removes it. */
export const presenceOutboxPut = (connection: Connection, change: Change, at: Date) =>
  outboxPut(
    newOutboxEntry(
      PRESENCE_TOPIC,
      {
        UserId: connection.userId,
        Role: connection.role ?? null,
        ConnectionId: connection.connectionId,
        Change: change,
      },
      at,
    ),
  );

const order = (connection: Connection) => `${connection.connectedAt}#${connection.connectionId}`;

/**
 * Announces a change when it is still true once delivered: UserConnected when the connection is still
 * open and is the user's oldest (their first tab: a later tab announces nothing, and of two tabs opened
 * together exactly one does), UserDisconnected when the user has no connection left (a reload's new tab
 * keeps the user online).
 */
const announce = async (userId: string, role: ChatRole | null, connectionId: string, change: Change) => {
  const open = await listUserConnections(userId);
  if (change === 'connected') {
    const mine = open.find((connection) => connection.connectionId === connectionId);
    if (!mine || open.some((connection) => order(connection) < order(mine))) return;
  } else if (open.length) return;
  await pushToUsers(await partnersOf(userId, role), {
    type: change === 'connected' ? 'UserConnected' : 'UserDisconnected',
    UserId: userId,
  });
};

const deliverPresence = async (entry: OutboxEntry) => {
  const { UserId, Role, ConnectionId, Change } = entry.Payload;
  if (typeof UserId !== 'string' || typeof ConnectionId !== 'string') return;
  if (Change !== 'connected' && Change !== 'disconnected') return;
  const role = Role === 'Patient' || Role === 'Nutritionist' ? Role : null;
  await announce(UserId, role, ConnectionId, Change);
};

/** The outbox topic of this area, with its handler (both outbox deliverers use it). */
export const presenceOutboxHandlers: OutboxHandlers = {
  // One step, not recorded: announcing again after a crash only repeats a presence event.
  [PRESENCE_TOPIC]: (entry, step) => step('announce', () => deliverPresence(entry), { idempotent: true }),
};
