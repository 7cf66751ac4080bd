/**
 * `/SystemSettings/Audit` (docs/product.md#audit-trail): the SystemAdmin searches the audit trail by user
 * (e-mail or id), by target (type and id) and by period, newest first, page by page. Read-only: the
 * product has no way to change or delete an audit entry.
 */
import { AUDIT_PAGE_SIZE, auditSearchQuerySchema, auditTexts, type AuditSearchResponse } from '@nutri/shared';
import { findUserByLogin, getDisplayNames, getUser } from '../accounts';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { searchAudit } from '../platform/audit';

/** The user a search names by e-mail (or user name) or by id. */
const userIdOf = async (user: string) => {
  const found = (await findUserByLogin(user)) ?? (await getUser(user));
  if (!found)
    throw new AppError('validation_failed', auditTexts.userNotFound, {
      errors: { user: [auditTexts.userNotFound] },
    });
  return found.Id;
};

export const searchAuditTrail = defineOperation(
  ['SystemAdmin'],
  { query: auditSearchQuerySchema },
  async ({ query }): Promise<AuditSearchResponse> => {
    const actorUserId = query.user ? await userIdOf(query.user) : undefined;
    const { entries, next } = await searchAudit({
      ...(actorUserId ? { actorUserId } : {}),
      ...(query.subjectType && query.subjectId
        ? { subject: { type: query.subjectType, id: query.subjectId } }
        : {}),
      fromDay: query.from,
      toDay: query.to,
      limit: AUDIT_PAGE_SIZE,
      ...(query.before ? { before: query.before } : {}),
    });
    const names = await getDisplayNames([...new Set(entries.map((entry) => entry.ActorUserId))]);
    return {
      Data: entries.map((entry) => ({
        AuditId: entry.AuditId,
        At: entry.At,
        Action: entry.Action,
        Actor: { UserId: entry.ActorUserId, DisplayName: names.get(entry.ActorUserId) ?? '' },
        SubjectType: entry.SubjectType,
        SubjectId: entry.SubjectId,
        Details: entry.Details,
      })),
      NextCursor: next,
    };
  },
);
