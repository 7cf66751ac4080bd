/**
 * Identity and accounts on the running local stack (DynamoDB Local, local SES, local gateway): every
 * endpoint with valid and invalid input, and the security properties of docs/product.md#accounts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, importJWK, type JWK } from 'jose';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { validationTexts, type TokenResponse, type UserProfile } from '@nutri/shared';
import { api, apiFrom, createTestUser, login, mailsTo, stack, waitForMail } from './support/api';
import { waitForEffects } from './support/outbox';

const unauthorizedRoute = 'UserDetails';
/** Client addresses (all loopback): the stack sees each as another client IP. */
const ATTACKER = '127.0.0.2';
const SECOND_ATTACKER = '127.0.0.3';
const OWNER = '127.0.0.4';

describe('Account/Login', () => {
  it('signs in by e-mail or username, case-insensitively', async () => {
    const user = await createTestUser();
    const byEmail = await login(user.email.toUpperCase(), user.password);
    expect(byEmail.expires_in).toBe(900);
    expect(byEmail.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byUserName = await login(user.userName, user.password);
    const me = await api<UserProfile>('GET', 'UserDetails', { token: byUserName.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.AspNetUser.Email).toBe(user.email);
  });

  it('answers a wrong password and an unknown account identically with 401', async () => {
    const user = await createTestUser();
    const wrong = await api('POST', 'Account/Login', {
      body: { email: user.email, password: 'sbagliata-123' },
    });
    const unknown = await api('POST', 'Account/Login', {
      body: { email: 'nessuno@nutri.test', password: 'sbagliata-123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unauthorized', message: 'Nome utente o password non valido!' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses invalid input with Italian field errors', async () => {
    const result = await api('POST', 'Account/Login', { body: { email: '', password: 'x', admin: true } });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      code: 'validation_failed',
      Errors: { email: ['Campo obbligatorio'], admin: ['Campo non previsto: admin'] },
    });
    const notJson = await api('POST', 'Account/Login', {
      raw: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ code: 'invalid_json' });
  });

  it('slows the guessing client after 5 failures, even with the right password, and lets the owner in from another client', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const wrong = (from: string, attempt: number) =>
      apiFrom(from, 'POST', 'Account/Login', {
        body: { email: user.email, password: `sbagliata-${attempt}` },
      });
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await wrong(ATTACKER, attempt)).status).toBe(401);
    const slowed = await apiFrom(ATTACKER, 'POST', 'Account/Login', {
      body: { email: user.email, password: user.password },
    });
    expect(slowed.status).toBe(429);
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect(slowed.body).toEqual({
      code: 'too_many_requests',
      message: `Troppi tentativi di accesso. Riprova tra ${retryAfter} ${retryAfter === 1 ? 'secondo' : 'secondi'}.`,
    });
    // A second guessing client: 10 failures on the account in all.
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await wrong(SECOND_ATTACKER, attempt)).status).toBe(401);
    // The owner, from their own client, is not slowed at all; nor is another account from the attacker's.
    expect(
      (
        await apiFrom(OWNER, 'POST', 'Account/Login', {
          body: { email: user.email, password: user.password },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await apiFrom(ATTACKER, 'POST', 'Account/Login', {
          body: { email: other.email, password: other.password },
        })
      ).status,
    ).toBe(200);
  });

  it('mails the owner once when their account is under attack, however many attempts follow', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const noticesTo = async (email: string) =>
      (await mailsTo(email)).filter((mail) => mail.subject === 'Tentativi di accesso al tuo account Nutrì');
    const clients = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14'];
    for (const [index, client] of clients.entries()) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const result = await apiFrom(client, 'POST', 'Account/Login', {
          body: { email: user.email, password: `sbagliata-${attempt}` },
        });
        expect(result.status).toBe(401);
      }
      // The 10th failure (second client) puts the notice in the outbox, delivered from the stream once it
      // answered; later ones send nothing.
      await waitForEffects(user.id);
      expect(await noticesTo(user.email)).toHaveLength(index === 0 ? 0 : 1);
    }
    const [notice] = await noticesTo(user.email);
    expect(notice!.body.text).toContain('10 tentativi');
    expect(notice!.body.text).toContain(`${stack.baseUrl}/RecoverPassword`);
    expect(await noticesTo(other.email)).toHaveLength(0);
  });

  it('throttles unknown accounts the same way', async () => {
    const ghost = `fantasma-${Date.now()}@nutri.test`;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await apiFrom(ATTACKER, 'POST', 'Account/Login', { body: { email: ghost, password: 'x-12345678' } }))
          .status,
      ).toBe(401);
    }
    expect(
      (await apiFrom(ATTACKER, 'POST', 'Account/Login', { body: { email: ghost, password: 'x-12345678' } }))
        .status,
    ).toBe(429);
  });

  it('doubles the wait with each further failure of the client, up to 15 minutes', async () => {
    const { CLIENT_LOGIN_RULE } = await import('../../functions/src/accounts/login-throttle');
    const { backoffSeconds, recordFailure } = await import('../../functions/src/platform/throttle');
    const subject = `backoff-${randomUUID()}`;
    const start = Date.now();
    const at = (seconds: number) => new Date(start + seconds * 1000);
    for (let i = 0; i < 4; i += 1) await recordFailure(CLIENT_LOGIN_RULE, subject, at(0));
    expect(await backoffSeconds(CLIENT_LOGIN_RULE, subject, at(0))).toBe(0);
    let t = 0;
    const waits: number[] = [];
    for (let failure = 5; failure <= 12; failure += 1) {
      await recordFailure(CLIENT_LOGIN_RULE, subject, at(t));
      const wait = await backoffSeconds(CLIENT_LOGIN_RULE, subject, at(t));
      waits.push(wait);
      t += wait;
      // Once the wait is over, the client may try again.
      expect(await backoffSeconds(CLIENT_LOGIN_RULE, subject, at(t))).toBe(0);
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('blocks an IP after 100 failures in the window (the per-IP counter)', async () => {
    const { IP_LOGIN_RULE } = await import('../../functions/src/accounts/login-throttle');
    const { blockedForSeconds, recordFailure } = await import('../../functions/src/platform/throttle');
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}-${Date.now()}`;
    const now = new Date();
    for (let i = 0; i < 99; i += 1) await recordFailure(IP_LOGIN_RULE, ip, now);
    expect(await blockedForSeconds(IP_LOGIN_RULE, ip, now)).toBe(0);
    await recordFailure(IP_LOGIN_RULE, ip, now);
    expect(await blockedForSeconds(IP_LOGIN_RULE, ip, now)).toBeGreaterThan(0);
    // The window closes after 15 minutes.
    expect(await blockedForSeconds(IP_LOGIN_RULE, ip, new Date(now.getTime() + 15 * 60_000 + 1000))).toBe(0);
  });

  it('counts exactly under concurrency: 30 failures at once are 30; of 30 requests at once, an allowance of 5 admits 5', async () => {
    const { blockedForSeconds, recordFailure, takeAllowance } =
      await import('../../functions/src/platform/throttle');
    const now = new Date();
    const failures = { scope: `TEST-FAILURES-${randomUUID()}`, limit: 30, windowSeconds: 600 };
    await Promise.all(Array.from({ length: 29 }, () => recordFailure(failures, 'subject', now)));
    expect(await blockedForSeconds(failures, 'subject', now)).toBe(0);
    await recordFailure(failures, 'subject', now);
    expect(await blockedForSeconds(failures, 'subject', now)).toBeGreaterThan(0);

    const allowance = { scope: `TEST-ALLOWANCE-${randomUUID()}`, limit: 5, windowSeconds: 600 };
    const waits = await Promise.all(
      Array.from({ length: 30 }, () => takeAllowance(allowance, 'subject', now)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(Math.min(...waits.filter((wait) => wait > 0))).toBeGreaterThan(590);
    // A new window once this one has closed.
    expect(await takeAllowance(allowance, 'subject', new Date(now.getTime() + 601_000))).toBe(0);
  });
});

describe('access tokens on signed-in routes', () => {
  const keys = () =>
    JSON.parse(readFileSync(join(stack.dataDir, 'keys', 'jwt.json'), 'utf8')) as {
      kid: string;
      privateJwk: JWK;
    };
  const adminId = '5d0c1a38-2f5e-4f0b-9a55-000000000003';
  // A real session of the admin: every request checks that the token's session is still on.
  const session = (async () => {
    const { startRefreshFamily } = await import('../../functions/src/accounts/credentials-repo');
    return (await startRefreshFamily(adminId, false, new Date())).family.familyId;
  })();
  const sign = async (options: {
    alg?: string;
    expiresIn?: string;
    exp?: number;
    key?: Parameters<SignJWT['sign']>[0];
  }) => {
    const { privateJwk, kid } = keys();
    const jwt = new SignJWT({ roles: ['SystemAdmin'], fam: await session })
      .setProtectedHeader({ alg: options.alg ?? 'EdDSA', typ: 'at+jwt', kid })
      .setSubject(adminId)
      .setIssuer('https://nutri.local')
      .setAudience('nutri-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600);
    if (options.exp !== undefined) jwt.setExpirationTime(options.exp);
    else jwt.setExpirationTime(options.expiresIn ?? '5m');
    return jwt.sign(options.key ?? (await importJWK(privateJwk, 'EdDSA')));
  };

  it('accepts a well-formed token signed with the stack key (control case)', async () => {
    expect((await api('GET', unauthorizedRoute, { token: await sign({}) })).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const token = await sign({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect((await api('GET', unauthorizedRoute, { token })).status).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = (await sign({})).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: '5d0c1a38-2f5e-4f0b-9a55-000000000001' }),
    ).toString('base64url');
    expect((await api('GET', unauthorizedRoute, { token: `${header}.${forged}.${signature}` })).status).toBe(
      401,
    );
  });

  it('refuses a token with another algorithm (HS256 keyed with the public key, and none)', async () => {
    const { publicJwk } = JSON.parse(readFileSync(join(stack.dataDir, 'keys', 'jwt.json'), 'utf8')) as {
      publicJwk: { x: string };
    };
    const hs256 = await sign({ alg: 'HS256', key: new TextEncoder().encode(publicJwk.x) });
    expect((await api('GET', unauthorizedRoute, { token: hs256 })).status).toBe(401);
    const [, payload] = (await sign({})).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    expect((await api('GET', unauthorizedRoute, { token: none })).status).toBe(401);
  });

  it('refuses a missing token with 401 and a Patient on a back-office route with 403', async () => {
    expect((await api('GET', 'UserManagement/Users?role=Patient')).status).toBe(401);
    const patient = await login('paziente@nutri.local', 'Paziente123!');
    const refused = await api('GET', 'UserManagement/Users?role=Patient', { token: patient.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
  });
});

describe('Account/refresh and Account/Logout', () => {
  it('rotates the refresh token on every use', async () => {
    const user = await createTestUser();
    const first = await login(user.email, user.password, true);
    const second = await api<TokenResponse>('POST', 'Account/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect((await api('GET', 'UserDetails', { token: second.body.accessToken })).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const user = await createTestUser();
    const first = await login(user.email, user.password);
    const second = await api<TokenResponse>('POST', 'Account/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(second.status).toBe(200);
    const replay = await api('POST', 'Account/refresh', { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    // The legitimate successor is now dead too.
    const successor = await api('POST', 'Account/refresh', {
      body: { refreshToken: second.body.refreshToken },
    });
    expect(successor.status).toBe(401);
    // Another session of the same user is untouched.
    const other = await login(user.email, user.password);
    expect(
      (await api('POST', 'Account/refresh', { body: { refreshToken: other.refreshToken } })).status,
    ).toBe(200);
  });

  it('refuses unknown and malformed refresh tokens', async () => {
    expect((await api('POST', 'Account/refresh', { body: { refreshToken: 'a'.repeat(43) } })).status).toBe(
      401,
    );
    expect((await api('POST', 'Account/refresh', { body: {} })).status).toBe(400);
  });

  it('ends the session on Logout', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    expect(
      (await api('POST', 'Account/Logout', { body: { refreshToken: session.refreshToken } })).status,
    ).toBe(204);
    expect(
      (await api('POST', 'Account/refresh', { body: { refreshToken: session.refreshToken } })).status,
    ).toBe(401);
  });
});

describe('instant login', () => {
  it('exchanges a single-use token for a session, once', async () => {
    const user = await createTestUser();
    const { issueOneTimeToken } = await import('../../functions/src/accounts/credentials-repo');
    const token = await issueOneTimeToken('instant-login', user.id, 900, new Date());
    const path = `RefreshToken/${token}/RefreshTokenFromInstantLoginToken`;
    const first = await api<TokenResponse>('POST', path);
    expect(first.status).toBe(200);
    expect((await api<UserProfile>('GET', 'UserDetails', { token: first.body.accessToken })).body.Id).toBe(
      user.id,
    );
    expect((await api('POST', path)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createTestUser();
    const { issueOneTimeToken } = await import('../../functions/src/accounts/credentials-repo');
    const token = await issueOneTimeToken('instant-login', user.id, 900, new Date(Date.now() - 3600_000));
    expect((await api('POST', `RefreshToken/${token}/RefreshTokenFromInstantLoginToken`)).status).toBe(401);
  });
});

describe('password reset', () => {
  const resetLink = async (email: string) => {
    const mail = await waitForMail(email, (m) => m.subject.includes('Reimposta'));
    const match = mail.body.html?.match(/href="([^"]+ResetPassword[^"]+)"/);
    expect(match?.[1]).toBeDefined();
    const url = new URL(match![1]!.replace(/&amp;/g, '&'));
    return { username: url.searchParams.get('Username')!, token: url.searchParams.get('Token')!, url, mail };
  };

  it('mails a link that resets the password once, ends other sessions, and cannot be reused', async () => {
    const user = await createTestUser();
    const oldSession = await login(user.email, user.password, true);
    expect((await api('POST', 'UserAccount/TryResetPassword', { body: { Email: user.email } })).status).toBe(
      204,
    );
    const { username, token, url, mail } = await resetLink(user.email);
    expect(url.origin).toBe(stack.baseUrl);
    expect(url.pathname).toBe('/ResetPassword');
    expect(mail.body.text).toContain('/ResetPassword?Username=');

    const newPassword = 'Zucchine-Gialle-77';
    expect(
      (await api('POST', 'UserAccount/ResetPassword', { body: { username, password: newPassword, token } }))
        .status,
    ).toBe(204);
    const reused = await api('POST', 'UserAccount/ResetPassword', {
      body: { username, password: 'Altra-Password-99', token },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'bad_request' });

    await login(user.email, newPassword);
    expect(
      (await api('POST', 'Account/Login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await api('POST', 'Account/refresh', { body: { refreshToken: oldSession.refreshToken } })).status,
    ).toBe(401);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const ghost = `nessuno-${Date.now()}@nutri.test`;
    const result = await api('POST', 'UserAccount/TryResetPassword', { body: { Email: ghost } });
    expect(result.status).toBe(204);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('refuses a token for another user, a weak password and a bad e-mail', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await api('POST', 'UserAccount/TryResetPassword', { body: { Email: alice.email } });
    const { token } = await resetLink(alice.email);
    const stolen = await api('POST', 'UserAccount/ResetPassword', {
      body: { username: bob.userName, password: 'Peperoni-Rossi-12', token },
    });
    expect(stolen.status).toBe(400);
    const weak = await api('POST', 'UserAccount/ResetPassword', {
      body: { username: alice.userName, password: 'password1', token },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ Errors: { password: [expect.stringContaining('più usate')] } });
    const short = await api('POST', 'UserAccount/ResetPassword', {
      body: { username: alice.userName, password: 'corta', token },
    });
    expect(short.body).toMatchObject({
      Errors: { password: ['La password deve contenere almeno 8 caratteri'] },
    });
    expect(
      (await api('POST', 'UserAccount/TryResetPassword', { body: { Email: 'non-una-mail' } })).status,
    ).toBe(400);
  });
});

describe('UserAccount/ChangePassword and ChangeEmail', () => {
  it('needs the current password and keeps the current session only', async () => {
    const user = await createTestUser();
    const other = await login(user.email, user.password);
    const current = await login(user.email, user.password);
    const wrong = await api('POST', 'UserAccount/ChangePassword', {
      token: current.accessToken,
      body: { oldPassword: 'non-lei-123', newPassword: 'Melanzane-Viola-31' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ Errors: { oldPassword: ['La password attuale non è corretta.'] } });
    const ok = await api('POST', 'UserAccount/ChangePassword', {
      token: current.accessToken,
      body: { oldPassword: user.password, newPassword: 'Melanzane-Viola-31' },
    });
    expect(ok.status).toBe(204);
    await login(user.email, 'Melanzane-Viola-31');
    expect(
      (await api('POST', 'Account/refresh', { body: { refreshToken: other.refreshToken } })).status,
    ).toBe(401);
    expect(
      (await api('POST', 'Account/refresh', { body: { refreshToken: current.refreshToken } })).status,
    ).toBe(200);
    expect(
      (await api('POST', 'UserAccount/ChangePassword', { body: { oldPassword: 'a', newPassword: 'b' } }))
        .status,
    ).toBe(401);
  });

  it('changes the e-mail, notifies both addresses, and refuses one already taken', async () => {
    const user = await createTestUser();
    const taken = await createTestUser();
    const session = await login(user.email, user.password);
    const newEmail = `nuovo-${Date.now()}@nutri.test`;
    const conflict = await api('POST', 'UserAccount/ChangeEmail', {
      token: session.accessToken,
      body: { newEmail: taken.email, password: user.password },
    });
    expect(conflict.status).toBe(409);
    const badPassword = await api('POST', 'UserAccount/ChangeEmail', {
      token: session.accessToken,
      body: { newEmail, password: 'sbagliata-1' },
    });
    expect(badPassword.status).toBe(400);
    const changed = await api<UserProfile>('POST', 'UserAccount/ChangeEmail', {
      token: session.accessToken,
      body: { newEmail, password: user.password },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.AspNetUser.Email).toBe(newEmail);
    await waitForMail(user.email, (m) => m.subject.includes('è stato cambiato'));
    await waitForMail(newEmail);
    await login(newEmail, user.password);
    expect(
      (await api('POST', 'Account/Login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
  });
});

describe('UserDetails', () => {
  it('reads and changes only the caller’s own details', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const session = await login(alice.email, alice.password);
    const changed = await api<UserProfile>('PATCH', 'UserDetails', {
      token: session.accessToken,
      body: { DisplayName: 'Alice Blu', MobilePhoneNo: '+393331234567' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      Id: alice.id,
      DisplayName: 'Alice Blu',
      MobilePhoneNo: '+393331234567',
    });
    // No way to name another user: an Id in the body is refused, a query parameter is ignored.
    const smuggled = await api('PATCH', 'UserDetails', {
      token: session.accessToken,
      body: { Id: bob.id, DisplayName: 'Hacked' },
    });
    expect(smuggled.status).toBe(400);
    const viaQuery = await api<UserProfile>('GET', `UserDetails?userId=${bob.id}`, {
      token: session.accessToken,
    });
    expect(viaQuery.body.Id).toBe(alice.id);
    const bobSession = await login(bob.email, bob.password);
    expect(
      (await api<UserProfile>('GET', 'UserDetails', { token: bobSession.accessToken })).body.DisplayName,
    ).not.toBe('Hacked');
  });

  it('refuses invalid values with Italian messages', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    const result = await api('PATCH', 'UserDetails', {
      token: session.accessToken,
      body: { Name: '', MobilePhoneNo: '+39123' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      Errors: { Name: ['Campo obbligatorio'], MobilePhoneNo: [expect.stringContaining('9 a 12')] },
    });
  });

  it('refuses line breaks and control characters in names, which go into mail subjects', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    const before = await api<UserProfile>('GET', 'UserDetails', { token: session.accessToken });
    for (const DisplayName of ['Bruno\r\nBcc: evil@example.com', 'Bruno\u0000', 'Bruno\u2028Bcc: x']) {
      const result = await api('PATCH', 'UserDetails', { token: session.accessToken, body: { DisplayName } });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ Errors: { DisplayName: [validationTexts.singleLine] } });
    }
    const stored = await api<UserProfile>('GET', 'UserDetails', { token: session.accessToken });
    expect(stored.body.DisplayName).toBe(before.body.DisplayName);
  });

  it('describes the form in Metadata from the shared schema', async () => {
    const session = await login('paziente@nutri.local', 'Paziente123!');
    const result = await api('GET', 'UserDetails/Metadata', { token: session.accessToken });
    expect(result.body).toMatchObject({
      Fields: {
        Name: { MaxLength: 100 },
        DisplayName: { MaxLength: 100 },
        MobilePhoneNo: { Pattern: expect.any(String) as string },
      },
    });
  });

  it('stores a resized photo in the assets bucket and removes it', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('File', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    const uploaded = await api<UserProfile>('POST', 'UserDetails/image', {
      token: session.accessToken,
      raw: form,
    });
    expect(uploaded.status).toBe(200);
    const imageUrl = uploaded.body.ImageFileUrl!;
    expect(imageUrl).toMatch(/-400\.webp$/);
    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);

    const removed = await api<UserProfile>('DELETE', 'UserDetails/image', { token: session.accessToken });
    expect(removed.body.ImageFileUrl).toBeNull();
    expect((await fetch(imageUrl)).status).toBe(404);
  });

  it('refuses a file that is not an image whatever its declared type', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    const form = new FormData();
    form.append('File', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'foto.png');
    const result = await api('POST', 'UserDetails/image', { token: session.accessToken, raw: form });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ Errors: { File: [expect.stringContaining('JPEG, PNG o WebP')] } });
    const pdf = new FormData();
    pdf.append('File', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'cv.pdf');
    expect((await api('POST', 'UserDetails/image', { token: session.accessToken, raw: pdf })).status).toBe(
      400,
    );
  });
});

describe('mobile phone verification', () => {
  it('sends a 6-digit code, counts wrong attempts and verifies the number', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    const phone = `+39333${String(Date.now()).slice(-7)}`;
    expect(
      (
        await api('POST', 'UserDetails/RequestMobileVerificationCode', {
          token: session.accessToken,
          body: { MobilePhoneNo: phone },
        })
      ).status,
    ).toBe(204);
    const again = await api('POST', 'UserDetails/RequestMobileVerificationCode', {
      token: session.accessToken,
      body: { MobilePhoneNo: phone },
    });
    expect(again.status).toBe(429);
    const sms = await waitForMail(`${phone.slice(1)}@sms.nutri.local`);
    const code = sms.body.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await api('POST', 'UserDetails/VerifyPhoneNo', {
      token: session.accessToken,
      body: { Code: wrongCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      Errors: { Code: [expect.stringContaining('Tentativi rimasti: 4') as string] },
    });
    const verified = await api<UserProfile>('POST', 'UserDetails/VerifyPhoneNo', {
      token: session.accessToken,
      body: { Code: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.MobilePhoneNo).toBe(phone);
    expect(
      (await api('POST', 'UserDetails/VerifyPhoneNo', { token: session.accessToken, body: { Code: code } }))
        .status,
    ).toBe(400);
  });

  it('stops after 5 wrong attempts', async () => {
    const user = await createTestUser();
    const session = await login(user.email, user.password);
    await api('POST', 'UserDetails/RequestMobileVerificationCode', {
      token: session.accessToken,
      body: { MobilePhoneNo: '+393339999999' },
    });
    const sms = await waitForMail('393339999999@sms.nutri.local', (m) => m.at * 1000 >= Date.now() - 60_000);
    const code = sms.body.text!.match(/\b(\d{6})\b/)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await api('POST', 'UserDetails/VerifyPhoneNo', {
            token: session.accessToken,
            body: { Code: wrongCode },
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (await api('POST', 'UserDetails/VerifyPhoneNo', { token: session.accessToken, body: { Code: code } }))
        .status,
    ).toBe(429);
    expect(
      (await api('POST', 'UserDetails/VerifyPhoneNo', { token: session.accessToken, body: { Code: 'abc' } }))
        .status,
    ).toBe(400);
  });
});

describe('Patients/Unsubscribe', () => {
  it('unsubscribes with a signed link and refuses another user’s id', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const { unsubscribeUrl } = await import('../../functions/src/accounts/unsubscribe');
    const link = new URL(await unsubscribeUrl(alice.id));
    const signature = link.searchParams.get('signature')!;
    expect(link.pathname).toBe(`/Unsubscribe/${alice.id}`);
    expect((await api('POST', `Patients/Unsubscribe/${alice.id}?signature=${signature}`)).status).toBe(204);
    expect((await api('POST', `Patients/Unsubscribe/${bob.id}?signature=${signature}`)).status).toBe(403);
    expect((await api('POST', `Patients/Unsubscribe/${bob.id}`)).status).toBe(400);
    const { getUser } = await import('../../functions/src/accounts/users-repo');
    expect((await getUser(alice.id))?.MailingOptOut).toBe(true);
    expect((await getUser(bob.id))?.MailingOptOut).toBeFalsy();
  });
});

describe('UserManagement/Users', () => {
  it('lists users by role and display-name prefix for back-office roles', async () => {
    const admin = await login('admin@nutri.local', 'Admin1234!');
    const result = await api<{ Data: { Id: string; DisplayName: string }[]; Count: number }>(
      'GET',
      // Specific enough for the demo patient: other test files create many more patients named Giulia.
      'UserManagement/Users?role=Patient&displayName=giulia%20ro',
      {
        token: admin.accessToken,
      },
    );
    expect(result.status).toBe(200);
    expect(result.body.Data.map((user) => user.DisplayName)).toContain('Giulia Rossi');
    const bad = await api('GET', 'UserManagement/Users?role=Chef', { token: admin.accessToken });
    expect(bad.status).toBe(400);
  });
});
