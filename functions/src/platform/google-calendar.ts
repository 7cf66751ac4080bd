/**
 * Google Calendar behind one adapter (docs/decisions/0030-gcal-google-calendar.md): Google's own clients,
 * `google-auth-library` for OAuth 2.0 and `@googleapis/calendar` for the Calendar API, pointed by
 * configuration at Google (cloud) or at the local runtime's stand-in (infra/local/local-google.ts).
 * Every failure comes out as one of two errors that carry no token and no request: GoogleGrantRefused
 * (Google refused the code or the refresh token: expired, revoked, or a PKCE verifier that does not match; only a new connection helps) and GoogleUnavailable (anything
 * else: the caller falls back or retries). Google's own error objects hold the request, tokens included,
 * so they are never rethrown, chained or logged. Google's clients are loaded on first use: the Lambdas that
 * hold this adapter (bookings, outbox) start without them, and most of their requests never need them.
 */
import type { calendar_v3 } from '@googleapis/calendar';
import type { Credentials } from 'google-auth-library';
import { config } from './config';
import { readTextSecret } from './secrets';

/**
 * The narrowest scopes that do the job (docs/product.md#google-calendar): the list of calendars to choose
 * from, free/busy of the chosen ones (no event details), and events of calendars the person owns.
 */
export const GOOGLE_CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.freebusy',
  'https://www.googleapis.com/auth/calendar.events.owned',
] as const;

/** A call to Google must not hold a request long: the slots fall back to our own availability. */
const CALL_TIMEOUT_MS = 4000;

export class GoogleGrantRefused extends Error {
  constructor() {
    super('Google refused the grant (invalid_grant)');
    this.name = 'GoogleGrantRefused';
  }
}

export class GoogleUnavailable extends Error {
  constructor(readonly status: number | null) {
    super(`Google Calendar did not answer (${status ?? 'no response'})`);
    this.name = 'GoogleUnavailable';
  }
}

interface ErrorShape {
  status?: unknown;
  response?: { status?: unknown; data?: unknown };
}

const statusOf = (error: unknown) => {
  const shape = (error ?? {}) as ErrorShape;
  const status = shape.response?.status ?? shape.status;
  return typeof status === 'number' ? status : null;
};

const isInvalidGrant = (error: unknown) => {
  const data = ((error ?? {}) as ErrorShape).response?.data;
  return Boolean(data && typeof data === 'object' && (data as { error?: unknown }).error === 'invalid_grant');
};

/** Google's failure as one of ours, without the request it carried. */
const translate = (error: unknown): Error =>
  isInvalidGrant(error) ? new GoogleGrantRefused() : new GoogleUnavailable(statusOf(error));

export const isGoogleCalendarConfigured = () => Boolean(config().GOOGLE_CALENDAR_CLIENT_ID);

const oauthClient = async (redirectUri?: string) => {
  // An access token Google refuses (revoked on its side, clock skew) is refreshed once and the call retried.
  const settings = config();
  const clientSecret = await readTextSecret(
    settings.GOOGLE_CALENDAR_CLIENT_SECRET_ARN,
    settings.GOOGLE_CALENDAR_CLIENT_SECRET,
    'GOOGLE_CALENDAR_CLIENT_SECRET',
  );
  const { OAuth2Client: Client } = await import('google-auth-library');
  return new Client({
    clientId: settings.GOOGLE_CALENDAR_CLIENT_ID,
    clientSecret,
    ...(redirectUri ? { redirectUri } : {}),
    forceRefreshOnFailure: true,
    endpoints: {
      oauth2AuthBaseUrl: settings.GOOGLE_OAUTH_AUTH_URL,
      oauth2TokenUrl: settings.GOOGLE_OAUTH_TOKEN_URL,
      oauth2RevokeUrl: settings.GOOGLE_OAUTH_REVOKE_URL,
    },
  });
};

/** Google's consent page for this connection attempt: offline access, PKCE S256, our state. */
export const googleAuthorizationUrl = async (input: {
  state: string;
  codeChallenge: string;
  redirectUri: string;
}) =>
  (await oauthClient(input.redirectUri)).generateAuthUrl({
    access_type: 'offline',
    // A refresh token is issued only on consent: asked every time, so a reconnection gets one too.
    prompt: 'consent',
    scope: [...GOOGLE_CALENDAR_SCOPES],
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: (await import('google-auth-library')).CodeChallengeMethod.S256,
    include_granted_scopes: false,
  });

export interface GoogleTokens {
  refreshToken: string;
  accessToken: string | null;
  /** ISO instant the access token expires. */
  accessTokenExpiresAt: string | null;
}

/** The authorization code exchanged for tokens (the PKCE verifier proves this server started the flow). */
export const exchangeGoogleCode = async (input: {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}): Promise<GoogleTokens & { scope: string }> => {
  const client = await oauthClient(input.redirectUri);
  let tokens: Credentials;
  try {
    ({ tokens } = await client.getToken({
      code: input.code,
      codeVerifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
    }));
  } catch (error) {
    throw translate(error);
  }
  if (!tokens.refresh_token) throw new GoogleUnavailable(null);
  return {
    refreshToken: tokens.refresh_token,
    accessToken: tokens.access_token ?? null,
    accessTokenExpiresAt: tokens.expiry_date ? new Date(tokens.expiry_date).toISOString() : null,
    scope: tokens.scope ?? '',
  };
};

/**
 * Revokes a token at Google (which revokes the whole grant). The token goes in the form body, never in
 * the URL (the library's own revokeToken puts it in the query). False when Google no longer knew it.
 */
export const revokeGoogleToken = async (token: string) => {
  const client = await oauthClient();
  try {
    await client.transporter.request({
      url: config().GOOGLE_OAUTH_REVOKE_URL,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams({ token }).toString(),
      timeout: CALL_TIMEOUT_MS,
    });
    return true;
  } catch (error) {
    if (statusOf(error) === 400) return false;
    throw translate(error);
  }
};

export interface GoogleCalendarEntry {
  id: string;
  summary: string;
  primary: boolean;
  /** Whether events can be written to it (the person owns it). */
  writable: boolean;
}

export interface BusyRange {
  start: string;
  end: string;
}

export interface GoogleEventInput {
  summary: string;
  description: string;
  location: string;
  start: string;
  end: string;
}

/**
 * A calendar session on a stored connection. A fresh access token (refreshed by the library when the
 * stored one is near expiry or refused) is handed to `onTokens`, so the caller stores it encrypted.
 */
export const googleCalendarSession = async (
  tokens: GoogleTokens,
  onTokens: (accessToken: string, expiresAt: string | null) => Promise<void>,
) => {
  const client = await oauthClient();
  client.setCredentials({
    refresh_token: tokens.refreshToken,
    ...(tokens.accessToken ? { access_token: tokens.accessToken } : {}),
    ...(tokens.accessTokenExpiresAt ? { expiry_date: Date.parse(tokens.accessTokenExpiresAt) } : {}),
  });
  const stored: Promise<void>[] = [];
  client.on('tokens', (fresh) => {
    if (fresh.access_token)
      stored.push(
        onTokens(fresh.access_token, fresh.expiry_date ? new Date(fresh.expiry_date).toISOString() : null),
      );
  });
  const { calendar } = await import('@googleapis/calendar');
  const api: calendar_v3.Calendar = calendar({
    version: 'v3',
    auth: client,
    rootUrl: config().GOOGLE_CALENDAR_API_URL,
    timeout: CALL_TIMEOUT_MS,
    retry: false,
  });
  /** One call, its failure translated; a refreshed token is stored before the answer is used. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw translate(error);
    } finally {
      await Promise.all(stored.splice(0));
    }
  };

  return {
    listCalendars: () =>
      call(async () => {
        const { data } = await api.calendarList.list({ maxResults: 250 });
        return (data.items ?? [])
          .filter((item): item is calendar_v3.Schema$CalendarListEntry & { id: string } => Boolean(item.id))
          .map((item): GoogleCalendarEntry => ({
            id: item.id,
            summary: item.summaryOverride ?? item.summary ?? item.id,
            primary: item.primary === true,
            writable: item.accessRole === 'owner' || item.accessRole === 'writer',
          }));
      }),
    /** Busy ranges of the calendars between two instants; a calendar Google cannot read fails the call. */
    freeBusy: (calendarIds: readonly string[], from: Date, to: Date) =>
      call(async () => {
        const { data } = await api.freebusy.query({
          requestBody: {
            timeMin: from.toISOString(),
            timeMax: to.toISOString(),
            items: calendarIds.map((id) => ({ id })),
          },
        });
        const ranges: BusyRange[] = [];
        for (const id of calendarIds) {
          const entry = data.calendars?.[id];
          if (!entry || entry.errors?.length) throw new GoogleUnavailable(null);
          for (const busy of entry.busy ?? [])
            if (busy.start && busy.end) ranges.push({ start: busy.start, end: busy.end });
        }
        return ranges;
      }),
    /**
     * Creates or updates the event with our own id. Google keeps a deleted event's id, so an update comes
     * first (it also brings a deleted one back) and an insert only when the id was never used.
     */
    putEvent: (calendarId: string, eventId: string, event: GoogleEventInput) =>
      call(async () => {
        const requestBody: calendar_v3.Schema$Event = {
          id: eventId,
          status: 'confirmed',
          summary: event.summary,
          description: event.description,
          location: event.location,
          start: { dateTime: event.start, timeZone: 'Europe/Rome' },
          end: { dateTime: event.end, timeZone: 'Europe/Rome' },
          transparency: 'opaque',
        };
        try {
          await api.events.update({ calendarId, eventId, requestBody });
        } catch (error) {
          if (statusOf(error) !== 404) throw error;
          try {
            await api.events.insert({ calendarId, requestBody });
          } catch (insertError) {
            // Inserted meanwhile by a concurrent delivery: the update settles it.
            if (statusOf(insertError) !== 409) throw insertError;
            await api.events.update({ calendarId, eventId, requestBody });
          }
        }
      }),
    /** Deletes the event; one already gone (404, 410) is done. */
    deleteEvent: (calendarId: string, eventId: string) =>
      call(async () => {
        try {
          await api.events.delete({ calendarId, eventId });
        } catch (error) {
          const status = statusOf(error);
          if (status !== 404 && status !== 410) throw error;
        }
      }),
  };
};

export type GoogleCalendarSession = Awaited<ReturnType<typeof googleCalendarSession>>;
