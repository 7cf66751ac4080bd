/**
 * Users. Item `USER#<id>` / `PROFILE` holds the profile, roles and password hash. E-mail and username are
 * unique case-insensitively, enforced by the database: each has a guard item (`EMAIL#<lower>` /
 * `USERNAME#<lower>`, sk `UNIQUE`) written in the same transaction with `attribute_not_exists`.
 * Access patterns:
 * - get a user by id (table key);
 * - find a user by e-mail or username (guard item -> user id -> user).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@nutri/shared';
import { AppError } from '../http/errors';
import { db, tableName } from '../platform/db/client';

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
  createdAt: string;
  updatedAt: string;
}

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
const emailKey = (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'UNIQUE' });
const userNameKey = (userName: string) => ({ pk: `USERNAME#${userName.trim().toLowerCase()}`, sk: 'UNIQUE' });


// Create a user with its unique e-mail and username guards, all or nothing.
export const createUser = async (user: User) => {
  const guard = (key: { pk: string; sk: string }) => ({
    Put: {
      TableName: tableName(),
      Item: { ...key, type: 'UniqueGuard', userId: user.Id },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...userKey(user.Id), type: 'User', ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
          guard(emailKey(user.Email)),
          ...(user.UserName.toLowerCase() === user.Email.toLowerCase() ? [] : [guard(userNameKey(user.UserName))]),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new AppError('conflict', 'Esiste già un utente con questa e-mail o questo nome utente.', { cause: error });
    }
    throw error;
  }
};

const toUser = (item: Record<string, unknown>): User => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as unknown as User;
};

// Get a user by id.
export const getUser = async (userId: string): Promise<User | null> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }));
  return Item ? toUser(Item) : null;
};

// Find a user by e-mail or username, case-insensitively (guard item, then the user).
export const findUserByLogin = async (login: string): Promise<User | null> => {
  for (const key of login.includes('@') ? [emailKey(login), userNameKey(login)] : [userNameKey(login), emailKey(login)]) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    if (typeof Item?.userId === 'string') return getUser(Item.userId);
  }
  return null;
};
