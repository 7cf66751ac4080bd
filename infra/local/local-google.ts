/**
 * Stands in for Google's OAuth 2.0 and Calendar servers locally, as local-stripe.ts does for Stripe's.
 * The bookings area talks to it through the real `google-auth-library` and `@googleapis/calendar` clients,
 * pointed here by configuration (GOOGLE_OAUTH_*_URL, GOOGLE_CALENDAR_API_URL); nothing in the deployed
 * code knows a stand-in exists, and no stand-in is deployed (docs/decisions/0030-gcal-google-calendar.md).
 * It answers what the product uses, shaped as Google shapes it:
 * - the consent page `GET /o/oauth2/v2/auth` (authorization code, PKCE S256 required) and its answer,
 *   which redirects to the product's redirect URI with `code` and `state` (or `error=access_denied`);
 * - `POST /token`: `authorization_code` (checks client, redirect URI and the PKCE verifier against the
 *   challenge; a code is used once) and `refresh_token` (`invalid_grant` for an expired or revoked one);
 * - `POST /revoke` (the token in the form body or the query);
 * - Calendar v3: `users/me/calendarList`, `freeBusy`, `calendars/{id}/events` (insert with a client id,
 *   update, delete, list), each checking the access token and its scope.
 * And, for the tests and the local demo only, `/dev/*`: place a busy event, read an account's events,
 * make Google fail, expire or revoke an account's tokens, count an account's live grants and all grants.
 * State lives in memory and in one JSON file under the data directory, so `npm start` keeps connections.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';

/** The OAuth client the product is given locally; the stand-in knows no other. */
export const LOCAL_GOOGLE_CLIENT_ID = 'nutri-local.apps.googleusercontent.com';
export const LOCAL_GOOGLE_CLIENT_SECRET = 'local-google-client-secret';
/** The account the consent page offers first. */
export const LOCAL_GOOGLE_DEFAULT_ACCOUNT = 'nutrizionista@gmail.local';

const ACCESS_TOKEN_SECONDS = 3600;
const CODE_SECONDS = 600;
const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';
/** Which scope each Calendar call needs (any of the listed ones, as Google accepts broader scopes too). */
const NEEDS = {
  calendarList: ['calendar.calendarlist.readonly', 'calendar.readonly', 'calendar'],
  freeBusy: ['calendar.freebusy', 'calendar.readonly', 'calendar'],
  events: ['calendar.events.owned', 'calendar.events', 'calendar'],
} as const;

interface LocalCalendar {
  id: string;
  summary: string;
  primary: boolean;
  accessRole: 'owner' | 'reader';
}

export interface LocalEvent {
  id: string;
  calendarId: string;
  status: 'confirmed' | 'cancelled';
  summary: string;
  description?: string;
  location?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  transparency?: 'opaque' | 'transparent';
  updated: string;
}

interface Grant {
  email: string;
  clientId: string;
  scope: string;
  /** ISO instant; null: a refresh token that does not expire by itself. */
  expiresAt: string | null;
  revoked: boolean;
}

interface PendingCode {
  email: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string;
  expiresAt: string;
}

interface State {
  calendars: Record<string, LocalCalendar[]>;
  events: Record<string, LocalEvent[]>;
  codes: Record<string, PendingCode>;
  refreshTokens: Record<string, Grant>;
  accessTokens: Record<string, Grant>;
}

export interface LocalGoogleStats {
  codeGrants: number;
  refreshGrants: number;
  refusedGrants: number;
  revocations: number;
  freeBusyCalls: number;
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const calendarsFor = (email: string): LocalCalendar[] => [
  { id: email, summary: email, primary: true, accessRole: 'owner' },
  {
    id: `studio-${createHash('sha256').update(email).digest('hex').slice(0, 12)}@group.calendar.google.com`,
    summary: 'Studio',
    primary: false,
    accessRole: 'owner',
  },
  {
    id: 'it.italian#holiday@group.v.calendar.google.com',
    summary: 'Festività in Italia',
    primary: false,
    accessRole: 'reader',
  },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
};

/** Google's API error body (`{ error: { code, message, errors } }`), which the client turns into a GaxiosError. */
const apiError = (response: ServerResponse, status: number, message: string, reason: string) =>
  sendJson(response, status, {
    error: { code: status, message, errors: [{ domain: 'global', reason, message }] },
  });

/** The OAuth endpoints' error body (`{ error, error_description }`). */
const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
  sendJson(response, status, { error, error_description: description });

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const text = await readBody(request);
  if (!text) return {};
  const value = JSON.parse(text) as unknown;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
};

const overlaps = (event: LocalEvent, from: number, to: number) =>
  Date.parse(event.start.dateTime) < to && Date.parse(event.end.dateTime) > from;

const consentPage = (params: URLSearchParams) => {
  const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
  const hidden = [...params.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Accedi con Google – Google (locale)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f1f1f}
label{display:block;margin:1rem 0 .25rem}input[type=email]{width:100%;padding:.5rem;font-size:1rem}
button{margin:1rem .5rem 0 0;padding:.6rem 1.2rem;font-size:1rem}li{margin:.25rem 0}</style></head>
<body><main><h1>Nutrì vuole accedere al tuo Account Google</h1>
<p>Questa è la pagina di consenso del sostituto locale di Google: nessun dato lascia questo computer.</p>
<p>Nutrì potrà:</p><ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<form method="post" action="/o/oauth2/v2/auth/answer">${hidden}
<label for="email">Account Google</label>
<input id="email" name="email" type="email" required value="${LOCAL_GOOGLE_DEFAULT_ACCOUNT}">
<button type="submit" name="answer" value="allow">Consenti</button>
<button type="submit" name="answer" value="deny" formnovalidate>Annulla</button>
</form></main></body></html>`;
};

/** The configuration that points the product's Google clients at a stand-in on `url`. */
export const localGoogleEnvironment = (url: string) => ({
  GOOGLE_CALENDAR_CLIENT_ID: LOCAL_GOOGLE_CLIENT_ID,
  GOOGLE_CALENDAR_CLIENT_SECRET: LOCAL_GOOGLE_CLIENT_SECRET,
  GOOGLE_OAUTH_AUTH_URL: `${url}/o/oauth2/v2/auth`,
  GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
  GOOGLE_OAUTH_REVOKE_URL: `${url}/revoke`,
  GOOGLE_CALENDAR_API_URL: `${url}/`,
});

export interface LocalGoogle {
  url: string;
  stop: () => Promise<void>;
}

/** Google's OAuth and Calendar endpoints (the part the product uses) on a free loopback port. */
export const startLocalGoogle = async ({ stateFile }: { stateFile: string }): Promise<LocalGoogle> => {
  const state: State = existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State)
    : { calendars: {}, events: {}, codes: {}, refreshTokens: {}, accessTokens: {} };
  const stats: LocalGoogleStats = {
    codeGrants: 0,
    refreshGrants: 0,
    refusedGrants: 0,
    revocations: 0,
    freeBusyCalls: 0,
  };
  let failing = false;
  const save = () => {
    mkdirSync(dirname(stateFile), { recursive: true });
    writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
  };
  const account = (email: string) => {
    const key = email.toLowerCase();
    state.calendars[key] ??= calendarsFor(key);
    state.events[key] ??= [];
    return { calendars: state.calendars[key], events: state.events[key] };
  };

  /** The grant of the request's bearer token, if it is live and holds one of the scopes. */
  const bearer = (request: IncomingMessage, needs: readonly string[]) => {
    const header = request.headers.authorization ?? '';
    const grant = header.startsWith('Bearer ') ? state.accessTokens[header.slice(7)] : undefined;
    if (!grant || grant.revoked || (grant.expiresAt && Date.parse(grant.expiresAt) <= Date.now()))
      return 'unauthenticated' as const;
    const held = grant.scope.split(' ');
    return needs.some((scope) => held.includes(`${SCOPE_PREFIX}${scope}`)) ? grant : ('forbidden' as const);
  };

  const issueAccess = (grant: Omit<Grant, 'expiresAt'>) => {
    const accessToken = token('ya29.local-');
    state.accessTokens[accessToken] = {
      ...grant,
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    };
    return accessToken;
  };

  const tokenEndpoint = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    const basic = request.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString('utf8').split(':')
      : null;
    const clientId = basic?.[0] ?? form.get('client_id');
    const clientSecret = basic?.[1] ?? form.get('client_secret');
    if (clientId !== LOCAL_GOOGLE_CLIENT_ID || clientSecret !== LOCAL_GOOGLE_CLIENT_SECRET)
      return oauthError(response, 401, 'invalid_client', 'The OAuth client was not found.');
    const refuse = (description: string) => {
      stats.refusedGrants += 1;
      return oauthError(response, 400, 'invalid_grant', description);
    };
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = state.codes[code];
      // A code is good once, whatever the outcome (as Google's).
      delete state.codes[code];
      save();
      if (!pending || Date.parse(pending.expiresAt) <= Date.now() || pending.clientId !== clientId)
        return refuse('Malformed auth code.');
      if (pending.redirectUri !== form.get('redirect_uri')) return refuse('Bad Request');
      const verifier = form.get('code_verifier') ?? '';
      if (!verifier || s256(verifier) !== pending.challenge) return refuse('Invalid code verifier.');
      const grant = { email: pending.email, clientId, scope: pending.scope, revoked: false };
      const refreshToken = token('1//local-');
      state.refreshTokens[refreshToken] = { ...grant, expiresAt: null };
      const accessToken = issueAccess(grant);
      stats.codeGrants += 1;
      save();
      return sendJson(response, 200, {
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        scope: pending.scope,
        token_type: 'Bearer',
      });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = state.refreshTokens[form.get('refresh_token') ?? ''];
      if (
        !grant ||
        grant.revoked ||
        grant.clientId !== clientId ||
        (grant.expiresAt && Date.parse(grant.expiresAt) <= Date.now())
      )
        return refuse('Token has been expired or revoked.');
      const accessToken = issueAccess(grant);
      stats.refreshGrants += 1;
      save();
      return sendJson(response, 200, {
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    return oauthError(response, 400, 'unsupported_grant_type', 'Invalid grant_type.');
  };

  /** Revoking either token of a grant revokes the grant: its refresh token and every access token. */
  const revokeGrantOf = (value: string) => {
    const grant = state.refreshTokens[value] ?? state.accessTokens[value];
    if (!grant || grant.revoked) return false;
    for (const other of [...Object.values(state.refreshTokens), ...Object.values(state.accessTokens)])
      if (other.email === grant.email && other.clientId === grant.clientId) other.revoked = true;
    return true;
  };

  const calendarApi = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (failing) return apiError(response, 503, 'The service is currently unavailable.', 'backendError');
    if (request.method === 'GET' && path === 'users/me/calendarList') {
      const grant = bearer(request, NEEDS.calendarList);
      if (typeof grant === 'string') return denied(response, grant);
      return sendJson(response, 200, {
        kind: 'calendar#calendarList',
        items: account(grant.email).calendars.map((calendar) => ({
          kind: 'calendar#calendarListEntry',
          id: calendar.id,
          summary: calendar.summary,
          accessRole: calendar.accessRole,
          ...(calendar.primary ? { primary: true } : {}),
          timeZone: 'Europe/Rome',
        })),
      });
    }
    if (request.method === 'POST' && path === 'freeBusy') {
      const grant = bearer(request, NEEDS.freeBusy);
      if (typeof grant === 'string') return denied(response, grant);
      stats.freeBusyCalls += 1;
      const body = await readJson(request);
      const from = Date.parse(String(body.timeMin));
      const to = Date.parse(String(body.timeMax));
      if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to)
        return apiError(response, 400, 'Bad Request', 'timeRangeEmpty');
      const { calendars, events } = account(grant.email);
      const items = Array.isArray(body.items) ? (body.items as { id?: unknown }[]) : [];
      const result = Object.fromEntries(
        items.map(({ id }) => {
          const requested = String(id);
          // 'primary' is Google's alias of the account's main calendar.
          const calendarId = requested === 'primary' ? grant.email : requested;
          if (!calendars.some((calendar) => calendar.id === calendarId))
            return [requested, { busy: [], errors: [{ domain: 'global', reason: 'notFound' }] }];
          const busy = events
            .filter(
              (event) =>
                event.calendarId === calendarId &&
                event.status === 'confirmed' &&
                event.transparency !== 'transparent' &&
                overlaps(event, from, to),
            )
            .map((event) => ({ start: event.start.dateTime, end: event.end.dateTime }));
          return [requested, { busy }];
        }),
      );
      return sendJson(response, 200, {
        kind: 'calendar#freeBusy',
        timeMin: new Date(from).toISOString(),
        timeMax: new Date(to).toISOString(),
        calendars: result,
      });
    }
    const eventsPath = path.match(/^calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    if (eventsPath?.[1]) {
      const grant = bearer(request, NEEDS.events);
      if (typeof grant === 'string') return denied(response, grant);
      const requested = decodeURIComponent(eventsPath[1]);
      const calendarId = requested === 'primary' ? grant.email : requested;
      const eventId = eventsPath[2] ? decodeURIComponent(eventsPath[2]) : null;
      const { calendars, events } = account(grant.email);
      const calendar = calendars.find((candidate) => candidate.id === calendarId);
      if (!calendar) return apiError(response, 404, 'Not Found', 'notFound');
      if (request.method !== 'GET' && calendar.accessRole !== 'owner')
        return apiError(response, 403, 'Forbidden', 'requiredAccessLevel');
      const existing = eventId
        ? events.find((event) => event.calendarId === calendarId && event.id === eventId)
        : undefined;
      if (request.method === 'GET' && !eventId) {
        return sendJson(response, 200, {
          kind: 'calendar#events',
          items: events.filter((event) => event.calendarId === calendarId && event.status === 'confirmed'),
        });
      }
      if (request.method === 'POST' && !eventId) {
        const body = await readJson(request);
        const id =
          typeof body.id === 'string'
            ? body.id
            : token('')
                .toLowerCase()
                .replace(/[^a-v0-9]/g, '');
        if (!/^[a-v0-9]{5,1024}$/.test(id))
          return apiError(response, 400, 'Invalid resource id value.', 'invalid');
        // An id stays taken after its event is deleted, as on Google: the caller updates it instead.
        if (events.some((event) => event.calendarId === calendarId && event.id === id))
          return apiError(response, 409, 'The requested identifier already exists.', 'duplicate');
        const event = eventOf(body, id, calendarId);
        if (!event) return apiError(response, 400, 'Missing start or end time.', 'required');
        events.push(event);
        save();
        return sendJson(response, 200, { kind: 'calendar#event', ...event });
      }
      if (!existing) return apiError(response, 404, 'Not Found', 'notFound');
      if (request.method === 'PUT') {
        const event = eventOf(await readJson(request), existing.id, calendarId);
        if (!event) return apiError(response, 400, 'Missing start or end time.', 'required');
        Object.assign(existing, event);
        save();
        return sendJson(response, 200, { kind: 'calendar#event', ...existing });
      }
      if (request.method === 'DELETE') {
        if (existing.status === 'cancelled')
          return apiError(response, 410, 'Resource has been deleted', 'deleted');
        existing.status = 'cancelled';
        existing.updated = new Date().toISOString();
        save();
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET') return sendJson(response, 200, { kind: 'calendar#event', ...existing });
    }
    return apiError(response, 404, 'Not Found', 'notFound');
  };

  const denied = (response: ServerResponse, why: 'unauthenticated' | 'forbidden') =>
    why === 'unauthenticated'
      ? apiError(response, 401, 'Request had invalid authentication credentials.', 'authError')
      : apiError(response, 403, 'Request had insufficient authentication scopes.', 'insufficientPermissions');

  const eventOf = (body: Record<string, unknown>, id: string, calendarId: string): LocalEvent | null => {
    const start = body.start as { dateTime?: unknown; timeZone?: unknown } | undefined;
    const end = body.end as { dateTime?: unknown; timeZone?: unknown } | undefined;
    if (typeof start?.dateTime !== 'string' || typeof end?.dateTime !== 'string') return null;
    if (!Number.isFinite(Date.parse(start.dateTime)) || !Number.isFinite(Date.parse(end.dateTime)))
      return null;
    return {
      id,
      calendarId,
      status: body.status === 'cancelled' ? 'cancelled' : 'confirmed',
      summary: typeof body.summary === 'string' ? body.summary : '',
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      ...(typeof body.location === 'string' ? { location: body.location } : {}),
      start: { dateTime: new Date(start.dateTime).toISOString() },
      end: { dateTime: new Date(end.dateTime).toISOString() },
      transparency: body.transparency === 'transparent' ? 'transparent' : 'opaque',
      updated: new Date().toISOString(),
    };
  };

  const consent = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (request.method === 'GET') {
      const params = url.searchParams;
      const problem =
        params.get('client_id') !== LOCAL_GOOGLE_CLIENT_ID
          ? 'invalid_client'
          : params.get('response_type') !== 'code' || !params.get('redirect_uri') || !params.get('scope')
            ? 'invalid_request'
            : params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')
              ? 'invalid_request (PKCE S256 richiesto)'
              : null;
      if (problem) {
        response
          .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(`Errore 400: ${problem}`);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(consentPage(params));
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    const redirect = new URL(form.get('redirect_uri') ?? '');
    const stateParam = form.get('state');
    if (form.get('answer') !== 'allow') {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const email = (form.get('email') ?? LOCAL_GOOGLE_DEFAULT_ACCOUNT).trim().toLowerCase();
      account(email);
      const code = token('4/local-');
      state.codes[code] = {
        email,
        clientId: form.get('client_id') ?? '',
        redirectUri: form.get('redirect_uri') ?? '',
        scope: form.get('scope') ?? '',
        challenge: form.get('code_challenge') ?? '',
        expiresAt: new Date(Date.now() + CODE_SECONDS * 1000).toISOString(),
      };
      save();
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('scope', form.get('scope') ?? '');
    }
    if (stateParam) redirect.searchParams.set('state', stateParam);
    response.writeHead(302, { Location: redirect.toString() }).end();
  };

  /** The local-only controls the tests and the demo use. */
  const dev = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (request.method === 'GET' && path === 'stats') return sendJson(response, 200, stats);
    if (request.method === 'POST' && path === 'failing') {
      failing = (await readJson(request)).failing === true;
      return sendJson(response, 200, { failing });
    }
    const match = path.match(
      /^accounts\/([^/]+)\/(events|grants|expire-refresh-tokens|revoke|expire-access-tokens)$/,
    );
    if (!match?.[1]) return sendJson(response, 404, { error: 'not found' });
    const email = decodeURIComponent(match[1]).toLowerCase();
    const { calendars, events } = account(email);
    const grants = [...Object.values(state.refreshTokens), ...Object.values(state.accessTokens)].filter(
      (grant) => grant.email === email,
    );
    switch (`${request.method} ${match[2]}`) {
      case 'GET events':
        return sendJson(response, 200, { items: events });
      case 'GET grants':
        // Refresh tokens of the account Google would still honour.
        return sendJson(response, 200, {
          live: Object.values(state.refreshTokens).filter((grant) => grant.email === email && !grant.revoked)
            .length,
        });
      case 'POST events': {
        const body = await readJson(request);
        const calendarId = typeof body.calendarId === 'string' ? body.calendarId : email;
        if (!calendars.some((calendar) => calendar.id === calendarId))
          return sendJson(response, 404, { error: 'no such calendar' });
        const event = eventOf(
          body,
          token('')
            .toLowerCase()
            .replace(/[^a-v0-9]/g, ''),
          calendarId,
        );
        if (!event) return sendJson(response, 400, { error: 'start and end needed' });
        events.push(event);
        save();
        return sendJson(response, 200, event);
      }
      case 'POST expire-refresh-tokens':
        for (const grant of Object.values(state.refreshTokens))
          if (grant.email === email) grant.expiresAt = new Date(Date.now() - 1000).toISOString();
        break;
      case 'POST expire-access-tokens':
        for (const grant of Object.values(state.accessTokens))
          if (grant.email === email) grant.expiresAt = new Date(Date.now() - 1000).toISOString();
        break;
      case 'POST revoke':
        // What the person does from their Google account's security page.
        for (const grant of grants) grant.revoked = true;
        break;
      default:
        return sendJson(response, 404, { error: 'not found' });
    }
    save();
    return sendJson(response, 200, { ok: true });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://google.local');
    if (url.pathname === '/o/oauth2/v2/auth' && request.method === 'GET')
      return consent(request, response, url);
    if (url.pathname === '/o/oauth2/v2/auth/answer' && request.method === 'POST')
      return consent(request, response, url);
    if (url.pathname === '/token' && request.method === 'POST') {
      if (failing) return oauthError(response, 503, 'temporarily_unavailable', 'Try again later.');
      return tokenEndpoint(request, response);
    }
    if (url.pathname === '/revoke' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const value = form.get('token') ?? url.searchParams.get('token') ?? '';
      if (!revokeGrantOf(value))
        return oauthError(response, 400, 'invalid_token', 'Token expired or revoked');
      stats.revocations += 1;
      save();
      return sendJson(response, 200, {});
    }
    if (url.pathname.startsWith('/calendar/v3/'))
      return calendarApi(request, response, url.pathname.slice('/calendar/v3/'.length));
    if (url.pathname.startsWith('/dev/')) return dev(request, response, url.pathname.slice('/dev/'.length));
    return apiError(response, 404, 'Not Found', 'notFound');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.warn(`Local Google failed: ${error instanceof Error ? error.message : 'Error'}`);
      if (!response.headersSent) apiError(response, 500, 'Backend Error', 'backendError');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
