/**
 * Ending a session on the running local stack: after sign-out, refresh-token reuse or a password change
 * (or reset), the session's access tokens are refused on every request and for a WebSocket ticket, and
 * its open WebSocket connections are closed; the user's other sessions, and other users, carry on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, createTestUser, login } from './support/api';
import { ticketFor, wsUrl } from './support/realtime';

const openClients: RealtimeClient[] = [];

afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

const connect = async (token: string) => {
  const client = await RealtimeClient.connect(wsUrl(await ticketFor(token)));
  openClients.push(client);
  return client;
};

/** The connection answers a ping: it is open and its actions are served. */
const expectServed = async (client: RealtimeClient) => {
  client.sendJson({ action: 'ping' });
  expect(await client.nextMessage()).toMatchObject({ type: 'pong' });
};

/** The server closes the connection (waits for the close event, not for a fixed time). */
const expectClosed = async (client: RealtimeClient) => {
  for (;;) {
    const outcome = await client.next();
    if (outcome.kind === 'closed') return;
  }
};

/** What the token may still do: read and change the profile, get a WebSocket ticket. */
const accessOf = async (token: string) => ({
  read: (await api('GET', 'UserDetails', { token })).status,
  change: (await api('PATCH', 'UserDetails', { token, body: { DisplayName: 'Mario Verdi' } })).status,
  ticket: (await api('POST', 'Chat/ConnectionTicket', { token })).status,
});
const ALLOWED = { read: 200, change: 200, ticket: 200 };
const REFUSED = { read: 401, change: 401, ticket: 401 };

describe('ending a session', () => {
  it('refuses the access token and closes the WebSocket after Logout; other sessions and users carry on', async () => {
    const user = await createTestUser();
    const stranger = await createTestUser();
    const session = await login(user.email, user.password);
    const otherSession = await login(user.email, user.password);
    const strangerSession = await login(stranger.email, stranger.password);
    // The check is cached per container: the token was just seen as valid, and must still be refused.
    expect(await accessOf(session.accessToken)).toEqual(ALLOWED);
    const socket = await connect(session.accessToken);
    const otherSocket = await connect(otherSession.accessToken);
    const strangerSocket = await connect(strangerSession.accessToken);
    const unusedTicket = await ticketFor(session.accessToken);
    await expectServed(socket);

    const logout = await api('POST', 'Account/Logout', { body: { refreshToken: session.refreshToken } });
    expect(logout.status).toBe(204);

    expect(await accessOf(session.accessToken)).toEqual(REFUSED);
    await expectClosed(socket);
    // A ticket taken before the sign-out opens nothing after it.
    await expect(RealtimeClient.connect(wsUrl(unusedTicket))).rejects.toThrow(/HTTP 401/);

    expect(await accessOf(otherSession.accessToken)).toEqual(ALLOWED);
    await expectServed(otherSocket);
    expect(await accessOf(strangerSession.accessToken)).toEqual(ALLOWED);
    await expectServed(strangerSocket);
  });

  it('refuses both holders’ access tokens and closes their sockets when a refresh token is reused', async () => {
    const user = await createTestUser();
    const first = await login(user.email, user.password);
    const rotated = await api<TokenResponse>('POST', 'Account/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(rotated.status).toBe(200);
    const socket = await connect(rotated.body.accessToken);
    const other = await login(user.email, user.password);
    const otherSocket = await connect(other.accessToken);
    expect(await accessOf(first.accessToken)).toEqual(ALLOWED);

    const replay = await api('POST', 'Account/refresh', { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);

    expect(await accessOf(first.accessToken)).toEqual(REFUSED);
    expect(await accessOf(rotated.body.accessToken)).toEqual(REFUSED);
    await expectClosed(socket);
    expect(await accessOf(other.accessToken)).toEqual(ALLOWED);
    await expectServed(otherSocket);
  });

  it('ends every other session on ChangePassword and keeps the one that changed it', async () => {
    const user = await createTestUser();
    const current = await login(user.email, user.password);
    const elsewhere = await login(user.email, user.password);
    const currentSocket = await connect(current.accessToken);
    const elsewhereSocket = await connect(elsewhere.accessToken);
    expect(await accessOf(elsewhere.accessToken)).toEqual(ALLOWED);

    const changed = await api('POST', 'UserAccount/ChangePassword', {
      token: current.accessToken,
      body: { oldPassword: user.password, newPassword: 'Carciofi-Romani-2027' },
    });
    expect(changed.status).toBe(204);

    expect(await accessOf(elsewhere.accessToken)).toEqual(REFUSED);
    await expectClosed(elsewhereSocket);
    expect(await accessOf(current.accessToken)).toEqual(ALLOWED);
    await expectServed(currentSocket);
  });

  it('refuses a well-signed token whose session belongs to another user', async () => {
    const { signAccessToken } = await import('../../functions/src/platform/tokens');
    const user = await createTestUser();
    const victim = await createTestUser();
    const victimSession = await login(victim.email, victim.password);
    const [, payload] = victimSession.accessToken.split('.');
    const { fam } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { fam: string };
    // Only the key holder could sign this; the session check still ties the session to its user.
    const mixed = await signAccessToken({ sub: user.id, roles: ['Patient'], fam });
    expect((await api('GET', 'UserDetails', { token: mixed })).status).toBe(401);
  });
});
