/**
 * The user side of a nutritionist: display name and roles, read from the user item (`USER#<id>` /
 * `PROFILE`, written only by users-repo.ts), so a renamed user shows the new name everywhere.
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@nutri/shared';
import { userKey } from './users-repo';
import { db, tableName } from '../platform/db/client';

export interface UserName {
  Id: string;
  DisplayName: string;
  roles: Role[];
}

export const isNutritionist = (user: Pick<UserName, 'roles'> | null | undefined) =>
  user?.roles.includes('Nutritionist') ?? false;

// Get the display name and roles of several users (BatchGet on the user key, projected: no hash, no e-mail).
export const getUserNames = async (userIds: readonly string[]): Promise<Map<string, UserName>> => {
  const found = new Map<string, UserName>();
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map(userKey);
    // BatchGet may leave keys unprocessed under load: ask again for those until none is left.
    while (keys?.length) {
      const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: keys,
              ProjectionExpression: '#id, #name, #roles',
              ExpressionAttributeNames: { '#id': 'Id', '#name': 'DisplayName', '#roles': 'roles' },
            },
          },
        }),
      );
      for (const item of Responses?.[tableName()] ?? []) {
        found.set(String(item.Id), {
          Id: String(item.Id),
          DisplayName: String(item.DisplayName ?? ''),
          roles: Array.isArray(item.roles) ? (item.roles as Role[]) : [],
        });
      }
      keys = UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
};
