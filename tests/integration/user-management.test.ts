/**
 * User management on the running local stack (docs/product.md#user-management): who may call each route,
 * what bad input answers, the list's filters, every change audited with before and after, disabling that
 * ends the user's sessions and WebSocket connections at once, and the last enabled SystemAdmin, whom no
 * request (nor two at once) can demote.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { api, createTestUser, login, waitForMail } from './support/api';
import { RealtimeClient } from '../support/realtime-client';
import { ticketFor, wsUrl } from './support/realtime';

interface ManagedUser {
  Id: string;
  Email: string;
  EmailVerified: boolean;
  DisplayName: string;
  MobilePhoneNo: string | null;
  Roles: string[];
  Disabled: boolean;
  Sessions: { SessionId: string }[];
  Audit: { Action: string; ActorUserId: string; Details: Record<string, unknown> }[];
}
interface ListRow {
  Id: string;
  DisplayName: string;
  Disabled: boolean;
  Roles: string[];
}
interface Page {
  Data: ListRow[];
  NextCursor: string | null;
}

const openClients: RealtimeClient[] = [];
afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

/** A user holding only UserManager, signed in. */
const userManager = async () => {
  const user = await createTestUser(['UserManager']);
  return { ...user, token: (await login(user.email, user.password)).accessToken };
};

const USER_ROUTES = (userId: string) =>
  [
    ['GET', 'UserManagement/Overview', undefined],
    ['GET', 'UserManagement/UserList', undefined],
    ['GET', `UserManagement/Users/${userId}`, undefined],
    ['PATCH', `UserManagement/Users/${userId}`, { DisplayName: 'Nome Nuovo' }],
    ['POST', `UserManagement/Users/${userId}/Email`, { Email: 'nuovo@nutri.test' }],
    ['PUT', `UserManagement/Users/${userId}/Roles`, { Roles: ['Patient'] }],
    ['POST', `UserManagement/Users/${userId}/Disable`, undefined],
    ['POST', `UserManagement/Users/${userId}/Enable`, undefined],
    ['POST', `UserManagement/Users/${userId}/PasswordReset`, undefined],
    ['DELETE', `UserManagement/Users/${userId}/Sessions/abc`, undefined],
  ] as const;

describe('user management: access and input', () => {
  it('refuses anonymous callers (401) and every role but UserManager (403)', async () => {
    const target = await createTestUser();
    const others = await Promise.all(
      (['Patient', 'Nutritionist', 'BusinessAdmin', 'SystemAdmin'] as const).map(async (role) => {
        const user = await createTestUser([role]);
        return { role, token: (await login(user.email, user.password)).accessToken };
      }),
    );
    for (const [method, path, body] of USER_ROUTES(target.id)) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const other of others)
        expect((await api(method, path, { token: other.token, body })).status, `${other.role} ${path}`).toBe(
          403,
        );
    }
  });

  it('answers bad input with 400 and Italian messages', async () => {
    const manager = await userManager();
    const target = await createTestUser();
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', 'UserManagement/UserList?status=tutti', undefined, /Stato non valido/],
      ['GET', 'UserManagement/UserList?role=Cuoco', undefined, /Ruolo non valido/],
      ['GET', 'UserManagement/UserList?cursor=falso', undefined, /cursore/],
      ['PATCH', `UserManagement/Users/${target.id}`, { MobilePhoneNo: '123' }, /cifre/],
      ['PATCH', `UserManagement/Users/${target.id}`, { DisplayName: '' }, /obbligatorio/],
      ['POST', `UserManagement/Users/${target.id}/Email`, { Email: 'non-una-mail' }, /e-mail non valido/],
      ['PUT', `UserManagement/Users/${target.id}/Roles`, { Roles: ['Cuoco'] }, /Ruolo non valido/],
      ['PUT', `UserManagement/Users/${target.id}/Roles`, { Roles: ['Patient', 'Patient'] }, /una sola volta/],
    ];
    for (const [method, path, body, message] of cases) {
      const result = await api(method, path, { token: manager.token, body });
      expect(result.status, `${method} ${path}`).toBe(400);
      expect(JSON.stringify(result.body), path).toMatch(message);
    }
    expect((await api('GET', 'UserManagement/Users/nessuno', { token: manager.token })).status).toBe(404);
  });
});

describe('user management: list and overview', () => {
  it('filters by name, e-mail, role and status, pages with a cursor, and counts users', async () => {
    const manager = await userManager();
    const tag = `Zeta${Date.now().toString(36)}`;
    const patient = await createTestUser(['Patient']);
    const nutritionist = await createTestUser(['Nutritionist']);
    const third = await createTestUser(['Patient']);
    for (const [user, name] of [
      [patient, `${tag} Anna`],
      [nutritionist, `${tag} Bruno`],
      [third, `${tag} Carla`],
    ] as const) {
      const renamed = await api('PATCH', `UserManagement/Users/${user.id}`, {
        token: manager.token,
        body: { DisplayName: name },
      });
      expect(renamed.status).toBe(200);
    }
    const list = async (query: string) => {
      const result = await api<Page>('GET', `UserManagement/UserList?${query}`, { token: manager.token });
      expect(result.status, query).toBe(200);
      return result.body;
    };
    const names = (page: Page) => page.Data.map((row) => row.DisplayName);
    expect(names(await list(`search=${tag}`))).toEqual([`${tag} Anna`, `${tag} Bruno`, `${tag} Carla`]);
    expect(names(await list(`search=${tag}&role=Nutritionist`))).toEqual([`${tag} Bruno`]);
    expect((await list(`search=${tag}&role=Patient`)).Data.map((row) => row.Roles)).toEqual([
      ['Patient'],
      ['Patient'],
    ]);
    expect((await list(`search=${encodeURIComponent(third.email)}`)).Data.map((row) => row.Id)).toEqual([
      third.id,
    ]);

    const before = (
      await api<{ Disabled: number; NewThisWeek: number; PerRole: { Role: string; Count: number }[] }>(
        'GET',
        'UserManagement/Overview',
        { token: manager.token },
      )
    ).body;
    expect(
      (await api('POST', `UserManagement/Users/${third.id}/Disable`, { token: manager.token })).status,
    ).toBe(200);
    expect(names(await list(`search=${tag}&status=disabled`))).toEqual([`${tag} Carla`]);
    expect(names(await list(`search=${tag}&status=active`))).toEqual([`${tag} Anna`, `${tag} Bruno`]);
    expect(names(await list(`search=${tag}&role=Patient&status=active`))).toEqual([`${tag} Anna`]);
    expect((await list('status=disabled&limit=100')).Data.map((row) => row.Id)).toContain(third.id);

    const first = await list(`search=${tag}&limit=2`);
    expect(names(first)).toEqual([`${tag} Anna`, `${tag} Bruno`]);
    expect(first.NextCursor).not.toBeNull();
    const second = await list(`search=${tag}&limit=2&cursor=${encodeURIComponent(first.NextCursor!)}`);
    expect(names(second)).toEqual([`${tag} Carla`]);
    // A cursor is bound to its filters.
    expect(
      (
        await api(
          'GET',
          `UserManagement/UserList?search=altro&limit=2&cursor=${encodeURIComponent(first.NextCursor!)}`,
          {
            token: manager.token,
          },
        )
      ).status,
    ).toBe(400);

    const after = (
      await api<{ Disabled: number; NewThisWeek: number; PerRole: { Role: string; Count: number }[] }>(
        'GET',
        'UserManagement/Overview',
        { token: manager.token },
      )
    ).body;
    expect(after.Disabled).toBe(before.Disabled + 1);
    expect(after.NewThisWeek).toBeGreaterThanOrEqual(3);
    expect(after.PerRole.find((row) => row.Role === 'Nutritionist')!.Count).toBeGreaterThanOrEqual(1);
  });
});

describe('user management: changes', () => {
  it('changes details, e-mail (re-verified), roles and sends a reset mail, each audited with before and after', async () => {
    const manager = await userManager();
    const target = await createTestUser(['Patient']);
    const path = `UserManagement/Users/${target.id}`;
    const details = await api<ManagedUser>('PATCH', path, {
      token: manager.token,
      body: { DisplayName: 'Giada Neri', MobilePhoneNo: '+393331112223' },
    });
    expect(details.body).toMatchObject({ DisplayName: 'Giada Neri', MobilePhoneNo: '+393331112223' });

    const newEmail = `nuovo-${target.id.slice(0, 8)}@nutri.test`;
    const moved = await api<ManagedUser>('POST', `${path}/Email`, {
      token: manager.token,
      body: { Email: newEmail },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ Email: newEmail, EmailVerified: false });
    const confirmation = await waitForMail(newEmail, (mail) => mail.subject.includes('Conferma'));
    const token = decodeURIComponent(/ConfermaEmail#([^"\s<]+)/.exec(confirmation.body.html ?? '')![1]!);
    expect((await api('POST', 'UserAccount/ConfirmEmail', { body: { Token: token } })).status).toBe(204);
    expect((await api('POST', 'UserAccount/ConfirmEmail', { body: { Token: token } })).status).toBe(400);
    expect((await api<ManagedUser>('GET', path, { token: manager.token })).body.EmailVerified).toBe(true);
    // The old address no longer signs in; the new one does.
    await expect(login(target.email, target.password)).rejects.toThrow(/401/);
    const session = await login(newEmail, target.password);

    const roles = await api<ManagedUser>('PUT', `${path}/Roles`, {
      token: manager.token,
      body: { Roles: ['Nutritionist'] },
    });
    expect(roles.body.Roles).toEqual(['Nutritionist']);
    // A lost role must not live on in a token: the user's sessions ended.
    expect((await api('GET', 'UserDetails', { token: session.accessToken })).status).toBe(401);

    expect((await api('POST', `${path}/PasswordReset`, { token: manager.token })).status).toBe(204);
    await waitForMail(newEmail, (mail) => mail.subject.includes('Reimposta'));

    const audit = (await api<ManagedUser>('GET', path, { token: manager.token })).body.Audit;
    expect(audit.map((entry) => entry.Action)).toEqual([
      'user.password-reset.sent',
      'user.roles.changed',
      'user.email.changed',
      'user.details.changed',
    ]);
    expect(audit.every((entry) => entry.ActorUserId === manager.id)).toBe(true);
    expect(audit[1]!.Details).toMatchObject({ 'Roles.before': 'Patient', 'Roles.after': 'Nutritionist' });
    expect(audit[2]!.Details).toMatchObject({ 'Email.before': target.email, 'Email.after': newEmail });
    expect(audit[3]!.Details).toMatchObject({
      'DisplayName.after': 'Giada Neri',
      'MobilePhoneNo.before': null,
      'MobilePhoneNo.after': '+393331112223',
    });
  });

  it('lists the user’s sessions and revokes one, leaving the others', async () => {
    const manager = await userManager();
    const target = await createTestUser();
    const first = await login(target.email, target.password);
    const second = await login(target.email, target.password);
    const path = `UserManagement/Users/${target.id}`;
    const sessions = (await api<ManagedUser>('GET', path, { token: manager.token })).body.Sessions;
    expect(sessions).toHaveLength(2);
    const [, payload] = first.accessToken.split('.');
    const { fam } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { fam: string };
    expect((await api('DELETE', `${path}/Sessions/${fam}`, { token: manager.token })).status).toBe(204);
    expect((await api('GET', 'UserDetails', { token: first.accessToken })).status).toBe(401);
    expect((await api('GET', 'UserDetails', { token: second.accessToken })).status).toBe(200);
    expect((await api('DELETE', `${path}/Sessions/${fam}`, { token: manager.token })).status).toBe(404);
    const after = (await api<ManagedUser>('GET', path, { token: manager.token })).body;
    expect(after.Sessions.map((one) => one.SessionId)).not.toContain(fam);
    expect(after.Audit[0]).toMatchObject({ Action: 'user.session.revoked', Details: { SessionId: fam } });
  });
});

describe('disabling a user', () => {
  it('stops the access token and the WebSocket within a second, refuses sign-in, and enabling restores it', async () => {
    const manager = await userManager();
    const target = await createTestUser(['Patient']);
    const session = await login(target.email, target.password);
    const socket = await RealtimeClient.connect(wsUrl(await ticketFor(session.accessToken)));
    openClients.push(socket);
    expect((await api('GET', 'UserDetails', { token: session.accessToken })).status).toBe(200);

    const started = Date.now();
    const disabled = await api<ManagedUser>('POST', `UserManagement/Users/${target.id}/Disable`, {
      token: manager.token,
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.Disabled).toBe(true);
    expect((await api('GET', 'UserDetails', { token: session.accessToken })).status).toBe(401);
    const closed = await Promise.race([
      (async () => {
        for (;;) if ((await socket.next()).kind === 'closed') return true;
      })(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000 - (Date.now() - started))),
    ]);
    expect(closed).toBe(true);
    expect(
      (await api('POST', 'Account/refresh', { body: { refreshToken: session.refreshToken } })).status,
    ).toBe(401);
    const refused = await api('POST', 'Account/Login', {
      body: { email: target.email, password: target.password },
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toMatch(/disabilitato/);
    expect(
      (await api<ManagedUser>('GET', `UserManagement/Users/${target.id}`, { token: manager.token })).body
        .Sessions,
    ).toEqual([]);

    expect(
      (await api('POST', `UserManagement/Users/${target.id}/Enable`, { token: manager.token })).status,
    ).toBe(200);
    await login(target.email, target.password);
    const audit = (
      await api<ManagedUser>('GET', `UserManagement/Users/${target.id}`, { token: manager.token })
    ).body.Audit;
    expect(audit.slice(0, 2).map((entry) => [entry.Action, entry.Details['Disabled.after']])).toEqual([
      ['user.enabled', 0],
      ['user.disabled', 1],
    ]);
  });

  it('refuses to disable oneself, and a UserManager without SystemAdmin cannot touch a SystemAdmin', async () => {
    const manager = await userManager();
    const admin = await createTestUser(['SystemAdmin']);
    expect(
      (await api('POST', `UserManagement/Users/${manager.id}/Disable`, { token: manager.token })).status,
    ).toBe(409);
    const disable = await api('POST', `UserManagement/Users/${admin.id}/Disable`, { token: manager.token });
    expect(disable.status).toBe(403);
    expect(JSON.stringify(disable.body)).toMatch(/amministratore di sistema/);
    const promote = await api('PUT', `UserManagement/Users/${manager.id}/Roles`, {
      token: manager.token,
      body: { Roles: ['UserManager', 'SystemAdmin'] },
    });
    expect(promote.status).toBe(403);
  });
});

describe('the last SystemAdmin', () => {
  it('can never lose the role, not even to two requests at once', async () => {
    const first = await createTestUser(['SystemAdmin', 'UserManager']);
    const second = await createTestUser(['SystemAdmin', 'UserManager']);
    const firstToken = (await login(first.email, first.password)).accessToken;
    const secondToken = (await login(second.email, second.password)).accessToken;
    // Leave exactly these two enabled SystemAdmins: every other one loses the role for this test.
    const others = (
      await api<Page>('GET', 'UserManagement/UserList?role=SystemAdmin&status=active&limit=100', {
        token: firstToken,
      })
    ).body.Data.filter((row) => row.Id !== first.id && row.Id !== second.id);
    const setRoles = (token: string, userId: string, roles: string[]) =>
      api('PUT', `UserManagement/Users/${userId}/Roles`, { token, body: { Roles: roles } });
    for (const other of others)
      expect(
        (
          await setRoles(
            firstToken,
            other.Id,
            other.Roles.filter((role) => role !== 'SystemAdmin'),
          )
        ).status,
      ).toBe(200);
    try {
      // Each demotes the other at the same moment: only one can win.
      const results = await Promise.all([
        setRoles(firstToken, second.id, ['UserManager']),
        setRoles(secondToken, first.id, ['UserManager']),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const survivor =
        results[0].status === 200 ? { user: first, token: firstToken } : { user: second, token: secondToken };
      const self = await setRoles(survivor.token, survivor.user.id, ['UserManager']);
      expect(self.status).toBe(409);
      expect(JSON.stringify(self.body)).toMatch(/ultimo amministratore di sistema/);
      // One enabled SystemAdmin is left.
      const active = await api<Page>('GET', 'UserManagement/UserList?role=SystemAdmin&status=active', {
        token: survivor.token,
      });
      expect(active.body.Data.map((row) => row.Id)).toEqual([survivor.user.id]);
    } finally {
      const restorer =
        (
          await api<Page>('GET', 'UserManagement/UserList?role=SystemAdmin&status=active', {
            token: firstToken,
          })
        ).status === 200
          ? firstToken
          : secondToken;
      for (const other of others) expect((await setRoles(restorer, other.Id, other.Roles)).status).toBe(200);
    }
  });
});
