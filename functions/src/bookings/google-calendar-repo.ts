/**
 * A partner nutritionist's Google Calendar connection (docs/product.md#google-calendar). Tokens are kept
 * only as ciphertext (platform/token-cipher.ts, bound to the owner's id); calendar events are never stored,
 * only which event of ours stands for which booking.
 * - Connection `GCAL#<userId>` / `CONNECTION`: RefreshTokenCipher, AccessTokenCipher, AccessTokenExpiresAt,
 *   Scope, BusyCalendarIds, TargetCalendarId, ConnectedAt, Problem ('unavailable' | 'refused' | null),
 *   ProblemAt.
 * - Visit event `GCAL#<userId>` / `EVENT#<BookingId>`: CalendarId (where our event of the booking is).
 * - Pending consent `GCALSTATE#<state>` / `STATE`: NutritionistUserId, VerifierCipher (the PKCE verifier),
 *   expiresAt (TTL, filtered on read: DynamoDB Local never deletes).
 * Access patterns: all by key; a disconnection queries the user's `GCAL#` partition to delete it.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isExpired, tableName, toEpochSeconds } from '../platform/db/client';
import { unlessConditionFails, writtenIfConditionHolds } from '../platform/db/conditional';
import { queryAll } from '../platform/db/query';
import { decryptToken, encryptToken } from '../platform/token-cipher';
import type { GoogleTokens } from '../platform/google-calendar';

export type CalendarProblem = 'unavailable' | 'refused';

export interface CalendarConnection {
  NutritionistUserId: string;
  tokens: GoogleTokens;
  BusyCalendarIds: string[];
  TargetCalendarId: string | null;
  ConnectedAt: string;
  Problem: CalendarProblem | null;
}

const partition = (userId: string) => `GCAL#${userId}`;
const connectionKey = (userId: string) => ({ pk: partition(userId), sk: 'CONNECTION' });
const eventKey = (userId: string, bookingId: number) => ({ pk: partition(userId), sk: `EVENT#${bookingId}` });
const stateKey = (state: string) => ({ pk: `GCALSTATE#${state}`, sk: 'STATE' });
const STATE_TTL_SECONDS = 600;

const context = (userId: string) => ({ NutritionistUserId: userId, Purpose: 'google-calendar' });

export const putConsentState = async (state: string, userId: string, verifier: string, at: Date) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...stateKey(state),
        type: 'GoogleCalendarState',
        NutritionistUserId: userId,
        VerifierCipher: await encryptToken(verifier, context(userId)),
        expiresAt: toEpochSeconds(at) + STATE_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/**
 * Takes the pending consent of this state: once only, and only for the user who started it. Null for an
 * unknown, spent, expired or someone else's state (someone else's is left alone).
 */
export const takeConsentState = async (state: string, userId: string, at: Date) => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: stateKey(state) }));
  if (!Item || Item.NutritionistUserId !== userId || isExpired(Item, at)) return null;
  const removed = await unlessConditionFails(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: stateKey(state),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  if (!removed?.Attributes) return null;
  return { verifier: await decryptToken(String(Item.VerifierCipher), context(userId)) };
};

export const getCalendarConnection = async (userId: string): Promise<CalendarConnection | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: connectionKey(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const accessCipher = typeof Item.AccessTokenCipher === 'string' ? Item.AccessTokenCipher : null;
  return {
    NutritionistUserId: userId,
    tokens: {
      refreshToken: await decryptToken(String(Item.RefreshTokenCipher), context(userId)),
      accessToken: accessCipher ? await decryptToken(accessCipher, context(userId)) : null,
      accessTokenExpiresAt: typeof Item.AccessTokenExpiresAt === 'string' ? Item.AccessTokenExpiresAt : null,
    },
    BusyCalendarIds: Array.isArray(Item.BusyCalendarIds) ? Item.BusyCalendarIds.map(String) : [],
    TargetCalendarId: typeof Item.TargetCalendarId === 'string' ? Item.TargetCalendarId : null,
    ConnectedAt: String(Item.ConnectedAt),
    Problem: Item.Problem === 'unavailable' ? 'unavailable' : Item.Problem === 'refused' ? 'refused' : null,
  };
};

/** A new connection (replacing any earlier one of the user). */
export const putCalendarConnection = async (
  userId: string,
  tokens: GoogleTokens,
  scope: string,
  calendars: { busy: string[]; target: string | null },
  at: Date,
) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...connectionKey(userId),
        type: 'GoogleCalendarConnection',
        NutritionistUserId: userId,
        RefreshTokenCipher: await encryptToken(tokens.refreshToken, context(userId)),
        AccessTokenCipher: tokens.accessToken
          ? await encryptToken(tokens.accessToken, context(userId))
          : null,
        AccessTokenExpiresAt: tokens.accessTokenExpiresAt,
        Scope: scope,
        BusyCalendarIds: calendars.busy,
        TargetCalendarId: calendars.target,
        ConnectedAt: at.toISOString(),
        Problem: null,
        ProblemAt: null,
      },
    }),
  );
};

/** Updates that apply only while the connection exists (a disconnection in between wins). */
const updateConnection = (userId: string, expression: string, values: Record<string, unknown>) =>
  writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKey(userId),
        UpdateExpression: expression,
        ExpressionAttributeValues: values,
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );

export const saveAccessToken = async (userId: string, accessToken: string, expiresAt: string | null) =>
  updateConnection(userId, 'SET AccessTokenCipher = :token, AccessTokenExpiresAt = :expires', {
    ':token': await encryptToken(accessToken, context(userId)),
    ':expires': expiresAt,
  });

export const saveCalendarChoice = (userId: string, busy: string[], target: string) =>
  updateConnection(userId, 'SET BusyCalendarIds = :busy, TargetCalendarId = :target', {
    ':busy': busy,
    ':target': target,
  });

/** Records (or clears, with null) why Google is not being used; written only when it changes. */
export const setCalendarProblem = (userId: string, problem: CalendarProblem | null, at: Date) =>
  updateConnection(userId, 'SET Problem = :problem, ProblemAt = :at', {
    ':problem': problem,
    ':at': problem ? at.toISOString() : null,
  });

/** Deletes the connection and every record of it. */
export const deleteCalendarConnection = async (userId: string) => {
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': partition(userId) },
    ProjectionExpression: 'pk, sk',
  }))
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: String(item.pk), sk: String(item.sk) } }),
    );
};

/** Where our event of a booking is, if we put one. */
export const getVisitEventCalendar = async (userId: string, bookingId: number) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: eventKey(userId, bookingId), ConsistentRead: true }),
  );
  return typeof Item?.CalendarId === 'string' ? Item.CalendarId : null;
};

export const putVisitEventCalendar = async (userId: string, bookingId: number, calendarId: string) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...eventKey(userId, bookingId),
        type: 'GoogleCalendarEvent',
        BookingId: bookingId,
        CalendarId: calendarId,
      },
    }),
  );
};

export const deleteVisitEventCalendar = async (userId: string, bookingId: number) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: eventKey(userId, bookingId) }));
};
