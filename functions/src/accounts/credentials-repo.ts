/**
 * Session and one-time credentials, all stored only as SHA-256 hashes of the random token.
 * - Refresh tokens `RT#<hash>` / `RT`: user, family, expiry, `usedAt` once rotated.
 * - Refresh-token families `RTFAM#<familyId>` / `RTFAM`: one per sign-in; revoking it ends the session.
 *   Listed per user for "sign out everywhere" (gsi1: `USER#<userId>` / `RTFAM#<familyId>`).
 * - One-time tokens `OTT#<purpose>#<hash>` / `OTT`: instant login, password reset, e-mail verification;
 *   consumed by a conditional delete, so each works exactly once.
 * Every item carries expiresAt; readers check it because DynamoDB deletes expired items late (and
 * DynamoDB Local never).
 * Access patterns: a family's state by id (GetItem, projected: every signed-in request asks it, cached
 * briefly per container, see session-state.ts); a user's families (gsi1).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isExpired, tableName, toEpochSeconds } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import { transact, transactOrThrow, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { sha256 } from '../platform/hash';
import { newId, randomToken } from '../platform/ids';

export const REFRESH_LIFETIME_SECONDS = { rememberMe: 30 * 24 * 3600, session: 24 * 3600 } as const;

const refreshKey = (token: string) => ({ pk: `RT#${sha256(token)}`, sk: 'RT' });
const familyKey = (familyId: string) => ({ pk: `RTFAM#${familyId}`, sk: 'RTFAM' });

export interface RefreshFamily {
  familyId: string;
  userId: string;
  rememberMe: boolean;
}

const refreshItem = (token: string, family: RefreshFamily, now: Date) => {
  const lifetime = family.rememberMe ? REFRESH_LIFETIME_SECONDS.rememberMe : REFRESH_LIFETIME_SECONDS.session;
  return {
    ...refreshKey(token),
    type: 'RefreshToken',
    userId: family.userId,
    familyId: family.familyId,
    rememberMe: family.rememberMe,
    createdAt: now.toISOString(),
    expiresAt: toEpochSeconds(now) + lifetime,
  };
};

// Start a session: a new family and its first refresh token.
export const startRefreshFamily = async (userId: string, rememberMe: boolean, now: Date) => {
  const family: RefreshFamily = { familyId: newId(), userId, rememberMe };
  const token = randomToken();
  const lifetime = rememberMe ? REFRESH_LIFETIME_SECONDS.rememberMe : REFRESH_LIFETIME_SECONDS.session;
  const disabled = new DomainError('account-disabled');
  await transactOrThrow(
    [
      // A disabled account starts no session, checked atomically with the session's own write
      // (docs/product.md#user-management): a sign-in racing the disabling either fails here or is
      // revoked by it.
      {
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
            ConditionExpression: 'attribute_not_exists(Disabled) OR Disabled = :false',
            ExpressionAttributeValues: { ':false': false },
          },
        },
        failure: disabled,
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...familyKey(family.familyId),
              type: 'RefreshFamily',
              ...family,
              revoked: false,
              createdAt: now.toISOString(),
              gsi1pk: `USER#${userId}`,
              gsi1sk: `RTFAM#${family.familyId}`,
              // A family outlives its tokens only by what a rotation could add; kept for reuse detection.
              expiresAt: toEpochSeconds(now) + lifetime * 2,
            },
          },
        },
      },
      { item: { Put: { TableName: tableName(), Item: refreshItem(token, family, now) } } },
    ],
    { contended: new DomainError('conflict') },
  );
  return { token, family };
};

export type RotationResult =
  | { outcome: 'rotated'; token: string; family: RefreshFamily }
  | { outcome: 'invalid' }
  | { outcome: 'reused'; family: RefreshFamily };

// Rotate a refresh token: mark it used and issue its successor in one transaction. A token used twice
// (a stolen copy, or a replay) is reported as reuse so the caller revokes the whole family.
export const rotateRefreshToken = async (token: string, now: Date): Promise<RotationResult> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: refreshKey(token), ConsistentRead: true }),
  );
  if (!Item || isExpired(Item, now)) return { outcome: 'invalid' };
  const family: RefreshFamily = {
    familyId: String(Item.familyId),
    userId: String(Item.userId),
    rememberMe: Item.rememberMe === true,
  };
  if (Item.usedAt) return { outcome: 'reused', family };
  const next = randomToken();
  const failure = await transact(
    [
      // The family first: a revoked session is invalid, whether or not the token was used.
      {
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: familyKey(family.familyId),
            ConditionExpression: 'revoked = :false',
            ExpressionAttributeValues: { ':false': false },
          },
        },
        failure: 'invalid' as const,
      },
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: refreshKey(token),
            UpdateExpression: 'SET usedAt = :now',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
            ExpressionAttributeValues: { ':now': now.toISOString() },
          },
        },
        failure: 'reused' as const,
      },
      { item: { Put: { TableName: tableName(), Item: refreshItem(next, family, now) } } },
    ],
    // Two rotations of one token colliding: neither committed, so this is no reuse; the client may retry.
    { contended: 'contended' as const },
  );
  if (failure === 'invalid') return { outcome: 'invalid' };
  if (failure === 'reused') return { outcome: 'reused', family };
  if (failure === 'contended') throw new DomainError('conflict');
  return { outcome: 'rotated', token: next, family };
};

// The family of a refresh token, if the token is known (used or not).
export const familyOfRefreshToken = async (token: string): Promise<RefreshFamily | null> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: refreshKey(token) }));
  return Item
    ? { familyId: String(Item.familyId), userId: String(Item.userId), rememberMe: Item.rememberMe === true }
    : null;
};

/** Whether a session can still be used: it exists, is not revoked and has not expired. */
export interface FamilyState {
  userId: string;
  active: boolean;
}

// One family's state (strongly consistent: a sign-out must be seen by the very next request).
export const getFamilyState = async (familyId: string, now: Date): Promise<FamilyState | null> => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: familyKey(familyId),
      ConsistentRead: true,
      ProjectionExpression: 'userId, revoked, expiresAt',
    }),
  );
  if (!Item) return null;
  return { userId: String(Item.userId), active: Item.revoked !== true && !isExpired(Item, now) };
};

/**
 * The session as a condition of someone else's transaction (a WebSocket connection is stored only while
 * its session is on): the family exists, is the user's, is not revoked and has not expired, as
 * getFamilyState judges it, checked atomically with the caller's writes.
 */
export const activeFamilyCondition = (familyId: string, userId: string, now: Date): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: familyKey(familyId),
    ConditionExpression:
      'userId = :user AND (attribute_not_exists(revoked) OR revoked <> :true) AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
    ExpressionAttributeValues: { ':user': userId, ':true': true, ':now': toEpochSeconds(now) },
  },
});

// Revoke a family: every refresh token of that session stops working.
export const revokeFamily = async (familyId: string, now: Date) => {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: familyKey(familyId),
        UpdateExpression: 'SET revoked = :true, revokedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
};

// Revoke every session of a user (after a password reset or change), via gsi1 `USER#<id>` / `RTFAM#`.
// Returns the ids of the families it revoked.
export const revokeAllFamilies = async (userId: string, now: Date, exceptFamilyId?: string) => {
  const revoked: string[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'RTFAM#' },
  })) {
    if (item.familyId !== exceptFamilyId && item.revoked !== true) {
      await revokeFamily(String(item.familyId), now);
      revoked.push(String(item.familyId));
    }
  }
  return revoked;
};

export type OneTimePurpose =
  | 'instant-login'
  | 'password-reset'
  | 'email-verification'
  /** A nutritionist's invitation: sets the first password (docs/product.md#nutritionist-accounts). */
  | 'invitation'
  /** Confirms an address a UserManager set (docs/product.md#user-management). */
  | 'email-change';

const oneTimeKey = (purpose: OneTimePurpose, token: string) => ({
  pk: `OTT#${purpose}#${sha256(token)}`,
  sk: 'OTT',
});

// Issue a single-use token for a purpose; `data` travels with it (e.g. the e-mail it was sent to).
export const issueOneTimeToken = async (
  purpose: OneTimePurpose,
  userId: string,
  lifetimeSeconds: number,
  now: Date,
  data: Record<string, string> = {},
) => {
  const token = randomToken();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...oneTimeKey(purpose, token),
        type: 'OneTimeToken',
        purpose,
        userId,
        data,
        createdAt: now.toISOString(),
        expiresAt: toEpochSeconds(now) + lifetimeSeconds,
      },
    }),
  );
  return token;
};

// Consume a single-use token: deleted on first use; null when unknown, used or expired.
export const consumeOneTimeToken = async (purpose: OneTimePurpose, token: string, now: Date) => {
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: oneTimeKey(purpose, token),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes || isExpired(Attributes, now)) return null;
    return { userId: String(Attributes.userId), data: (Attributes.data ?? {}) as Record<string, string> };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

// Look at a single-use token without consuming it (e.g. to check its user before a password rule).
export const peekOneTimeToken = async (purpose: OneTimePurpose, token: string, now: Date) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: oneTimeKey(purpose, token), ConsistentRead: true }),
  );
  if (!Item || isExpired(Item, now)) return null;
  return { userId: String(Item.userId), data: (Item.data ?? {}) as Record<string, string> };
};

export interface SessionSummary {
  familyId: string;
  rememberMe: boolean;
  createdAt: string;
  /** Epoch seconds after which the session cannot be refreshed any more. */
  expiresAt: number;
}

// A user's sessions still on (gsi1 `USER#<id>` / `RTFAM#`), newest first.
export const listActiveFamilies = async (userId: string, now: Date): Promise<SessionSummary[]> => {
  const sessions: SessionSummary[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'RTFAM#' },
  })) {
    if (item.revoked === true || isExpired(item, now)) continue;
    sessions.push({
      familyId: String(item.familyId),
      rememberMe: item.rememberMe === true,
      createdAt: String(item.createdAt),
      expiresAt: Number(item.expiresAt),
    });
  }
  return sessions.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
};
