/**
 * Users. Item `USER#<id>` / `PROFILE` holds the profile, roles and password hash. E-mail and username are
 * unique case-insensitively, enforced by the database: each has a guard item (`EMAIL#<lower>` /
 * `USERNAME#<lower>`, sk `UNIQUE`) written in the same transaction with `attribute_not_exists`.
 * Each role a user holds has a membership item `ROLE#<role>` / `<display name lower>#<userId>`, written in
 * the same transactions, so users are listed by role in display-name order.
 * A patient's name, e-mail and phone are also search entries of the back office (patient-search-repo.ts),
 * rewritten in the same transactions as the fields they index.
 * The user item also sits in three indexes for the back office (docs/product.md#user-management):
 * gsi1 `USERS#CREATED` / `<createdAt>#<id>` (new users), gsi2 `USERS#BYNAME` / `<display name lower>#<id>`
 * (search across roles) and, only while disabled, gsi3 `USERS#DISABLED` / `<disabledAt>#<id>`. Role
 * membership items carry `Disabled` too, so a role's list filters by status in the same Query.
 * The enabled SystemAdmins are counted in `COUNTER#SYSTEMADMINS` / `COUNTER` (`n`): every transaction
 * that takes the role away from an enabled user, or disables one who holds it, decrements it on the
 * condition `n > 1`, so the last SystemAdmin can never lose the role, even to two requests at once.
 * Access patterns:
 * - get a user by id (table key);
 * - find a user by e-mail or username (guard item -> user id -> user);
 * - list users holding a role whose display name starts with a text (`ROLE#<role>`, begins_with sk).
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@nutri/shared';
import { batchGet } from '../platform/db/batch-get';
import { db, tableName } from '../platform/db/client';
import { unlessConditionFails } from '../platform/db/conditional';
import { countQuery, queryAll, queryPage } from '../platform/db/query';
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
  /** When the optional mails were refused (ISO; absent on refusals recorded before it was). */
  MailingOptOutAt?: string | null;
  /** After e-mail verification the patient may set a password without the old one until then (ISO). */
  passwordSetAllowedUntil?: string | null;
  /** Disabled by a UserManager: no sign-in, every session ended (docs/product.md#user-management). */
  Disabled?: boolean;
  DisabledAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
const roleMemberKey = (role: Role, displayName: string, userId: string) => ({
  pk: `ROLE#${role}`,
  sk: `${displayName.trim().toLowerCase()}#${userId}`,
});
const roleMemberItem = (role: Role, user: Pick<User, 'Id' | 'DisplayName' | 'Email' | 'Disabled'>) => ({
  ...roleMemberKey(role, user.DisplayName, user.Id),
  type: 'RoleMember',
  userId: user.Id,
  DisplayName: user.DisplayName,
  Email: user.Email,
  Disabled: user.Disabled === true,
});
export const USERS_CREATED = 'USERS#CREATED';
export const USERS_BY_NAME = 'USERS#BYNAME';
export const USERS_DISABLED = 'USERS#DISABLED';
const nameIndexKey = (user: Pick<User, 'Id' | 'DisplayName'>) =>
  `${user.DisplayName.trim().toLowerCase()}#${user.Id}`;
/** The back-office index attributes of a user item (see the header). */
const userIndexes = (user: User) => ({
  gsi1pk: USERS_CREATED,
  gsi1sk: `${user.createdAt}#${user.Id}`,
  gsi2pk: USERS_BY_NAME,
  gsi2sk: nameIndexKey(user),
  ...(user.Disabled
    ? { gsi3pk: USERS_DISABLED, gsi3sk: `${user.DisabledAt ?? user.updatedAt}#${user.Id}` }
    : {}),
});
const isPatient = (user: Pick<User, 'roles'>) => user.roles.includes('Patient');

const emailKey = (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'UNIQUE' });
const userNameKey = (userName: string) => ({ pk: `USERNAME#${userName.trim().toLowerCase()}`, sk: 'UNIQUE' });

/** A user's items as createUser stores them (demo history and benchmark seeds write many with BatchWriteItem). */
export const userSeedItems = (user: User): Record<string, unknown>[] => [
  { ...userKey(user.Id), type: 'User', ...user, ...userIndexes(user) },
  { ...emailKey(user.Email), type: 'UniqueGuard', userId: user.Id },
  { ...userNameKey(user.UserName), type: 'UniqueGuard', userId: user.Id },
  ...user.roles.map((role) => roleMemberItem(role, user)),
];

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
  if (user.roles.includes('SystemAdmin')) await ensureSystemAdminCounter();
  // Whichever unique item already exists (a guard, the user, a companion): the user exists.
  const exists = new DomainError('user-exists');
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...userKey(user.Id), type: 'User', ...user, ...userIndexes(user) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    guard(emailKey(user.Email)),
    ...(user.UserName.toLowerCase() === user.Email.toLowerCase() ? [] : [guard(userNameKey(user.UserName))]),
    ...user.roles.map((role) => ({ Put: { TableName: tableName(), Item: roleMemberItem(role, user) } })),
    ...(user.roles.includes('SystemAdmin') && !user.Disabled ? [systemAdminCount(1)] : []),
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
  const {
    pk: _pk,
    sk: _sk,
    type: _type,
    gsi1pk: _g1pk,
    gsi1sk: _g1sk,
    gsi2pk: _g2pk,
    gsi2sk: _g2sk,
    gsi3pk: _g3pk,
    gsi3sk: _g3sk,
    ...rest
  } = item;
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
    | 'MailingOptOutAt'
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
  if (changes.DisplayName !== undefined) {
    names['#nameIndex'] = 'gsi2sk';
    values[':nameIndex'] = nameIndexKey(updated);
    sets.push('#nameIndex = :nameIndex');
  }
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

const SYSTEM_ADMIN_COUNTER = { pk: 'COUNTER#SYSTEMADMINS', sk: 'COUNTER' };
const systemAdminCount = (delta: 1 | -1): TransactItem =>
  delta > 0
    ? {
        Update: {
          TableName: tableName(),
          Key: SYSTEM_ADMIN_COUNTER,
          UpdateExpression: 'ADD n :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      }
    : {
        // The rule itself: never below one enabled SystemAdmin, checked atomically with the change.
        Update: {
          TableName: tableName(),
          Key: SYSTEM_ADMIN_COUNTER,
          UpdateExpression: 'SET n = n - :one',
          ConditionExpression: 'n > :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      };

/**
 * Creates the SystemAdmin counter when it is missing (a table written before it existed) by counting the
 * enabled members of the role once; a concurrent creator wins and its count stands.
 */
export const ensureSystemAdminCounter = async () => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: SYSTEM_ADMIN_COUNTER, ConsistentRead: true }),
  );
  if (Item) return;
  let n = 0;
  for await (const member of queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': 'ROLE#SystemAdmin' },
    ProjectionExpression: 'Disabled',
  })) {
    if (member.Disabled !== true) n += 1;
  }
  await unlessConditionFails(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...SYSTEM_ADMIN_COUNTER, type: 'Counter', n },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};

const versionedUserUpdate = (
  user: User,
  set: string,
  values: Record<string, unknown>,
  remove = '',
  names?: Record<string, string>,
): NamedItem<DomainError> => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: userKey(user.Id),
      UpdateExpression: `SET ${set}, updatedAt = :now${remove ? ` REMOVE ${remove}` : ''}`,
      ConditionExpression: 'updatedAt = :version',
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: { ...values, ':version': user.updatedAt },
    },
  },
  failure: new DomainError('conflict'),
});

const lastSystemAdmin = () => new DomainError('last-system-admin');

/**
 * Replace a user's roles: the membership items follow, and the SystemAdmin counter when an enabled user
 * gains or loses that role (losing it fails with 'last-system-admin' when it is the last one).
 */
export const setUserRoles = async (user: User, roles: readonly Role[], now: Date): Promise<User> => {
  const updated: User = { ...user, roles: [...roles], updatedAt: now.toISOString() };
  const added = roles.filter((role) => !user.roles.includes(role));
  const removed = user.roles.filter((role) => !roles.includes(role));
  const countsAsAdmin = !user.Disabled;
  if (countsAsAdmin && (added.includes('SystemAdmin') || removed.includes('SystemAdmin')))
    await ensureSystemAdminCounter();
  const contended = new DomainError('conflict');
  await transactOrThrow(
    [
      versionedUserUpdate(
        user,
        '#roles = :roles',
        { ':roles': updated.roles, ':now': updated.updatedAt },
        '',
        {
          '#roles': 'roles',
        },
      ),
      ...removed.map((role): NamedItem<DomainError> => ({
        item: { Delete: { TableName: tableName(), Key: roleMemberKey(role, user.DisplayName, user.Id) } },
      })),
      ...added.map((role): NamedItem<DomainError> => ({
        item: { Put: { TableName: tableName(), Item: roleMemberItem(role, updated) } },
      })),
      ...(countsAsAdmin && removed.includes('SystemAdmin')
        ? [{ item: systemAdminCount(-1), failure: lastSystemAdmin() }]
        : []),
      ...(countsAsAdmin && added.includes('SystemAdmin') ? [{ item: systemAdminCount(1) }] : []),
    ],
    { contended },
  );
  return updated;
};

/**
 * Disable or enable a user: the flag on the user and its role memberships, the disabled index, and the
 * SystemAdmin counter when the user holds that role (the last enabled one cannot be disabled).
 */
export const setUserDisabled = async (user: User, disabled: boolean, now: Date): Promise<User> => {
  const at = now.toISOString();
  const updated: User = { ...user, Disabled: disabled, DisabledAt: disabled ? at : null, updatedAt: at };
  const isAdmin = user.roles.includes('SystemAdmin');
  if (isAdmin) await ensureSystemAdminCounter();
  await transactOrThrow(
    [
      disabled
        ? versionedUserUpdate(user, 'Disabled = :true, DisabledAt = :now, gsi3pk = :g3pk, gsi3sk = :g3sk', {
            ':true': true,
            ':now': at,
            ':g3pk': USERS_DISABLED,
            ':g3sk': `${at}#${user.Id}`,
          })
        : versionedUserUpdate(
            user,
            'Disabled = :false, DisabledAt = :null',
            { ':false': false, ':null': null, ':now': at },
            'gsi3pk, gsi3sk',
          ),
      ...user.roles.map((role): NamedItem<DomainError> => ({
        item: { Put: { TableName: tableName(), Item: roleMemberItem(role, updated) } },
      })),
      ...(isAdmin && disabled && !user.Disabled
        ? [{ item: systemAdminCount(-1), failure: lastSystemAdmin() }]
        : []),
      ...(isAdmin && !disabled && user.Disabled ? [{ item: systemAdminCount(1) }] : []),
    ],
    { contended: new DomainError('conflict') },
  );
  return updated;
};

export type UserStatusFilter = 'all' | 'active' | 'disabled';

export interface UserListItem {
  userId: string;
  DisplayName: string;
  Email: string;
  Disabled: boolean;
  roles?: Role[];
}

const statusFilter = (status: UserStatusFilter) =>
  status === 'all'
    ? {}
    : status === 'disabled'
      ? { FilterExpression: 'Disabled = :true', values: { ':true': true } }
      : {
          FilterExpression: 'attribute_not_exists(Disabled) OR Disabled = :false',
          values: { ':false': false },
        };

/**
 * One page of the back-office user list: by role (the role's membership partition) or across roles (the
 * name index), in display-name order, optionally whose display name starts with `namePrefix`, filtered by
 * status in the same Query. Only disabled users across roles read the sparse disabled index instead.
 */
export const listUsersPage = async (
  filter: { role: Role | null; namePrefix: string; status: UserStatusFilter },
  limit: number,
  cursor: Record<string, unknown> | undefined,
) => {
  const prefix = filter.namePrefix.trim().toLowerCase();
  const status = statusFilter(filter.status);
  const filterPart = status.FilterExpression ? { FilterExpression: status.FilterExpression } : {};
  if (filter.role) {
    const page = await queryPage(
      {
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': `ROLE#${filter.role}`,
          ...(prefix ? { ':prefix': prefix } : {}),
          ...status.values,
        },
        ...filterPart,
      },
      { limit, cursor, keyAttributes: ['pk', 'sk'] },
    );
    return {
      users: page.items.map((item): UserListItem => ({
        userId: String(item.userId),
        DisplayName: String(item.DisplayName),
        Email: String(item.Email),
        Disabled: item.Disabled === true,
      })),
      next: page.next,
    };
  }
  const onlyDisabled = filter.status === 'disabled' && !prefix;
  const page = await queryPage(
    onlyDisabled
      ? {
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': USERS_DISABLED },
          ScanIndexForward: false,
        }
      : {
          IndexName: 'gsi2',
          KeyConditionExpression: prefix ? 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)' : 'gsi2pk = :pk',
          ExpressionAttributeValues: {
            ':pk': USERS_BY_NAME,
            ...(prefix ? { ':prefix': prefix } : {}),
            ...status.values,
          },
          ...filterPart,
        },
    {
      limit,
      cursor,
      keyAttributes: onlyDisabled ? ['pk', 'sk', 'gsi3pk', 'gsi3sk'] : ['pk', 'sk', 'gsi2pk', 'gsi2sk'],
    },
  );
  return {
    users: page.items.map((item): UserListItem => {
      const user = toUser(item);
      return {
        userId: user.Id,
        DisplayName: user.DisplayName,
        Email: user.Email,
        Disabled: user.Disabled === true,
        roles: user.roles,
      };
    }),
    next: page.next,
  };
};

// Find a user by exact e-mail address (its guard item), for the back-office search.
export const findUserByEmail = async (email: string): Promise<User | null> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: emailKey(email) }));
  return typeof Item?.userId === 'string' ? getUser(Item.userId) : null;
};

/** The back-office figures: members per role, users created since `since`, disabled users (Query COUNTs). */
export const countUsers = async (roles: readonly Role[], since: Date) => {
  const [perRole, createdSince, disabled] = await Promise.all([
    Promise.all(
      roles.map(async (role) => ({
        role,
        count: await countQuery({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `ROLE#${role}` },
        }),
      })),
    ),
    countQuery({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':pk': USERS_CREATED, ':since': since.toISOString() },
    }),
    countQuery({
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': USERS_DISABLED },
    }),
  ]);
  return { perRole, createdSince, disabled };
};

// The roles of several users (BatchGet on the table key).
export const getUserRoles = async (userIds: readonly string[]): Promise<Map<string, Role[]>> => {
  const roles = new Map<string, Role[]>();
  for (const item of await batchGet(userIds.map(userKey), { attributes: ['Id', 'roles'] }))
    roles.set(String(item.Id), Array.isArray(item.roles) ? (item.roles as Role[]) : []);
  return roles;
};

/** The display name an erased account keeps (docs/product.md#privacy-centre). */
export const ERASED_DISPLAY_NAME = 'Account eliminato';

/**
 * Erasure of a patient's account (docs/product.md#privacy-centre): the user item stays, under its id only
 * (bookings, invoices and the dashboards name it), with every personal field emptied, disabled and marked
 * `ErasedAt`; the e-mail and user-name guards, the role memberships and the patient search entries go, so
 * nobody finds or signs in to it and the address can register again. One transaction, on `updatedAt`.
 */
export const eraseUserItems = async (user: User, at: Date): Promise<User> => {
  const iso = at.toISOString();
  const erased: User = {
    Id: user.Id,
    UserName: '',
    Email: '',
    Name: '',
    DisplayName: ERASED_DISPLAY_NAME,
    MobilePhoneNo: null,
    roles: user.roles,
    passwordHash: null,
    emailVerified: false,
    MailingOptOut: true,
    Disabled: true,
    DisabledAt: iso,
    createdAt: user.createdAt,
    updatedAt: iso,
  };
  const { gsi2pk: _byName, gsi2sk: _nameKey, ...indexes } = userIndexes(erased);
  const changedMeanwhile = new DomainError('conflict');
  await transactOrThrow<DomainError>(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...userKey(user.Id), type: 'User', ...erased, ErasedAt: iso, ...indexes },
            ConditionExpression: 'updatedAt = :version',
            ExpressionAttributeValues: { ':version': user.updatedAt },
          },
        },
        failure: changedMeanwhile,
      },
      ...(user.Email ? [{ item: { Delete: { TableName: tableName(), Key: emailKey(user.Email) } } }] : []),
      ...(user.UserName
        ? [{ item: { Delete: { TableName: tableName(), Key: userNameKey(user.UserName) } } }]
        : []),
      ...user.roles.map((role) => ({
        item: { Delete: { TableName: tableName(), Key: roleMemberKey(role, user.DisplayName, user.Id) } },
      })),
      ...(isPatient(user) ? patientSearchWrites(user, null).map((item) => ({ item })) : []),
    ],
    { contended: changedMeanwhile },
  );
  return erased;
};
