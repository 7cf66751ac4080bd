/**
 * Users. Item `USER#<id>` / `PROFILE` holds the profile, roles and password hash. E-mail and username are
 * unique case-insensitively, enforced by the database: each has a guard item (`EMAIL#<lower>` /
 * `USERNAME#<lower>`, sk `UNIQUE`) written in the same transaction with `attribute_not_exists`.
 * Each role a user holds has a membership item `ROLE#<role>` / `<display name lower>#<userId>`, written in
 * the same transactions, so users are listed by role in display-name order.
 * A patient's name, e-mail and phone are also search entries of the back office (patient-search-repo.ts),
 * rewritten in the same transactions as the fields they index.
 * Access patterns:
 * - get a user by id (table key);
 * - find a user by e-mail or username (guard item -> user id -> user);
 * - list users holding a role whose display name starts with a text (`ROLE#<role>`, begins_with sk).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@nutri/shared';
import { batchGet } from '../platform/db/batch-get';
import { db, tableName } from '../platform/db/client';
import { transactOrThrow, type NamedItem, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { patientSearchWrites } from './patient-search-repo';

export interface User {
  Id: string;
  UserName: string;
  Email: string;
  Name: string;
  DisplayName: string;
  MobilePhoneNo: string | null;
  roles: Role[];
  passwordHash: string | null;
  emailVerified: boolean;
  /** When the e-mail was verified (ISO); absent on accounts verified before it was recorded. */
  emailVerifiedAt?: string | null;
  MobilePhoneVerified?: boolean;
  /** Key prefix of the profile photo in the assets bucket (`<prefix>-<width>.webp`). */
  ImagePath?: string | null;
  /** Unsubscribed from every mailing list (spec /Unsubscribe). */
  MailingOptOut?: boolean;
  /** After e-mail verification the patient may set a password without the old one until then (ISO). */
  passwordSetAllowedUntil?: string | null;
  createdAt: string;
  updatedAt: string;
}

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
const roleMemberKey = (role: Role, displayName: string, userId: string) => ({
  pk: `ROLE#${role}`,
  sk: `${displayName.trim().toLowerCase()}#${userId}`,
});
const roleMemberItem = (role: Role, user: Pick<User, 'Id' | 'DisplayName' | 'Email'>) => ({
  ...roleMemberKey(role, user.DisplayName, user.Id),
  type: 'RoleMember',
  userId: user.Id,
  DisplayName: user.DisplayName,
  Email: user.Email,
});
const isPatient = (user: Pick<User, 'roles'>) => user.roles.includes('Patient');

const emailKey = (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'UNIQUE' });
const userNameKey = (userName: string) => ({ pk: `USERNAME#${userName.trim().toLowerCase()}`, sk: 'UNIQUE' });

// Create a user with its unique e-mail and username guards, all or nothing; `companions` are further
// items (e.g. the patient profile) written in the same transaction.
export const createUser = async (user: User, companions: Record<string, unknown>[] = []) => {
  const guard = (key: { pk: string; sk: string }) => ({
    Put: {
      TableName: tableName(),
      Item: { ...key, type: 'UniqueGuard', userId: user.Id },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  // Whichever unique item already exists (a guard, the user, a companion): the user exists.
  const exists = new DomainError('user-exists');
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...userKey(user.Id), type: 'User', ...user },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    guard(emailKey(user.Email)),
    ...(user.UserName.toLowerCase() === user.Email.toLowerCase() ? [] : [guard(userNameKey(user.UserName))]),
    ...user.roles.map((role) => ({ Put: { TableName: tableName(), Item: roleMemberItem(role, user) } })),
    ...companions.map((item) => ({
      Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
    })),
    ...(isPatient(user) ? patientSearchWrites(null, user) : []),
  ];
  await transactOrThrow(
    items.map((item) => ({ item, failure: exists })),
    { contended: exists },
  );
};

const toUser = (item: Record<string, unknown>): User => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as unknown as User;
};

// Get a user by id.
export const getUser = async (userId: string): Promise<User | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }),
  );
  return Item ? toUser(Item) : null;
};

// Find a user by e-mail or username, case-insensitively (guard item, then the user).
export const findUserByLogin = async (login: string): Promise<User | null> => {
  for (const key of login.includes('@')
    ? [emailKey(login), userNameKey(login)]
    : [userNameKey(login), emailKey(login)]) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    if (typeof Item?.userId === 'string') return getUser(Item.userId);
  }
  return null;
};

export type UserUpdate = Partial<
  Pick<
    User,
    | 'Name'
    | 'DisplayName'
    | 'MobilePhoneNo'
    | 'MobilePhoneVerified'
    | 'ImagePath'
    | 'MailingOptOut'
    | 'passwordHash'
    | 'emailVerified'
    | 'emailVerifiedAt'
    | 'passwordSetAllowedUntil'
  >
>;

// Update profile fields; a new display name also moves the user's role memberships, in one transaction.
export const updateUser = async (user: User, changes: UserUpdate, now: Date): Promise<User> => {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const updated: User = { ...user, ...Object.fromEntries(entries), updatedAt: now.toISOString() };
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': updated.updatedAt, ':version': user.updatedAt };
  const sets = ['#updatedAt = :updatedAt'];
  entries.forEach(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = value;
    sets.push(`#f${index} = :v${index}`);
  });
  const displayNameChanged = changes.DisplayName !== undefined && changes.DisplayName !== user.DisplayName;
  const phoneChanged = changes.MobilePhoneNo !== undefined && changes.MobilePhoneNo !== user.MobilePhoneNo;
  const changedMeanwhile = new DomainError('conflict');
  await transactOrThrow(
    [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: userKey(user.Id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            // Optimistic concurrency: a concurrent update makes this one fail rather than be lost.
            ConditionExpression: 'updatedAt = :version',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        failure: changedMeanwhile,
      },
      ...(displayNameChanged
        ? user.roles.flatMap((role): NamedItem<DomainError>[] => [
            {
              item: {
                Delete: { TableName: tableName(), Key: roleMemberKey(role, user.DisplayName, user.Id) },
              },
            },
            { item: { Put: { TableName: tableName(), Item: roleMemberItem(role, updated) } } },
          ])
        : []),
      ...(isPatient(user) && (displayNameChanged || phoneChanged)
        ? patientSearchWrites(user, updated).map((item) => ({ item }))
        : []),
    ],
    { contended: changedMeanwhile },
  );
  return updated;
};

// Change the e-mail: move its uniqueness guard (the new one must be free) and update the user at once.
export const changeUserEmail = async (user: User, newEmail: string, now: Date): Promise<User> => {
  const updated: User = { ...user, Email: newEmail, updatedAt: now.toISOString() };
  const userNameWasEmail = user.UserName.toLowerCase() === user.Email.toLowerCase();
  if (userNameWasEmail) updated.UserName = newEmail;
  const emailTaken = new DomainError('email-taken');
  await transactOrThrow(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...emailKey(newEmail), type: 'UniqueGuard', userId: user.Id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: emailTaken,
      },
      { item: { Delete: { TableName: tableName(), Key: emailKey(user.Email) } } },
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: userKey(user.Id),
            UpdateExpression: 'SET Email = :email, UserName = :userName, updatedAt = :now',
            ConditionExpression: 'updatedAt = :version',
            ExpressionAttributeValues: {
              ':email': newEmail,
              ':userName': updated.UserName,
              ':now': updated.updatedAt,
              ':version': user.updatedAt,
            },
          },
        },
        failure: new DomainError('conflict'),
      },
      ...user.roles.map((role) => ({
        item: { Put: { TableName: tableName(), Item: roleMemberItem(role, updated) } },
      })),
      ...(isPatient(user) ? patientSearchWrites(user, updated).map((item) => ({ item })) : []),
    ],
    // Another account taking the same address at the same moment.
    { contended: emailTaken },
  );
  return updated;
};

export interface RoleMember {
  userId: string;
  DisplayName: string;
  Email: string;
}

// List users holding a role, in display-name order, optionally those whose display name starts with a text.
export const listRoleMembers = async (
  role: Role,
  displayNamePrefix: string,
  limit: number,
  cursor?: Record<string, unknown>,
) => {
  const prefix = displayNamePrefix.trim().toLowerCase();
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `ROLE#${role}`, ...(prefix ? { ':prefix': prefix } : {}) },
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return {
    members: (page.Items ?? []).map((item): RoleMember => ({
      userId: String(item.userId),
      DisplayName: String(item.DisplayName),
      Email: String(item.Email),
    })),
    next: page.LastEvaluatedKey,
  };
};

export interface UserContact {
  DisplayName: string;
  Email: string;
}

// Display name and e-mail of several users (BatchGet on the table key, unprocessed keys asked again).
export const getUserContacts = async (userIds: readonly string[]): Promise<Map<string, UserContact>> => {
  const contacts = new Map<string, UserContact>();
  for (const item of await batchGet(userIds.map(userKey), { attributes: ['Id', 'DisplayName', 'Email'] }))
    contacts.set(String(item.Id), { DisplayName: String(item.DisplayName), Email: String(item.Email) });
  return contacts;
};

// Display names of several users, for lists naming their counterparts.
export const getDisplayNames = async (userIds: readonly string[]): Promise<Map<string, string>> =>
  new Map([...(await getUserContacts(userIds))].map(([id, contact]) => [id, contact.DisplayName]));
