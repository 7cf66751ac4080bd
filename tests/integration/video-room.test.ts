/**
 * The video room of a booking on the running local stack (docs/product.md#video-room): who may enter and
 * when, over REST and over the realtime channel's signalling routes; frames relayed to the other member's
 * tab only; a second tab taking over; entries and exits recorded on the booking, with the waiting-room
 * message in the chat; the ICE servers from the Kinesis Video Streams stand-in.
 *
 * The window's boundaries are checked with this process's clock moved (support/in-process.ts): the REST
 * handler, and the video Lambda's signalling handler fed the event the gateway would send for a real
 * connection open on the stack (its answers reach that connection through the stack's `@connections`).
 * Everything else goes through the stack's HTTP API and WebSocket gateway at the real time, with visits
 * that started a few minutes ago.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BOOKING_TYPES,
  BookingType,
  CancelReason,
  VideoRoomRefusal,
  romeInstant,
  romeTime,
  type BookingView,
  type ChatMessagesResponse,
  type VideoIceServersView,
  type VideoRoomView,
  type VideoServerEvent,
} from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, stack } from './support/api';
import { handlerApiAt, resetNow, setNow } from './support/in-process';
import { eventually, waitForEffects } from './support/outbox';
import { ticketFor, wsUrl } from './support/realtime';
import {
  bookStartedVisit,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from './support/visits';

const MINUTE = 60_000;
const FREE_MINUTES = BOOKING_TYPES[BookingType.FREE].DurationMinutes;

const openClients: RealtimeClient[] = [];
afterEach(async () => {
  await resetNow();
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

interface Person {
  id: string;
  token: string;
}

interface Tab {
  client: RealtimeClient;
  connectionId: string;
  user: Person;
}

const connectionsRepo = () => import('../../functions/src/platform/connections-repo');

/** A tab of `user` on the stack's WebSocket gateway, with the id the gateway gave its connection. */
const openTab = async (user: Person): Promise<Tab> => {
  const { listUserConnections } = await connectionsRepo();
  const before = new Set((await listUserConnections(user.id)).map((connection) => connection.connectionId));
  const client = await RealtimeClient.connect(wsUrl(await ticketFor(user.token)));
  openClients.push(client);
  const added = (await listUserConnections(user.id)).filter(
    (connection) => !before.has(connection.connectionId),
  );
  if (added.length !== 1 || !added[0]) throw new Error(`expected one new connection, found ${added.length}`);
  return { client, connectionId: added[0].connectionId, user };
};

type Received = VideoServerEvent | { type: string; [key: string]: unknown };

/** The next video event (other traffic, e.g. presence and pongs, skipped). */
const nextVideoEvent = async (tab: Tab, timeoutMs = 10_000): Promise<Received> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await tab.client.nextMessage(Math.max(1, deadline - Date.now()))) as Received;
    if (typeof data.type === 'string' && data.type.startsWith('Video')) return data;
    if ((data as { message?: string }).message === 'Internal server error')
      throw new Error('Server error while waiting for a video event');
  }
};

/** No video event reaches the tab within the wait (for frames that must not reach someone). */
const noVideoEvent = async (tab: Tab, waitMs = 1500) => {
  try {
    return await nextVideoEvent(tab, waitMs);
  } catch {
    return null;
  }
};

const frame = (action: string, bookingId: number, extra: Record<string, unknown> = {}) => ({
  action,
  BookingId: bookingId,
  ...extra,
});
const OFFER = { kind: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n' };
const MEDIA = { Audio: false, Video: true, Screen: false };

/** Sends a frame through the stack's gateway (the stack's clock). */
const sendFrame = (tab: Tab, body: Record<string, unknown>) => tab.client.sendJson(body);

/**
 * Runs a frame through the video Lambda's handler in this process with the clock at `instant`, as the
 * gateway would for the tab's connection; the answers reach the tab through the stack's `@connections`.
 */
const frameAt = async (instant: Date, tab: Tab, body: Record<string, unknown>) => {
  const { webSocketEvent } = await import('../../infra/local/events');
  const { invokeArea } = await import('../../infra/local/handlers');
  const { host } = new URL(stack.baseUrl);
  await setNow(instant);
  try {
    await invokeArea(
      'video',
      webSocketEvent({
        routeKey: String(body.action),
        eventType: 'MESSAGE',
        connectionId: tab.connectionId,
        connectedAt: Date.now(),
        domainName: host,
        stage: 'ws',
        sourceIp: '127.0.0.1',
        body: JSON.stringify(body),
      }),
    );
  } finally {
    await resetNow();
  }
};

const newPair = async () => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, `Paola ${randomUUID().slice(0, 6)}`);
  return { nutritionist, patient };
};

/** A free introductory visit (BOOKED at once) at `local` Rome time, booked by the nutritionist a day before. */
const introAt = async (pair: Awaited<ReturnType<typeof newPair>>, date: string, time: string) => {
  const start = romeInstant(date, time);
  const result = await handlerApiAt<BookingView>(
    new Date(start.getTime() - 24 * 60 * MINUTE),
    'POST',
    'CurrentNutritionist/Bookings',
    pair.nutritionist.token,
    {
      PatientUserId: pair.patient.id,
      NutritionistUserId: pair.nutritionist.id,
      BookingTypeId: BookingType.FREE,
      BookingTime: `${date}T${time}`,
    },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return { booking: result.body, start };
};

const roomAt = (instant: Date, bookingId: number, token: string) =>
  handlerApiAt<VideoRoomView & { code?: string; message?: string }>(
    instant,
    'GET',
    `Bookings/${bookingId}/VideoRoom`,
    token,
  );

/** The window at its four boundaries, over REST and over JoinVideoRoom. */
const checkBoundaries = async (date: string, time: string) => {
  const pair = await newPair();
  const { booking, start } = await introAt(pair, date, time);
  const opensAt = new Date(start.getTime() - 15 * MINUTE);
  const closesAt = new Date(start.getTime() + (FREE_MINUTES + 30) * MINUTE);
  const before = new Date(opensAt.getTime() - MINUTE);
  const after = new Date(closesAt.getTime() + MINUTE);
  // The moved clock runs on while the handler works (a few milliseconds): the closing end is checked in
  // its last seconds, and the closing instant itself is read from the view.
  const closing = new Date(closesAt.getTime() - 2000);

  const phases = [];
  for (const instant of [before, opensAt, closing, after]) {
    const room = await roomAt(instant, booking.BookingId, pair.patient.token);
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    expect(room.body.OpensAt).toBe(opensAt.toISOString());
    expect(room.body.ClosesAt).toBe(closesAt.toISOString());
    phases.push(room.body.Phase);
  }
  expect(phases).toEqual(['notYet', 'open', 'open', 'over']);

  // The same boundaries on the signalling route: refused a minute before and a minute after, in at both ends.
  const tab = await openTab(pair.patient);
  const outcomes = [];
  for (const instant of [before, opensAt, closing, after]) {
    await frameAt(instant, tab, frame('JoinVideoRoom', booking.BookingId));
    const event = await nextVideoEvent(tab);
    outcomes.push(event.type === 'VideoError' ? event.code : event.type);
  }
  expect(outcomes).toEqual([VideoRoomRefusal.closed, 'VideoJoined', 'VideoJoined', VideoRoomRefusal.closed]);
  return { opensAt, closesAt };
};

describe('when the room is open', () => {
  it('opens 15 minutes before the start and closes 30 minutes after the planned end, both ends included', async () => {
    await checkBoundaries(romeDateIn(9), '10:00');
  });

  it('keeps real minutes across the daylight-saving change (28 March 2027, 02:00 becomes 03:00)', async () => {
    const { opensAt, closesAt } = await checkBoundaries('2027-03-28', '01:45');
    expect(romeTime(opensAt)).toBe('01:30');
    // 01:45 + the visit + 30 minutes of real time: the clocks jumped an hour meanwhile.
    expect(romeTime(closesAt)).toBe(
      romeTime(new Date(romeInstant('2027-03-28', '01:45').getTime() + (FREE_MINUTES + 30) * MINUTE)),
    );
    expect(romeTime(closesAt) > '03:00').toBe(true);
  });

  it('is refused on another day, with an Italian message', async () => {
    const pair = await newPair();
    const { booking, start } = await introAt(pair, romeDateIn(9), '10:00');
    const dayBefore = await roomAt(
      new Date(start.getTime() - 24 * 60 * MINUTE),
      booking.BookingId,
      pair.patient.token,
    );
    expect(dayBefore.status).toBe(422);
    expect(dayBefore.body.code).toBe(VideoRoomRefusal.notToday);
    expect(dayBefore.body.message).toMatch(/solo il giorno della visita/);
  });
});

describe('who may enter', () => {
  it('refuses a non-member with 404 on both REST calls and on every signalling route', async () => {
    const pair = await newPair();
    const booking = await bookStartedVisit(pair.nutritionist, pair.patient.id, BookingType.FREE);
    const strangers = await newPair();
    for (const stranger of [strangers.nutritionist, strangers.patient]) {
      for (const path of ['VideoRoom', 'VideoRoom/IceServers']) {
        const result = await api<{ code: string }>('GET', `Bookings/${booking.BookingId}/${path}`, {
          token: stranger.token,
        });
        expect({ path, status: result.status, code: result.body.code }).toEqual({
          path,
          status: 404,
          code: 'not_found',
        });
      }
      const tab = await openTab(stranger);
      for (const body of [
        frame('JoinVideoRoom', booking.BookingId),
        frame('VideoSignal', booking.BookingId, { Signal: OFFER }),
        frame('VideoMediaState', booking.BookingId, MEDIA),
        frame('LeaveVideoRoom', booking.BookingId),
      ]) {
        sendFrame(tab, body);
        const event = await nextVideoEvent(tab);
        expect({ action: body.action, event }).toMatchObject({
          action: body.action,
          event: { type: 'VideoError', code: 'not_found', BookingId: booking.BookingId },
        });
      }
    }
    // The members themselves are let in.
    const room = await api<VideoRoomView>('GET', `Bookings/${booking.BookingId}/VideoRoom`, {
      token: pair.patient.token,
    });
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({ Role: 'Patient', OtherUserId: pair.nutritionist.id, Phase: 'open' });
  });

  it('refuses a cancelled booking and an unpaid one with their codes and Italian messages', async () => {
    const pair = await newPair();
    const booking = await bookStartedVisit(pair.nutritionist, pair.patient.id, BookingType.FREE);
    const cancel = await api(
      'POST',
      `CurrentNutritionist/Bookings/${booking.BookingId}/CancelBooking?cancelReasonId=${CancelReason.NUTRITIONIST_CHOICE}`,
      { token: pair.nutritionist.token },
    );
    expect(cancel.status).toBe(200);
    const room = await api<{ code: string; message: string }>(
      'GET',
      `Bookings/${booking.BookingId}/VideoRoom`,
      {
        token: pair.patient.token,
      },
    );
    expect(room.status).toBe(422);
    expect(room.body.code).toBe(VideoRoomRefusal.cancelled);
    expect(room.body.message).toMatch(/annullato/);
    const tab = await openTab(pair.patient);
    sendFrame(tab, frame('JoinVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(tab)).toMatchObject({ type: 'VideoError', code: VideoRoomRefusal.cancelled });

    const unpaid = await bookStartedVisit(pair.nutritionist, pair.patient.id, BookingType.NORMAL, 5);
    const refused = await api<{ code: string }>('GET', `Bookings/${unpaid.BookingId}/VideoRoom/IceServers`, {
      token: pair.nutritionist.token,
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 422,
      code: VideoRoomRefusal.unpaid,
    });
  });

  it('hands the members the ICE servers of the stand-in (no TURN locally), only while the room is open', async () => {
    const pair = await newPair();
    const booking = await bookStartedVisit(pair.nutritionist, pair.patient.id, BookingType.FREE);
    for (const member of [pair.patient, pair.nutritionist]) {
      const result = await api<VideoIceServersView>(
        'GET',
        `Bookings/${booking.BookingId}/VideoRoom/IceServers`,
        {
          token: member.token,
        },
      );
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ IceServers: [], ExpiresAt: null });
    }
    const later = await bookVisitFor(
      pair.nutritionist,
      pair.patient.id,
      BookingType.MEALPLAN,
      `${romeDateIn(3)}T10:00`,
    );
    const closed = await api<{ code: string }>('GET', `Bookings/${later.BookingId}/VideoRoom/IceServers`, {
      token: pair.patient.token,
    });
    expect({ status: closed.status, code: closed.body.code }).toEqual({
      status: 422,
      code: VideoRoomRefusal.notToday,
    });
  });
});

describe('signalling', () => {
  const inRoom = async () => {
    const pair = await newPair();
    const booking = await bookStartedVisit(pair.nutritionist, pair.patient.id, BookingType.FREE);
    const patient = await openTab(pair.patient);
    sendFrame(patient, frame('JoinVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(patient)).toEqual({
      type: 'VideoJoined',
      BookingId: booking.BookingId,
      OtherPresent: false,
    });
    const nutritionist = await openTab(pair.nutritionist);
    sendFrame(nutritionist, frame('JoinVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(nutritionist)).toMatchObject({ type: 'VideoJoined', OtherPresent: true });
    expect(await nextVideoEvent(patient)).toEqual({
      type: 'VideoPeerJoined',
      BookingId: booking.BookingId,
      UserId: pair.nutritionist.id,
    });
    return { pair, booking, patient, nutritionist };
  };

  it('relays offers, answers, candidates and media states to the other member’s tab in the room only', async () => {
    const { pair, booking, patient, nutritionist } = await inRoom();
    // The nutritionist's other tab (not in the room) and someone else's tab see nothing.
    const otherTab = await openTab(pair.nutritionist);
    const stranger = await openTab((await newPair()).patient);

    sendFrame(patient, frame('VideoSignal', booking.BookingId, { Signal: OFFER }));
    expect(await nextVideoEvent(nutritionist)).toEqual({
      type: 'VideoSignal',
      BookingId: booking.BookingId,
      FromUserId: pair.patient.id,
      Signal: OFFER,
    });
    // The answer names the offer it answers (OFFER's session id): relayed too, the offerer needs it.
    const answer = {
      kind: 'answer',
      sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\n',
      answers: '1',
    };
    sendFrame(nutritionist, frame('VideoSignal', booking.BookingId, { Signal: answer }));
    expect(await nextVideoEvent(patient)).toMatchObject({ type: 'VideoSignal', Signal: answer });
    const candidate = {
      kind: 'candidate',
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    sendFrame(patient, frame('VideoSignal', booking.BookingId, { Signal: candidate }));
    expect(await nextVideoEvent(nutritionist)).toMatchObject({ type: 'VideoSignal', Signal: candidate });
    sendFrame(nutritionist, frame('VideoMediaState', booking.BookingId, MEDIA));
    expect(await nextVideoEvent(patient)).toEqual({
      type: 'VideoMediaState',
      BookingId: booking.BookingId,
      UserId: pair.nutritionist.id,
      ...MEDIA,
    });

    expect(await noVideoEvent(otherTab)).toBeNull();
    expect(await noVideoEvent(stranger, 200)).toBeNull();
    // Nobody gets their own frames back.
    expect(await noVideoEvent(patient, 200)).toBeNull();
    expect(await noVideoEvent(nutritionist, 200)).toBeNull();
    // A tab of a member that has not joined is told so, and its frame goes nowhere.
    sendFrame(otherTab, frame('VideoSignal', booking.BookingId, { Signal: OFFER }));
    expect(await nextVideoEvent(otherTab)).toMatchObject({ type: 'VideoError', code: 'not_in_room' });
    expect(await noVideoEvent(patient, 500)).toBeNull();
    // A malformed frame is refused with an Italian message.
    sendFrame(patient, frame('VideoSignal', booking.BookingId, { Signal: { kind: 'offer', sdp: '' } }));
    expect(await nextVideoEvent(patient)).toMatchObject({ type: 'VideoError', code: 'validation_failed' });
  });

  it('lets a second tab of the same user take over; the first is told and cut off', async () => {
    const { pair, booking, patient, nutritionist } = await inRoom();
    const second = await openTab(pair.patient);
    sendFrame(second, frame('JoinVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(second)).toMatchObject({ type: 'VideoJoined', OtherPresent: true });
    expect(await nextVideoEvent(patient)).toEqual({ type: 'VideoTakenOver', BookingId: booking.BookingId });
    // The nutritionist negotiates anew with the new tab.
    expect(await nextVideoEvent(nutritionist)).toMatchObject({
      type: 'VideoPeerJoined',
      UserId: pair.patient.id,
    });

    sendFrame(patient, frame('VideoSignal', booking.BookingId, { Signal: OFFER }));
    expect(await nextVideoEvent(patient)).toMatchObject({ type: 'VideoError', code: 'not_in_room' });
    sendFrame(nutritionist, frame('VideoSignal', booking.BookingId, { Signal: OFFER }));
    expect(await nextVideoEvent(second)).toMatchObject({
      type: 'VideoSignal',
      FromUserId: pair.nutritionist.id,
    });
    expect(await noVideoEvent(patient, 500)).toBeNull();
    // The old tab leaving changes nothing for the new one.
    sendFrame(patient, frame('LeaveVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(patient)).toMatchObject({ type: 'VideoError', code: 'not_in_room' });
    expect(await noVideoEvent(nutritionist, 500)).toBeNull();
  });

  it('records entries and exits on the booking; the chat is told once when the patient waits', async () => {
    const pair = await newPair();
    const booking = await bookStartedVisit(pair.nutritionist, pair.patient.id, BookingType.FREE);
    const presence = async () =>
      (
        await api<BookingView>('GET', `CurrentNutritionist/Bookings/${booking.BookingId}`, {
          token: pair.nutritionist.token,
        })
      ).body.VideoPresence;
    expect(await presence()).toBeNull();

    const patient = await openTab(pair.patient);
    sendFrame(patient, frame('JoinVideoRoom', booking.BookingId));
    await nextVideoEvent(patient);
    expect(await presence()).toMatchObject({ PatientInRoom: true, PatientWaiting: true, CallHeld: false });
    await waitForEffects(pair.patient.id);
    const chat = async () =>
      (
        await api<ChatMessagesResponse>('GET', `Chat/Messages/${pair.patient.id}`, {
          token: pair.nutritionist.token,
        })
      ).body.Items.filter((message) => message.Body.includes('sala d’attesa'));
    const notices = await chat();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.AuthorId).toBe(pair.patient.id);

    const nutritionist = await openTab(pair.nutritionist);
    sendFrame(nutritionist, frame('JoinVideoRoom', booking.BookingId));
    await nextVideoEvent(nutritionist);
    expect(await nextVideoEvent(patient)).toMatchObject({ type: 'VideoPeerJoined' });
    expect(await presence()).toMatchObject({
      PatientWaiting: false,
      NutritionistInRoom: true,
      CallHeld: true,
    });

    // Hanging up, then coming back: recorded; the chat is not told again.
    sendFrame(patient, frame('LeaveVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(nutritionist)).toEqual({
      type: 'VideoPeerLeft',
      BookingId: booking.BookingId,
      UserId: pair.patient.id,
    });
    const left = await presence();
    expect(left).toMatchObject({ PatientInRoom: false });
    expect(left?.PatientLeftAt).toBeTypeOf('string');
    sendFrame(patient, frame('JoinVideoRoom', booking.BookingId));
    expect(await nextVideoEvent(patient)).toMatchObject({ type: 'VideoJoined', OtherPresent: true });
    await waitForEffects(pair.patient.id);
    expect(await chat()).toHaveLength(1);

    // Closing the tab is leaving (`$disconnect`).
    await nutritionist.client.close();
    expect(await nextVideoEvent(patient)).toMatchObject({
      type: 'VideoPeerLeft',
      UserId: pair.nutritionist.id,
    });
    const after = await eventually(
      presence,
      (value) => value?.NutritionistInRoom === false,
      'departure recorded',
    );
    expect(after).toMatchObject({ PatientInRoom: true, PatientWaiting: true });
  });
});
