/**
 * `/AreaNutritionists/GoogleCalendarConnect` (docs/product.md#google-calendar): a partner nutritionist
 * connects Google Calendar with OAuth 2.0 authorization code, PKCE (S256) and a one-time state bound to
 * them, chooses the calendars that count as busy and the one that receives the visits, and disconnects
 * (revoked at Google, deleted here). Tokens stay on the server, encrypted; the browser only ever sees
 * Google's consent URL and hands back the code it got.
 */
import { createHash } from 'node:crypto';
import {
  googleCalendarCallbackSchema,
  googleCalendarChoiceSchema,
  googleCalendarTexts,
  type GoogleCalendarAuthorization,
  type GoogleCalendarDisconnection,
  type GoogleCalendarView,
} from '@nutri/shared';
import type { SignedInActor } from '../http/actor';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { getNutritionistProfile } from '../nutritionists';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import {
  exchangeGoogleCode,
  googleAuthorizationUrl,
  GoogleGrantRefused,
  GoogleUnavailable,
  isGoogleCalendarConfigured,
  revokeGoogleToken,
  type GoogleCalendarEntry,
} from '../platform/google-calendar';
import { randomToken } from '../platform/ids';
import { logger } from '../platform/logger';
import {
  deleteCalendarConnection,
  getCalendarConnection,
  putCalendarConnection,
  putConsentState,
  saveCalendarChoice,
  takeConsentState,
  type CalendarConnection,
} from './google-calendar-repo';
import { forgetBusyPeriods, withGoogle } from './google-calendar-sync';

/** Where Google sends the browser back: the connect page, which hands the code to the callback route. */
const redirectUri = () => `${config().PUBLIC_BASE_URL}/AreaNutritionists/GoogleCalendarConnect`;

const requirePartner = async (actor: SignedInActor<'Nutritionist'>) => {
  const profile = await getNutritionistProfile(actor.userId);
  if (!profile?.IsCalendarPartner) throw new AppError('forbidden', googleCalendarTexts.partnersOnly);
};

const unavailable = () => new AppError('unprocessable', googleCalendarTexts.unavailable);

const WARNINGS = {
  unavailable: googleCalendarTexts.warningUnavailable,
  refused: googleCalendarTexts.warningRefused,
} as const;

const view = (
  connection: CalendarConnection | null,
  calendars: GoogleCalendarEntry[],
): GoogleCalendarView => ({
  Connected: connection !== null,
  Calendars: calendars.map((calendar) => ({
    Id: calendar.id,
    Summary: calendar.summary,
    Primary: calendar.primary,
    Writable: calendar.writable,
  })),
  BusyCalendarIds: connection?.BusyCalendarIds ?? [],
  TargetCalendarId: connection?.TargetCalendarId ?? null,
  Warning: connection?.Problem ? WARNINGS[connection.Problem] : null,
});

/** The account's calendars, live; none (and the warning recorded) when Google does not answer. */
const liveCalendars = async (connection: CalendarConnection, at: Date) => {
  if (connection.Problem === 'refused') return { connection, calendars: [] };
  try {
    const calendars = await withGoogle(connection, at, (session) => session.listCalendars());
    return { connection: { ...connection, Problem: null }, calendars };
  } catch (error) {
    if (error instanceof GoogleGrantRefused)
      return { connection: { ...connection, Problem: 'refused' as const }, calendars: [] };
    if (error instanceof GoogleUnavailable)
      return { connection: { ...connection, Problem: 'unavailable' as const }, calendars: [] };
    throw error;
  }
};

// GET CurrentNutritionist/GoogleCalendar
export const getGoogleCalendar = defineOperation(['Nutritionist'], {}, async ({ actor }) => {
  await requirePartner(actor);
  const connection = await getCalendarConnection(actor.userId);
  if (!connection) return view(null, []);
  const live = await liveCalendars(connection, now());
  return view(live.connection, live.calendars);
});

// POST CurrentNutritionist/GoogleCalendar/Authorization: a one-time state and PKCE verifier, kept here.
export const startGoogleCalendarConnection = defineOperation(['Nutritionist'], {}, async ({ actor }) => {
  await requirePartner(actor);
  if (!isGoogleCalendarConfigured()) throw new AppError('unprocessable', googleCalendarTexts.notConfigured);
  const state = randomToken(32);
  const verifier = randomToken(48);
  await putConsentState(state, actor.userId, verifier, now());
  const result: GoogleCalendarAuthorization = {
    AuthorizationUrl: await googleAuthorizationUrl({
      state,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      redirectUri: redirectUri(),
    }),
  };
  return result;
});

// POST CurrentNutritionist/GoogleCalendar/Callback: the code exchanged with this user's state and verifier.
export const completeGoogleCalendarConnection = defineOperation(
  ['Nutritionist'],
  { body: googleCalendarCallbackSchema },
  async ({ actor, body }) => {
    await requirePartner(actor);
    const at = now();
    const pending = await takeConsentState(body.State, actor.userId, at);
    if (!pending) throw new AppError('bad_request', googleCalendarTexts.stateInvalid);
    let tokens: Awaited<ReturnType<typeof exchangeGoogleCode>>;
    try {
      tokens = await exchangeGoogleCode({
        code: body.Code,
        codeVerifier: pending.verifier,
        redirectUri: redirectUri(),
      });
    } catch (error) {
      if (error instanceof GoogleGrantRefused)
        throw new AppError('bad_request', googleCalendarTexts.grantRefused);
      if (error instanceof GoogleUnavailable) throw unavailable();
      throw error;
    }
    // A connection this one replaces is not revoked: for the same Google account, revoking the old token
    // would revoke the grant just made with it.
    // Google's alias of the account's main calendar, until the nutritionist chooses.
    await putCalendarConnection(
      actor.userId,
      tokens,
      tokens.scope,
      { busy: ['primary'], target: 'primary' },
      at,
    );
    forgetBusyPeriods(actor.userId);
    const connection = await getCalendarConnection(actor.userId);
    if (!connection) throw unavailable();
    const live = await liveCalendars(connection, at);
    // The alias becomes the primary calendar's own id, so the page shows it ticked.
    const primary = live.calendars.find((calendar) => calendar.primary);
    if (primary) {
      await saveCalendarChoice(actor.userId, [primary.id], primary.id);
      return view(
        { ...live.connection, BusyCalendarIds: [primary.id], TargetCalendarId: primary.id },
        live.calendars,
      );
    }
    return view(live.connection, live.calendars);
  },
);

// PUT CurrentNutritionist/GoogleCalendar/Calendars: which calendars count as busy, which receives visits.
export const saveGoogleCalendarChoice = defineOperation(
  ['Nutritionist'],
  { body: googleCalendarChoiceSchema },
  async ({ actor, body }) => {
    await requirePartner(actor);
    const connection = await getCalendarConnection(actor.userId);
    if (!connection) throw new AppError('not_found', googleCalendarTexts.notConnected);
    const live = await liveCalendars(connection, now());
    if (live.connection.Problem) throw unavailable();
    const byId = new Map(live.calendars.map((calendar) => [calendar.id, calendar]));
    const busy = [...new Set(body.BusyCalendarIds)];
    const unknownBusy = busy.some((id) => !byId.has(id));
    const target = byId.get(body.TargetCalendarId);
    if (unknownBusy || !target || !target.writable)
      throw new AppError('validation_failed', googleCalendarTexts.unknownCalendar, {
        errors: {
          ...(unknownBusy ? { BusyCalendarIds: [googleCalendarTexts.unknownCalendar] } : {}),
          ...(!target
            ? { TargetCalendarId: [googleCalendarTexts.unknownCalendar] }
            : !target.writable
              ? { TargetCalendarId: [googleCalendarTexts.targetNotWritable] }
              : {}),
        },
      });
    if (!(await saveCalendarChoice(actor.userId, busy, target.id)))
      throw new AppError('not_found', googleCalendarTexts.notConnected);
    forgetBusyPeriods(actor.userId);
    return view({ ...live.connection, BusyCalendarIds: busy, TargetCalendarId: target.id }, live.calendars);
  },
);

// DELETE CurrentNutritionist/GoogleCalendar: revoked at Google, then everything of it deleted here. Open to
// any nutritionist with a connection: one who is no longer a partner can still take the access back.
export const disconnectGoogleCalendar = defineOperation(['Nutritionist'], {}, async ({ actor }) => {
  const connection = await getCalendarConnection(actor.userId);
  if (!connection) throw new AppError('not_found', googleCalendarTexts.notConnected);
  let revoked = false;
  try {
    revoked = await revokeGoogleToken(connection.tokens.refreshToken);
  } catch (error) {
    if (!(error instanceof GoogleUnavailable || error instanceof GoogleGrantRefused)) throw error;
    // The tokens are deleted anyway; the page tells how to revoke from the Google account.
    logger.warn('Google revoke failed', { reason: error.name });
  }
  await deleteCalendarConnection(actor.userId);
  forgetBusyPeriods(actor.userId);
  const result: GoogleCalendarDisconnection = { RevokedAtGoogle: revoked };
  return result;
});
