/**
 * Billing profiles (docs/product.md#data: the data an invoice is made out to).
 * - Profile `USER#<userId>` / `BILLING#<billingProfileId, 10 digits>`: kept under its owner, so every read
 *   names the user (the caller for the self resource, the path or query for the others) and nobody
 *   reaches someone else's profile by guessing an id.
 * - Active pointer `USER#<userId>` / `BILLINGACTIVE`: which profile is the active one, with a `version`.
 *   Every change of the active profile goes through it in one transaction, so two concurrent saves can
 *   never leave a user with two active profiles.
 * Access patterns: get a user's profile by id (table key); list or count a user's profiles, optionally
 * only the active ones (Query `USER#<id>`, `begins_with(sk, 'BILLING#')`, filter on IsActive); get the
 * active profile (pointer, then table key); create; update (optimistic on `version`).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import { codiceFiscaleSearchWrites } from '../accounts';
import { transact, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

export interface BillingProfileRecord {
  BillingProfileId: number;
  UserId: string;
  RagioneSociale: string;
  CodiceFiscale: string;
  PartitaIva: string | null;
  Address: string;
  PostalCode: string;
  ComuneId: string;
  IsActive: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

const PROFILE_PREFIX = 'BILLING#';
const profileKey = (userId: string, billingProfileId: number) => ({
  pk: `USER#${userId}`,
  sk: `${PROFILE_PREFIX}${String(billingProfileId).padStart(10, '0')}`,
});
const pointerKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLINGACTIVE' });

const toRecord = (item: Record<string, unknown>): BillingProfileRecord => ({
  BillingProfileId: Number(item.BillingProfileId),
  UserId: String(item.UserId),
  RagioneSociale: String(item.RagioneSociale),
  CodiceFiscale: String(item.CodiceFiscale),
  PartitaIva: typeof item.PartitaIva === 'string' ? item.PartitaIva : null,
  Address: String(item.Address),
  PostalCode: String(item.PostalCode),
  ComuneId: String(item.ComuneId),
  IsActive: item.IsActive === true,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
  version: Number(item.version ?? 0),
});

const profileItem = (record: BillingProfileRecord) => ({
  ...profileKey(record.UserId, record.BillingProfileId),
  type: 'BillingProfile',
  ...record,
});

interface ActivePointer {
  activeId: number | null;
  version: number;
}

const readPointer = async (userId: string): Promise<ActivePointer> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: pointerKey(userId), ConsistentRead: true }),
  );
  return {
    activeId: typeof Item?.ActiveBillingProfileId === 'number' ? Item.ActiveBillingProfileId : null,
    version: Number(Item?.version ?? 0),
  };
};

/** Moves the pointer, only if nobody moved it since it was read. */
const pointerWrite = (userId: string, pointer: ActivePointer, activeId: number | null, now: string) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...pointerKey(userId),
      type: 'BillingActivePointer',
      ActiveBillingProfileId: activeId,
      version: pointer.version + 1,
      updatedAt: now,
    },
    ConditionExpression: pointer.version === 0 ? 'attribute_not_exists(pk)' : '#version = :version',
    ...(pointer.version === 0
      ? {}
      : {
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': pointer.version },
        }),
  },
});

/** Turns a profile inactive as part of a change of the active one. */
const deactivateWrite = (userId: string, billingProfileId: number, now: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: profileKey(userId, billingProfileId),
    UpdateExpression: 'SET IsActive = :false, updatedAt = :now ADD #version :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':false': false, ':now': now, ':one': 1 },
  },
});

/**
 * Every condition of a profile change checks that the user's profiles are as read: a failure is a
 * concurrent change of the same user's profiles, and the caller may simply try again.
 */
const changedMeanwhile = () => new DomainError('conflict');
const write = (items: TransactItem[]) => {
  const failure = changedMeanwhile();
  return transact(
    items.map((item) => ({ item, failure })),
    { contended: failure },
  );
};

const ATTEMPTS = 3;

// Get one of a user's profiles by id (table key).
export const getBillingProfile = async (userId: string, billingProfileId: number) => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: profileKey(userId, billingProfileId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : null;
};

// A user's profiles, oldest first, optionally only the active (or inactive) ones (Query on USER#<id>).
export const listBillingProfiles = async (userId: string, isActive?: boolean) => {
  const profiles: BillingProfileRecord[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(isActive === undefined ? {} : { FilterExpression: 'IsActive = :active' }),
    ExpressionAttributeValues: {
      ':pk': `USER#${userId}`,
      ':prefix': PROFILE_PREFIX,
      ...(isActive === undefined ? {} : { ':active': isActive }),
    },
    ConsistentRead: true,
  }))
    profiles.push(toRecord(item));
  return profiles;
};

// How many profiles a user has, optionally only the active ones (the same Query, Select COUNT).
export const countBillingProfiles = async (userId: string, isActive?: boolean) => {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(isActive === undefined ? {} : { FilterExpression: 'IsActive = :active' }),
        ExpressionAttributeValues: {
          ':pk': `USER#${userId}`,
          ':prefix': PROFILE_PREFIX,
          ...(isActive === undefined ? {} : { ':active': isActive }),
        },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
};

// The user's active profile, if any (pointer item, then table key).
export const getActiveBillingProfile = async (userId: string) => {
  const pointer = await readPointer(userId);
  return pointer.activeId === null ? null : getBillingProfile(userId, pointer.activeId);
};

// The codice fiscale of the user's active profile, if any (the back office's patient search backfill).
export const activeCodiceFiscale = async (userId: string) =>
  (await getActiveBillingProfile(userId))?.CodiceFiscale ?? null;

/**
 * Create a profile, active (spec: created active): in one transaction with the pointer, the previously
 * active profile becomes inactive.
 */
export const createBillingProfile = async (record: BillingProfileRecord) => {
  for (let attempt = 1; ; attempt += 1) {
    const pointer = await readPointer(record.UserId);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          Item: profileItem({ ...record, IsActive: true }),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      pointerWrite(record.UserId, pointer, record.BillingProfileId, record.updatedAt),
    ];
    if (pointer.activeId !== null)
      items.push(deactivateWrite(record.UserId, pointer.activeId, record.updatedAt));
    // The back office finds the patient by this codice fiscale (docs/product.md#patient-search).
    items.push(...codiceFiscaleSearchWrites(record.UserId, null, record.CodiceFiscale));
    const failure = await write(items);
    if (!failure) return { ...record, IsActive: true };
    if (attempt >= ATTEMPTS) throw failure;
  }
};

/**
 * Save changed fields of a profile, optimistic on its `version`. When IsActive changes, the pointer moves
 * in the same transaction (and the profile active until then, if another, turns inactive).
 */
export const updateBillingProfile = async (current: BillingProfileRecord, next: BillingProfileRecord) => {
  const profileWrite: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: profileItem({ ...next, version: current.version + 1 }),
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': current.version },
    },
  };
  const items: TransactItem[] = [profileWrite];
  if (next.CodiceFiscale !== current.CodiceFiscale)
    items.push(...codiceFiscaleSearchWrites(current.UserId, current.CodiceFiscale, next.CodiceFiscale));
  if (next.IsActive !== current.IsActive) {
    const pointer = await readPointer(current.UserId);
    if (next.IsActive) {
      items.push(pointerWrite(current.UserId, pointer, current.BillingProfileId, next.updatedAt));
      if (pointer.activeId !== null && pointer.activeId !== current.BillingProfileId)
        items.push(deactivateWrite(current.UserId, pointer.activeId, next.updatedAt));
    } else if (pointer.activeId === current.BillingProfileId) {
      items.push(pointerWrite(current.UserId, pointer, null, next.updatedAt));
    }
  }
  const failure = await write(items);
  if (failure) throw failure;
  return { ...next, version: current.version + 1 };
};
