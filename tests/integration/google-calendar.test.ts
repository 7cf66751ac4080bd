/**
 * A partner nutritionist's Google Calendar on the running local stack (docs/product.md#google-calendar),
 * against the Google stand-in (infra/local/local-google.ts) through Google's own client libraries:
 * the connection (partners only, one-time state bound to its user, PKCE), busy times hiding slots, Google
 * failing or refusing the grant (slots still offered, the warning raised), token refresh, visit events
 * created, moved and deleted exactly once whatever the retries, and disconnection revoking the grant.
 * Each test connects its own Google account, so the five-minute busy cache of one never serves another.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingStatus, CancelReason, romeInstant, type GoogleCalendarView } from '@nutri/shared';
import type { LocalEvent, LocalGoogleStats } from '../../infra/local/local-google';
import { api, stack } from './support/api';
import { authorize, connected, consent, googleDev, partner, useLocalGoogle } from './support/google';
import { eventually, waitForEffects } from './support/outbox';
import { addAvailability, createNutritionist, createPatientOf, romeDateIn } from './support/visits';

const dev = googleDev;
// The functions code this file runs itself (a repeated delivery) talks to the same stand-in.
useLocalGoogle();

afterEach(async () => {
  await dev('failing', { failing: false });
});

const GC = 'CurrentNutritionist/GoogleCalendar';

const statusOf = async (token: string) => (await api<GoogleCalendarView>('GET', GC, { token })).body;

const DAY = romeDateIn(3);
const slotsOf = async (token: string) =>
  (
    await api<Record<string, string[]>>('GET', 'CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit', {
      token,
    })
  ).body[DAY] ?? [];

const busyEvent = (email: string, from: string, to: string) =>
  dev(`accounts/${encodeURIComponent(email)}/events`, {
    start: { dateTime: romeInstant(DAY, from).toISOString() },
    end: { dateTime: romeInstant(DAY, to).toISOString() },
    summary: 'Dentista',
  });

const eventsOf = async (email: string) =>
  (await dev<{ items: LocalEvent[] }>(`accounts/${encodeURIComponent(email)}/events`)).items.filter((event) =>
    event.id.startsWith('nutri'),
  );

describe('connecting Google Calendar', () => {
  it('is refused to a nutritionist who is not a partner, and to patients', async () => {
    const other = await createNutritionist();
    for (const [method, path] of [
      ['GET', GC],
      ['POST', `${GC}/Authorization`],
      ['PUT', `${GC}/Calendars`],
    ] as const) {
      const refused = await api(method, path, {
        token: other.token,
        ...(method === 'PUT' ? { body: { BusyCalendarIds: ['x'], TargetCalendarId: 'x' } } : {}),
      });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    const patient = await createPatientOf(other.id);
    expect((await api('GET', GC, { token: patient.token })).status).toBe(403);
  });

  it('refuses an unknown state, another nutritionist’s state and a state used twice', async () => {
    const [first, second] = [await partner(), await partner()];
    const back = await consent(await authorize(first.token), `a-${randomUUID().slice(0, 8)}@gmail.local`);
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    const unknown = await api('POST', `${GC}/Callback`, {
      token: first.token,
      body: { Code: code, State: 'nope' },
    });
    expect(unknown.status).toBe(400);
    const stolen = await api('POST', `${GC}/Callback`, {
      token: second.token,
      body: { Code: code, State: state },
    });
    expect(stolen.status).toBe(400);
    const own = await api('POST', `${GC}/Callback`, {
      token: first.token,
      body: { Code: code, State: state },
    });
    expect(own.status).toBe(200);
    const again = await api('POST', `${GC}/Callback`, {
      token: first.token,
      body: { Code: code, State: state },
    });
    expect(again.status).toBe(400);
    expect((await statusOf(second.token)).Connected).toBe(false);
  });

  it('refuses a code whose PKCE verifier is another attempt’s (Google refuses the exchange)', async () => {
    const nutritionist = await partner();
    const email = `p-${randomUUID().slice(0, 8)}@gmail.local`;
    const first = await consent(await authorize(nutritionist.token), email);
    const second = new URL(await authorize(nutritionist.token));
    const before = await dev<LocalGoogleStats>('stats');
    const mixed = await api<{ message: string }>('POST', `${GC}/Callback`, {
      token: nutritionist.token,
      body: { Code: first.searchParams.get('code'), State: second.searchParams.get('state') },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toMatch(/Google non ha confermato/);
    expect((await dev<LocalGoogleStats>('stats')).refusedGrants).toBe(before.refusedGrants + 1);
    expect((await statusOf(nutritionist.token)).Connected).toBe(false);
  });

  it('connects with the primary calendar chosen, lets the nutritionist choose, and never shows a token', async () => {
    const { nutritionist, email, view } = await connected();
    expect(view).toMatchObject({
      Connected: true,
      BusyCalendarIds: [email],
      TargetCalendarId: email,
      Warning: null,
    });
    expect(JSON.stringify(view)).not.toMatch(/ya29|1\/\/local/);
    const studio = view.Calendars.find((calendar) => calendar.Summary === 'Studio');
    const holidays = view.Calendars.find((calendar) => !calendar.Writable);
    const chosen = await api<GoogleCalendarView>('PUT', `${GC}/Calendars`, {
      token: nutritionist.token,
      body: { BusyCalendarIds: [email, studio?.Id], TargetCalendarId: studio?.Id },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.TargetCalendarId).toBe(studio?.Id);
    const readOnly = await api('PUT', `${GC}/Calendars`, {
      token: nutritionist.token,
      body: { BusyCalendarIds: [email], TargetCalendarId: holidays?.Id },
    });
    expect(readOnly.status).toBe(400);
    const foreign = await api('PUT', `${GC}/Calendars`, {
      token: nutritionist.token,
      body: { BusyCalendarIds: ['someone@gmail.local'], TargetCalendarId: email },
    });
    expect(foreign.status).toBe(400);
  });
});

describe('busy times and Google failing', () => {
  it('a busy event hides its slots; a busy slot cannot be booked', async () => {
    const { nutritionist, email } = await connected();
    await addAvailability(nutritionist, DAY, '09:00', '12:00');
    const patient = await createPatientOf(nutritionist.id);
    await busyEvent(email, '10:00', '11:00');
    const slots = await slotsOf(patient.token);
    expect(slots).toContain('09:30');
    expect(slots).toContain('11:00');
    expect(slots).not.toContain('10:00');
    expect(slots).not.toContain('10:30');
    const busy = await api('POST', 'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot', {
      token: patient.token,
      body: { SelectedDate: DAY, SelectedTime: '10:00' },
    });
    expect(busy.status).toBeGreaterThanOrEqual(400);
  });

  it('Google failing: the slots are still offered and the nutritionist sees the warning', async () => {
    const { nutritionist, email } = await connected();
    await addAvailability(nutritionist, DAY, '09:00', '12:00');
    const patient = await createPatientOf(nutritionist.id);
    await busyEvent(email, '10:00', '11:00');
    await dev('failing', { failing: true });
    const slots = await slotsOf(patient.token);
    expect(slots).toContain('10:00');
    expect((await statusOf(nutritionist.token)).Warning).toMatch(/non ha risposto/);
    await dev('failing', { failing: false });
    // Google back: the next reading clears the warning.
    expect((await statusOf(nutritionist.token)).Warning).toBeNull();
  });

  it('an expired access token is refreshed and the new one stored; an expired or revoked refresh token falls back with a warning', async () => {
    const first = await connected();
    const before = await dev<LocalGoogleStats>('stats');
    await dev(`accounts/${encodeURIComponent(first.email)}/expire-access-tokens`, {});
    expect((await statusOf(first.nutritionist.token)).Calendars.length).toBeGreaterThan(0);
    expect((await dev<LocalGoogleStats>('stats')).refreshGrants).toBe(before.refreshGrants + 1);
    // The refreshed token was stored: the next call needs no refresh.
    await statusOf(first.nutritionist.token);
    expect((await dev<LocalGoogleStats>('stats')).refreshGrants).toBe(before.refreshGrants + 1);

    for (const how of ['expire-refresh-tokens', 'revoke'] as const) {
      const { nutritionist, email } = await connected();
      await addAvailability(nutritionist, DAY, '09:00', '12:00');
      const patient = await createPatientOf(nutritionist.id);
      await busyEvent(email, '10:00', '11:00');
      await dev(`accounts/${encodeURIComponent(email)}/${how}`, {});
      await dev(`accounts/${encodeURIComponent(email)}/expire-access-tokens`, {});
      expect(await slotsOf(patient.token), how).toContain('10:00');
      const status = await statusOf(nutritionist.token);
      expect(status.Warning, how).toMatch(/revocato/);
      expect(status.Connected).toBe(true);
    }
  });
});

describe('visit events', () => {
  it('a booked visit gets one event, moved and deleted with it, exactly once under repeated deliveries', async () => {
    const { nutritionist, email } = await connected();
    await addAvailability(nutritionist, DAY, '09:00', '12:00');
    const patient = await createPatientOf(nutritionist.id, 'Giulia', { displayName: 'Giulia Marchetti' });
    const booked = await api<{ BookingId: number }>(
      'POST',
      'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
      { token: patient.token, body: { SelectedDate: DAY, SelectedTime: '09:30' } },
    );
    expect(booked.status).toBeLessThan(300);
    const bookingId = booked.body.BookingId;
    await waitForEffects(patient.id);
    const created = await eventually(
      () => eventsOf(email),
      (events) => events.length === 1,
      'the visit event',
    );
    expect(created[0]).toMatchObject({
      id: `nutri${bookingId}`,
      status: 'confirmed',
      summary: 'Visita Nutrì – Giulia M.',
      start: { dateTime: romeInstant(DAY, '09:30').toISOString() },
      end: { dateTime: romeInstant(DAY, '10:00').toISOString() },
    });
    expect(created[0]?.location).toBe(`${stack.baseUrl}/AreaNutritionists/Bookings/${bookingId}/VideoRoom`);

    // The same delivery again, three times at once: still one event.
    const { bookingOutboxEntry, handleBookingEffects } =
      await import('../../functions/src/bookings/booking-effects');
    const { getBooking } = await import('../../functions/src/bookings/bookings-repo');
    const booking = await getBooking(bookingId);
    if (!booking) throw new Error('booking missing');
    const entry = bookingOutboxEntry('created', 'patient', booking, new Date());
    const onlyCalendar = (name: string, run: () => Promise<void>) =>
      name === 'google-calendar' ? run() : Promise.resolve();
    await Promise.all([1, 2, 3].map(() => handleBookingEffects(entry, onlyCalendar)));
    expect((await eventsOf(email)).map((event) => event.status)).toEqual(['confirmed']);

    const moved = await api('POST', `CurrentNutritionist/Bookings/${bookingId}/ModifyBookingTime`, {
      token: nutritionist.token,
      body: { BookingTime: `${DAY}T11:00` },
    });
    expect(moved.status).toBe(200);
    await waitForEffects(patient.id);
    const afterMove = await eventually(
      () => eventsOf(email),
      (events) => events[0]?.start.dateTime === romeInstant(DAY, '11:00').toISOString(),
      'the event moved',
    );
    expect(afterMove).toHaveLength(1);

    const cancelled = await api(
      'POST',
      `CurrentNutritionist/Bookings/${bookingId}/CancelBooking?cancelReasonId=${CancelReason.NUTRITIONIST_CHOICE}`,
      { token: nutritionist.token },
    );
    expect(cancelled.status).toBe(200);
    await waitForEffects(patient.id);
    await eventually(
      () => eventsOf(email),
      (events) => events.length === 1 && events[0]?.status === 'cancelled',
      'the event deleted',
    );
    // A late repeat of the creation finds the booking cancelled and leaves the event deleted.
    expect((await getBooking(bookingId))?.BookingStatusId).not.toBe(BookingStatus.BOOKED);
    await handleBookingEffects(entry, onlyCalendar);
    expect((await eventsOf(email)).map((event) => event.status)).toEqual(['cancelled']);
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Google and deletes the connection; another nutritionist cannot disconnect it', async () => {
    const { nutritionist } = await connected();
    const other = await createNutritionist();
    expect((await api('DELETE', GC, { token: other.token })).status).toBe(404);
    const before = await dev<LocalGoogleStats>('stats');
    const done = await api<{ RevokedAtGoogle: boolean }>('DELETE', GC, { token: nutritionist.token });
    expect(done.status).toBe(200);
    expect(done.body.RevokedAtGoogle).toBe(true);
    expect((await dev<LocalGoogleStats>('stats')).revocations).toBe(before.revocations + 1);
    expect(await statusOf(nutritionist.token)).toMatchObject({ Connected: false, Calendars: [] });
    expect((await api('DELETE', GC, { token: nutritionist.token })).status).toBe(404);
  });
});
