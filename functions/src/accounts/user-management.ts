/**
 * Back-office user lists (UserManagement/Users: users by role, filtered by display name, for pickers) and
 * the UserManager's screens: overview, list, one user's account, roles, status, sessions, audit trail.
 */
import {
  PAGE_SIZE,
  ROLES,
  adminUserDetailsSchema,
  adminUserEmailSchema,
  optionalText,
  userListQuerySchema,
  userRolesSchema,
  type Role,
} from '@nutri/shared';
import * as z from 'zod';
import type { SignedInActor } from '../http/actor';
import { AppError, forbidden, notFound } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { recordAudit, recordChangeAudit, listSubjectAudit, type AuditChange } from '../platform/audit';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { pageCursor } from '../platform/db/cursor';
import { sendMail } from '../platform/mail';
import { listActiveFamilies } from './credentials-repo';
import { sendEmailConfirmation } from './invitations';
import { emailChangedNoticeMail } from './mails';
import { sendPasswordResetMail } from './passwords';
import { endOtherSessions, endSession } from './session-state';
import {
  changeUserEmail,
  countUsers,
  findUserByEmail,
  getDisplayNames,
  getUser,
  getUserRoles,
  listRoleMembers,
  listUsersPage,
  setUserDisabled,
  setUserRoles,
  updateUser,
  type User,
} from './users-repo';

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

// ---- The UserManager's screens (docs/product.md#user-management) ----

const userPath = z.object({ userId: z.string().min(1).max(100) });
const sessionPath = z.object({ userId: z.string().min(1).max(100), familyId: z.string().min(1).max(100) });
const USER_NOT_FOUND = 'Utente non trovato.';
const NEW_USERS_DAYS = 7;

const requireUser = async (userId: string): Promise<User> => {
  const user = await getUser(userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
};

const subject = (actor: SignedInActor, action: string, user: Pick<User, 'Id'>) => ({
  Action: action,
  ActorUserId: actor.userId,
  SubjectType: 'user',
  SubjectId: user.Id,
});

/** Only a SystemAdmin gives or takes the SystemAdmin role, or disables someone who holds it. */
const assertMayTouchSystemAdmin = (actor: SignedInActor) => {
  if (!actor.roles.includes('SystemAdmin'))
    throw forbidden(
      'Solo un amministratore di sistema può cambiare il ruolo o lo stato di un amministratore di sistema.',
    );
};

// GET UserManagement/Overview: users per role, new in the last 7 days, disabled.
export const getUsersOverview = defineOperation(['UserManager'], {}, async () => {
  const since = new Date(now().getTime() - NEW_USERS_DAYS * 24 * 3600 * 1000);
  const counts = await countUsers(ROLES, since);
  return {
    PerRole: counts.perRole.map(({ role, count }) => ({ Role: role, Count: count })),
    NewThisWeek: counts.createdSince,
    Disabled: counts.disabled,
    Since: since.toISOString(),
  };
});

// GET UserManagement/UserList: by role or across roles, name prefix or exact e-mail, status, cursor paging.
export const listUsersForManager = defineOperation(
  ['UserManager'],
  { query: userListQuerySchema },
  async ({ query }) => {
    const role = query.role ?? null;
    const matches = (user: { Disabled?: boolean; roles: readonly Role[] }) =>
      (!role || user.roles.includes(role)) &&
      (query.status === 'all' || (query.status === 'disabled') === (user.Disabled === true));
    if (query.search.includes('@')) {
      const user = await findUserByEmail(query.search);
      const found = user && matches(user) ? [user] : [];
      return {
        Data: found.map((one) => ({
          Id: one.Id,
          DisplayName: one.DisplayName,
          Email: one.Email,
          Disabled: one.Disabled === true,
          Roles: one.roles,
        })),
        NextCursor: null,
      };
    }
    const filter = { role, namePrefix: query.search, status: query.status };
    const cursor = pageCursor('user-list', filter.role, filter.namePrefix.toLowerCase(), filter.status);
    const page = await listUsersPage(filter, query.limit, await cursor.decode(query.cursor));
    // A role's membership items do not carry the other roles: one BatchGet names them for the page.
    const missing = page.users.filter((user) => !user.roles).map((user) => user.userId);
    const rolesOf = missing.length ? await getUserRoles(missing) : new Map<string, Role[]>();
    return {
      Data: page.users.map((user) => ({
        Id: user.userId,
        DisplayName: user.DisplayName,
        Email: user.Email,
        Disabled: user.Disabled,
        Roles: user.roles ?? rolesOf.get(user.userId) ?? [],
      })),
      NextCursor: await cursor.encode(page.next),
    };
  },
);

const toManagedUser = async (user: User) => {
  const at = now();
  const [sessions, audit] = await Promise.all([
    listActiveFamilies(user.Id, at),
    listSubjectAudit('user', user.Id, 100),
  ]);
  const actors = await getDisplayNames([...new Set(audit.map((entry) => entry.ActorUserId))]);
  return {
    Id: user.Id,
    UserName: user.UserName,
    Email: user.Email,
    EmailVerified: user.emailVerified,
    Name: user.Name,
    DisplayName: user.DisplayName,
    MobilePhoneNo: user.MobilePhoneNo,
    MobilePhoneVerified: user.MobilePhoneVerified === true,
    Roles: user.roles,
    Disabled: user.Disabled === true,
    DisabledAt: user.DisabledAt ?? null,
    HasPassword: user.passwordHash !== null,
    CreatedAt: user.createdAt,
    UpdatedAt: user.updatedAt,
    Sessions: sessions.map((session) => ({
      SessionId: session.familyId,
      StartedAt: session.createdAt,
      RememberMe: session.rememberMe,
      ExpiresAt: new Date(session.expiresAt * 1000).toISOString(),
    })),
    Audit: audit.map((entry) => ({
      AuditId: entry.AuditId,
      Action: entry.Action,
      At: entry.At,
      ActorUserId: entry.ActorUserId,
      ActorDisplayName: actors.get(entry.ActorUserId) ?? null,
      Details: entry.Details,
    })),
  };
};

// GET UserManagement/Users/{userId}: the account, its sessions and its audit trail.
export const getManagedUser = defineOperation(['UserManager'], { path: userPath }, async ({ path }) =>
  toManagedUser(await requireUser(path.userId)),
);

// PATCH UserManagement/Users/{userId}: names and phone (a changed phone is unverified again).
export const updateManagedUser = defineOperation(
  ['UserManager'],
  { path: userPath, body: adminUserDetailsSchema },
  async ({ path, body, actor }) => {
    const user = await requireUser(path.userId);
    const at = now();
    const changes: Record<string, AuditChange> = {};
    if (body.Name !== undefined && body.Name !== user.Name) changes.Name = [user.Name, body.Name];
    if (body.DisplayName !== undefined && body.DisplayName !== user.DisplayName)
      changes.DisplayName = [user.DisplayName, body.DisplayName];
    if (body.MobilePhoneNo !== undefined && body.MobilePhoneNo !== user.MobilePhoneNo)
      changes.MobilePhoneNo = [user.MobilePhoneNo, body.MobilePhoneNo];
    if (Object.keys(changes).length === 0) return toManagedUser(user);
    const updated = await updateUser(
      user,
      {
        ...(changes.Name ? { Name: body.Name } : {}),
        ...(changes.DisplayName ? { DisplayName: body.DisplayName } : {}),
        ...(changes.MobilePhoneNo
          ? { MobilePhoneNo: body.MobilePhoneNo ?? null, MobilePhoneVerified: false }
          : {}),
      },
      at,
    );
    await recordChangeAudit(subject(actor, 'user.details.changed', user), changes, at);
    return toManagedUser(updated);
  },
);

// POST UserManagement/Users/{userId}/Email: the new address must be confirmed from a link sent to it.
export const changeManagedUserEmail = defineOperation(
  ['UserManager'],
  { path: userPath, body: adminUserEmailSchema },
  async ({ path, body, actor }) => {
    const user = await requireUser(path.userId);
    const newEmail = body.Email.toLowerCase();
    if (newEmail === user.Email.toLowerCase())
      throw new AppError('validation_failed', 'È già l’indirizzo di questo utente.', {
        errors: { Email: ['È già l’indirizzo di questo utente.'] },
      });
    const at = now();
    const moved = await changeUserEmail(user, newEmail, at);
    const updated = await updateUser(moved, { emailVerified: false }, at);
    await recordChangeAudit(
      subject(actor, 'user.email.changed', user),
      { Email: [user.Email, newEmail] },
      at,
    );
    const supportUrl = `${config().PUBLIC_BASE_URL}/ContactUs`;
    await sendMail({ to: user.Email, ...emailChangedNoticeMail(user.DisplayName, newEmail, supportUrl) });
    await sendEmailConfirmation(updated, at);
    return toManagedUser(updated);
  },
);

// PUT UserManagement/Users/{userId}/Roles: a user who loses a role signs in again (tokens carry roles).
export const setManagedUserRoles = defineOperation(
  ['UserManager'],
  { path: userPath, body: userRolesSchema },
  async ({ path, body, actor }) => {
    const user = await requireUser(path.userId);
    const roles = ROLES.filter((role) => body.Roles.includes(role));
    const removed = user.roles.filter((role) => !roles.includes(role));
    const added = roles.filter((role) => !user.roles.includes(role));
    if (removed.length === 0 && added.length === 0) return toManagedUser(user);
    if (removed.includes('SystemAdmin') || added.includes('SystemAdmin')) assertMayTouchSystemAdmin(actor);
    const at = now();
    const updated = await setUserRoles(user, roles, at);
    await recordChangeAudit(
      subject(actor, 'user.roles.changed', user),
      { Roles: [user.roles.join(', '), roles.join(', ')] },
      at,
    );
    // Access tokens name the roles they were issued with: end the sessions so no token keeps a lost role.
    if (removed.length) await endOtherSessions(user.Id, at);
    return toManagedUser(updated);
  },
);

const setDisabled = (disabled: boolean) =>
  defineOperation(['UserManager'], { path: userPath }, async ({ path, actor }) => {
    const user = await requireUser(path.userId);
    if (disabled && user.Id === actor.userId)
      throw new AppError('conflict', 'Non puoi disabilitare il tuo stesso account.');
    if ((user.Disabled === true) === disabled) return toManagedUser(user);
    if (user.roles.includes('SystemAdmin')) assertMayTouchSystemAdmin(actor);
    const at = now();
    const updated = await setUserDisabled(user, disabled, at);
    // Every session and WebSocket connection ends now; the flag keeps new ones from starting.
    if (disabled) await endOtherSessions(user.Id, at);
    await recordChangeAudit(
      subject(actor, disabled ? 'user.disabled' : 'user.enabled', user),
      { Disabled: [user.Disabled ? 1 : 0, disabled ? 1 : 0] },
      at,
    );
    return toManagedUser(updated);
  });

// POST UserManagement/Users/{userId}/Disable and /Enable.
export const disableManagedUser = setDisabled(true);
export const enableManagedUser = setDisabled(false);

// POST UserManagement/Users/{userId}/PasswordReset: the same single-use link as TryResetPassword.
export const sendManagedUserPasswordReset = defineOperation(
  ['UserManager'],
  { path: userPath },
  async ({ path, actor }) => {
    const user = await requireUser(path.userId);
    const at = now();
    await sendPasswordResetMail(user, at);
    await recordAudit({ ...subject(actor, 'user.password-reset.sent', user), Details: {} }, at);
    return noContent();
  },
);

// DELETE UserManagement/Users/{userId}/Sessions/{familyId}: ends one session and its connections.
export const revokeManagedUserSession = defineOperation(
  ['UserManager'],
  { path: sessionPath },
  async ({ path, actor }) => {
    const user = await requireUser(path.userId);
    const at = now();
    const session = (await listActiveFamilies(user.Id, at)).find((one) => one.familyId === path.familyId);
    if (!session) throw notFound('Sessione non trovata o già terminata.');
    await endSession({ familyId: session.familyId, userId: user.Id }, at);
    await recordAudit(
      { ...subject(actor, 'user.session.revoked', user), Details: { SessionId: session.familyId } },
      at,
    );
    return noContent();
  },
);
