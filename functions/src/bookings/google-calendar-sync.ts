/**
 * What a partner nutritionist's Google Calendar does to bookings (docs/product.md#google-calendar): busy
 * times taken out of the offered slots, and one event per visit in the chosen calendar. Google failing
 * never blocks a patient: the slots fall back to our own availability and the connection records why, so
 * the nutritionist sees a warning; a refused grant stops all calls until the nutritionist reconnects.
 */
import type { BusyPeriod } from '@nutri/shared';
import { getNutritionistProfile } from '../nutritionists';
import {
  googleCalendarSession,
  GoogleGrantRefused,
  GoogleUnavailable,
  type GoogleCalendarSession,
} from '../platform/google-calendar';
import {
  deleteVisitEventCalendar,
  getCalendarConnection,
  getVisitEventCalendar,
  putVisitEventCalendar,
  saveAccessToken,
  setCalendarProblem,
  type CalendarConnection,
} from './google-calendar-repo';

/** Busy times are read live but kept this long (docs/product.md#google-calendar: at most 5 minutes). */
export const BUSY_CACHE_MS = 5 * 60_000;
/** After Google failed, slots skip it this long instead of waiting for it on every request. */
const FAILURE_PAUSE_MS = 30_000;

/** The connection, when the nutritionist has one and is (still) a partner. */
export const partnerConnection = async (userId: string) => {
  const connection = await getCalendarConnection(userId);
  if (!connection) return null;
  const profile = await getNutritionistProfile(userId);
  return profile?.IsCalendarPartner ? connection : null;
};

/** Runs calls on the connection; records a new problem or the end of one (one write, only on change). */
export const withGoogle = async <T>(
  connection: CalendarConnection,
  at: Date,
  run: (session: GoogleCalendarSession) => Promise<T>,
): Promise<T> => {
  const userId = connection.NutritionistUserId;
  try {
    const session = await googleCalendarSession(connection.tokens, async (accessToken, expiresAt) => {
      await saveAccessToken(userId, accessToken, expiresAt);
    });
    const result = await run(session);
    if (connection.Problem) await setCalendarProblem(userId, null, at);
    return result;
  } catch (error) {
    const problem =
      error instanceof GoogleGrantRefused
        ? 'refused'
        : error instanceof GoogleUnavailable
          ? 'unavailable'
          : null;
    if (problem && problem !== connection.Problem) await setCalendarProblem(userId, problem, at);
    throw error;
  }
};

const busyCache = new Map<string, { at: number; busy: BusyPeriod[] | null }>();

/**
 * Busy times of the nutritionist's chosen calendars between two instants; none when not connected, not a
 * partner, or Google failing (own availability applies, and the connection records the warning).
 */
export const googleBusyPeriods = async (
  userId: string,
  from: Date,
  to: Date,
  at: Date,
): Promise<BusyPeriod[]> => {
  const connection = await partnerConnection(userId);
  if (!connection || connection.Problem === 'refused' || !connection.BusyCalendarIds.length) return [];
  const key = JSON.stringify([userId, connection.BusyCalendarIds, from.toISOString(), to.toISOString()]);
  const cached = busyCache.get(key);
  const age = cached ? at.getTime() - cached.at : Infinity;
  if (cached && age >= 0 && age < (cached.busy ? BUSY_CACHE_MS : FAILURE_PAUSE_MS)) return cached.busy ?? [];
  try {
    const ranges = await withGoogle(connection, at, (session) =>
      session.freeBusy(connection.BusyCalendarIds, from, to),
    );
    const busy = ranges.map((range) => ({ start: new Date(range.start), end: new Date(range.end) }));
    busyCache.set(key, { at: at.getTime(), busy });
    return busy;
  } catch (error) {
    if (!(error instanceof GoogleGrantRefused || error instanceof GoogleUnavailable)) throw error;
    busyCache.set(key, { at: at.getTime(), busy: null });
    return [];
  }
};

/** A new choice of calendars, or a new connection, is read fresh. */
export const forgetBusyPeriods = (userId: string) => {
  for (const key of busyCache.keys())
    if (key.startsWith(JSON.stringify([userId]).slice(0, -1))) busyCache.delete(key);
};

/** Our event id of a booking: Google's ids are base32hex (a–v, 0–9), 5 to 1024 characters. */
export const visitEventId = (bookingId: number) => `nutri${bookingId}`;

/** "Giulia M.": a first name and an initial, nothing about health (docs/product.md#google-calendar). */
export const shortName = (displayName: string) => {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  const last = rest.find((word) => /^\p{L}/u.test(word)) ?? null;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : (first ?? '');
};

export interface VisitEvent {
  bookingId: number;
  nutritionistUserId: string;
  /** The booking still holds its time (booked, to be paid, done): the event exists; otherwise it goes. */
  holdsTime: boolean;
  start: string;
  durationMinutes: number;
  patientDisplayName: string;
  videoRoomUrl: string;
}

/**
 * Makes the nutritionist's calendar match the booking as it is now: one event with our id in the target
 * calendar while the booking holds its time, none otherwise. Safe to repeat and to run out of order.
 * Google unavailable throws (the outbox retries); a refused grant ends here (the warning says reconnect).
 */
export const syncVisitEvent = async (connection: CalendarConnection, visit: VisitEvent, at: Date) => {
  const userId = visit.nutritionistUserId;
  if (connection.Problem === 'refused') return;
  const recorded = await getVisitEventCalendar(userId, visit.bookingId);
  const target = connection.TargetCalendarId;
  const eventId = visitEventId(visit.bookingId);
  if (!(visit.holdsTime && target) && !recorded) return;
  try {
    await withGoogle(connection, at, async (session) => {
      if (visit.holdsTime && target) {
        if (recorded && recorded !== target) await session.deleteEvent(recorded, eventId);
        const start = new Date(visit.start);
        await session.putEvent(target, eventId, {
          summary: `Visita Nutrì – ${shortName(visit.patientDisplayName)}`,
          description: `Stanza video: ${visit.videoRoomUrl}`,
          location: visit.videoRoomUrl,
          start: start.toISOString(),
          end: new Date(start.getTime() + visit.durationMinutes * 60_000).toISOString(),
        });
        if (recorded !== target) await putVisitEventCalendar(userId, visit.bookingId, target);
      } else if (recorded) {
        await session.deleteEvent(recorded, eventId);
        await deleteVisitEventCalendar(userId, visit.bookingId);
      }
    });
  } catch (error) {
    if (error instanceof GoogleGrantRefused) return;
    throw error;
  }
};
