/**
 * Connection tickets: the browser cannot put an Authorization header on a WebSocket upgrade, and a
 * long-lived access token must not travel in a URL (logs keep URLs). So a signed-in user first asks
 * `POST Chat/ConnectionTicket` for a random ticket, valid for CHAT_TICKET_TTL_MS and usable once, and
 * connects to `/ws?ticket=…`. Only the SHA-256 of the ticket is stored, so a table read does not yield
 * usable tickets.
 * Item: pk `WSTICKET#<sha256 hex>`, sk `TICKET`, with the user, the chat role, the session (refresh-token
 * family) it was issued in, and `expiresAt` (TTL). The session travels to the connection, so ending the
 * session closes the connection.
 * Access pattern: consume by ticket (conditional delete on the table key: exists and not expired; a
 * second use, or a concurrent one, finds it gone).
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CHAT_TICKET_TTL_MS, type ChatRole } from '@nutri/shared';
import { db, tableName, toEpochSeconds } from './db/client';
import { unlessConditionFails } from './db/conditional';

const key = (ticket: string) => ({
  pk: `WSTICKET#${createHash('sha256').update(ticket).digest('hex')}`,
  sk: 'TICKET',
});

export interface TicketHolder {
  userId: string;
  role: ChatRole;
  /** The session (refresh-token family) of the access token that asked for the ticket. */
  familyId: string;
}

// Store a new ticket for the user; returns the ticket (only its hash is kept) and its expiry.
export const issueTicket = async (holder: TicketHolder, now: Date) => {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHAT_TICKET_TTL_MS);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key(ticket),
        type: 'ConnectionTicket',
        userId: holder.userId,
        role: holder.role,
        familyId: holder.familyId,
        // Milliseconds for the validity check; whole seconds for the TTL attribute.
        expiresAtMs: expiresAt.getTime(),
        expiresAt: toEpochSeconds(expiresAt) + 1,
      },
    }),
  );
  return { ticket, expiresAt };
};

// Consume a ticket: deleted on the condition that it exists and has not expired; null otherwise.
export const consumeTicket = async (ticket: string, now: Date): Promise<TicketHolder | null> => {
  const deleted = await unlessConditionFails(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key(ticket),
        ConditionExpression: 'attribute_exists(pk) AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':now': now.getTime() },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  const holder = deleted?.Attributes;
  // A ticket without a session (issued by older code) cannot be tied to a sign-out: refused.
  if (!holder || typeof holder.familyId !== 'string') return null;
  return {
    userId: String(holder.userId),
    role: holder.role === 'Nutritionist' ? 'Nutritionist' : 'Patient',
    familyId: holder.familyId,
  };
};
