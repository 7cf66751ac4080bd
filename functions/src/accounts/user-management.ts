/** Back-office user lists: users by role, filtered by display name (spec: UserManagement/Users, limit 10). */
import { PAGE_SIZE, ROLES, optionalText } from '@nutri/shared';
import * as z from 'zod';
import { defineOperation } from '../http/operation';
import { pageCursor } from '../platform/db/cursor';
import { listRoleMembers } from './users-repo';

export const listUsersQuerySchema = z.strictObject({
  role: z.enum(ROLES, { error: 'Ruolo non valido.' }),
  displayName: optionalText(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.pickers),
  cursor: z.string().max(2000).optional(),
});

export const listUsers = defineOperation(
  ['UserManager', 'BusinessAdmin', 'SystemAdmin'],
  { query: listUsersQuerySchema },
  async ({ query }) => {
    const cursor = pageCursor('role-members', query.role, query.displayName);
    const page = await listRoleMembers(
      query.role,
      query.displayName,
      query.limit,
      await cursor.decode(query.cursor),
    );
    return {
      Data: page.members.map((member) => ({
        Id: member.userId,
        DisplayName: member.DisplayName,
        Email: member.Email,
      })),
      Count: page.members.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);
