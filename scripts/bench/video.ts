/**
 * `npm run bench:video [-- --rooms 50 --rounds 20 --timeout 300]`: the video room (docs/product.md#video-room)
 * on a local stack of its own (free port, fresh temporary data directory).
 *
 * Signalling: `--rooms` bookings whose room is open now (free introductory visits that started 5 minutes
 * ago, booked through the bookings service with the booking's own time as its clock), a patient and a
 * nutritionist per room, signed in through `Account/Login`. Both connect through the local gateway and send
 * JoinVideoRoom; then, in every room at once, the patient sends `--rounds` VideoSignal candidates one after
 * another and the nutritionist answers each with one: the round trip (patient's send -> the answer back at
 * the patient) crosses the gateway and the video Lambda twice, each frame checked against its booking (the
 * connection, the booking and the room's members read) and relayed to the other member's tab. Printed
 * beside the same workload through a bare `ws` relay in this process (no check, no read: forwarding only).
 *
 * Browser (video-browser.ts, `--browser-runs 5`): the median time from "join" to the first remote frame in
 * Chromium, each run in a fresh room, beside two connections wired directly in one page.
 *
 * Only 127.0.0.1 is used; counts and time are bounded and everything started is stopped, also on Ctrl-C.
 * Exit code 1 when a frame was lost or refused.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { BookingType } from '@nutri/shared';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { passwordHashOf, putNutritionist, putPatient } from '../../tests/integration/support/people';
import { callsLine, readCallCounts, resetCallCounts } from './call-counts';
import { assertLoopback, loadLine } from './machine';
import { cleanUpOnSignals, runBenchmark, startStack, stopStack } from './lifecycle';
import { callApi as call, percentile, pool, readBoundedOptions } from './tools';
import { measureFirstRemoteFrame, printFirstFrameTable, type FirstFrameFigures } from './video-browser';

const LIMITS = {
  rooms: { default: 50, min: 1, max: 200 },
  rounds: { default: 20, min: 1, max: 200 },
  /** The browser part (video-browser.ts): Chromium runs, each in a fresh room; 0 leaves it out. */
  'browser-runs': { default: 5, min: 0, max: 20 },
  timeout: { default: 300, min: 10, max: 900 },
};
/** Set-up work in flight at once (sign-ins verify a password hash: CPU-bound on the stack). */
const SETUP_CONCURRENCY = 4;
/** How long one round trip may take before the room gives up (counted as lost). */
const ROUND_TRIP_LIMIT_MS = 15_000;
const PASSWORD = 'Bench-Video-Ortaggi-2026';
/** The visits started this long ago: their rooms are open for the whole run. */
const STARTED_MINUTES_AGO = 5;

interface BenchMember {
  id: string;
  email: string;
  token: string;
}

/** A booking whose room is open now, with its two members signed in. */
interface BenchRoom {
  bookingId: number;
  patient: BenchMember;
  nutritionist: BenchMember;
}

/**
 * Rooms open now: a nutritionist and a patient each (user items with one password hash for all), a free
 * introductory visit that started a few minutes ago (the bookings service, clocked at an hour before the
 * visit: the API takes future times only), both members signed in through the API.
 */
const createOpenRooms = async (baseUrl: string, count: number): Promise<BenchRoom[]> => {
  const { bookVisit } = await import('../../functions/src/bookings/booking-service');
  const { getPatientProfile } = await import('../../functions/src/onboarding');
  const passwordHash = await passwordHashOf(PASSWORD);
  const person = (name: string) => {
    const id = randomUUID();
    return {
      id,
      userName: `bench-video-${id.slice(0, 8)}`,
      email: `bench-video-${id.slice(0, 8)}@nutri.test`,
      name,
      displayName: `${name} ${id.slice(0, 4)}`,
      passwordHash,
    };
  };
  const unit = 5 * 60_000;
  const start = new Date(Math.floor((Date.now() - STARTED_MINUTES_AGO * 60_000) / unit) * unit);
  const signIn = async (email: string) =>
    (
      await call<{ accessToken: string }>(baseUrl, 'POST', 'Account/Login', undefined, {
        email,
        password: PASSWORD,
        rememberMe: false,
      })
    ).accessToken;
  return pool(
    Array.from({ length: count }, () => async () => {
      const nutritionist = person('Chiara Verdi');
      await putNutritionist(nutritionist);
      const patient = person('Paola Bianchi');
      await putPatient(patient, nutritionist.id);
      const profile = await getPatientProfile(patient.id);
      if (!profile) throw new Error('The bench patient has no profile');
      const booking = await bookVisit({
        by: 'nutritionist',
        patient: profile,
        // A new patient: no earlier booking.
        history: [],
        nutritionistUserId: nutritionist.id,
        bookingTypeId: BookingType.FREE,
        start,
        at: new Date(start.getTime() - 60 * 60_000),
      });
      return {
        bookingId: booking.BookingId,
        patient: { id: patient.id, email: patient.email, token: await signIn(patient.email) },
        nutritionist: {
          id: nutritionist.id,
          email: nutritionist.email,
          token: await signIn(nutritionist.email),
        },
      };
    }),
    SETUP_CONCURRENCY,
  );
};

interface Frame {
  type?: string;
  code?: string;
  message?: unknown;
  Signal?: { candidate?: string };
  /** Client frames (the bare relay reads them). */
  action?: string;
  BookingId?: number;
}

const parseFrame = (raw: WebSocket.RawData): Frame | null => {
  try {
    const text = Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : Array.isArray(raw)
        ? Buffer.concat(raw).toString('utf8')
        : Buffer.from(raw).toString('utf8');
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
};

/** A socket whose frames are awaited by a predicate, one waiter at a time. */
class Peer {
  private waiter: { accept: (frame: Frame) => boolean; resolve: (frame: Frame | null) => void } | null = null;
  errors: string[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: WebSocket.RawData) => {
      const frame = parseFrame(raw);
      if (!frame) return;
      if (frame.type === 'VideoError' || frame.type === 'error') this.errors.push(String(frame.code));
      else if (!frame.type && frame.message !== undefined) this.errors.push('internal server error');
      if (this.waiter?.accept(frame)) {
        const { resolve } = this.waiter;
        this.waiter = null;
        resolve(frame);
      }
    });
  }

  static async open(url: string) {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 15_000 });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Peer(socket);
  }

  /** The next frame `accept` takes, or null after `timeoutMs`. */
  next(accept: (frame: Frame) => boolean, timeoutMs = ROUND_TRIP_LIMIT_MS) {
    return new Promise<Frame | null>((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(null);
      }, timeoutMs);
      this.waiter = {
        accept,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
    });
  }

  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  async close() {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.close(1000);
    await closed;
  }
}

interface Figures {
  name: string;
  /** The stack's DynamoDB and `@connections` calls per join and per frame (the gateway's run only). */
  calls?: string[];
  rooms: number;
  roundTrips: number[];
  lost: number;
  errors: number;
  joinMs: number[];
  seconds: number;
}

const candidate = (room: number, round: number, side: string) => ({
  kind: 'candidate',
  candidate: `candidate:${room} 1 udp 2122260223 127.0.0.1 ${50_000 + round} typ host ${side}`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});

/**
 * The workload in every room at once: both members connect (`urlOf`) and join, then `rounds` round trips,
 * one in flight per room.
 */
const runRooms = async (
  name: string,
  rooms: BenchRoom[],
  urlOf: (member: BenchMember, room: number, side: 'patient' | 'nutritionist') => Promise<string>,
  options: { rounds: number; deadline: number },
): Promise<Figures & { peers: Peer[] }> => {
  const figures: Figures & { peers: Peer[] } = {
    name,
    rooms: rooms.length,
    roundTrips: [],
    lost: 0,
    errors: 0,
    joinMs: [],
    seconds: 0,
    peers: [],
  };
  const joined = await pool(
    rooms.map((room, index) => async () => {
      const patient = await Peer.open(await urlOf(room.patient, index, 'patient'));
      const nutritionist = await Peer.open(await urlOf(room.nutritionist, index, 'nutritionist'));
      figures.peers.push(patient, nutritionist);
      for (const peer of [patient, nutritionist]) {
        const began = performance.now();
        const ack = peer.next((frame) => frame.type === 'VideoJoined');
        peer.send({ action: 'JoinVideoRoom', BookingId: room.bookingId });
        if (!(await ack)) throw new Error(`${name}: room ${index} not joined`);
        figures.joinMs.push(performance.now() - began);
      }
      return { patient, nutritionist };
    }),
    10,
  );
  const began = performance.now();
  await Promise.all(
    joined.map(async ({ patient, nutritionist }, index) => {
      const bookingId = rooms[index]!.bookingId;
      for (let round = 0; round < options.rounds && Date.now() < options.deadline; round += 1) {
        const offer = candidate(index, round, 'patient');
        const reply = candidate(index, round, 'nutritionist');
        const sentAt = performance.now();
        const arrived = nutritionist.next((frame) => frame.Signal?.candidate === offer.candidate);
        const back = patient.next((frame) => frame.Signal?.candidate === reply.candidate);
        patient.send({ action: 'VideoSignal', BookingId: bookingId, Signal: offer });
        if (!(await arrived)) {
          figures.lost += 1;
          continue;
        }
        nutritionist.send({ action: 'VideoSignal', BookingId: bookingId, Signal: reply });
        if (!(await back)) {
          figures.lost += 1;
          continue;
        }
        figures.roundTrips.push(performance.now() - sentAt);
      }
    }),
  );
  figures.seconds = (performance.now() - began) / 1000;
  figures.errors = figures.peers.reduce((sum, peer) => sum + peer.errors.length, 0);
  return figures;
};

/**
 * The baseline: a bare `ws` relay on 127.0.0.1 that acknowledges a join and forwards every other frame to
 * the room's other socket, as the room's protocol looks on the wire, with no ticket, no check and no read.
 */
const startRelay = async () => {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const rooms = new Map<string, Map<string, WebSocket>>();
  server.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    const room = url.searchParams.get('room') ?? '';
    const side = url.searchParams.get('side') ?? '';
    const members = rooms.get(room) ?? new Map<string, WebSocket>();
    rooms.set(room, members);
    members.set(side, socket);
    socket.on('message', (raw: WebSocket.RawData) => {
      const frame = parseFrame(raw);
      if (!frame) return;
      if (frame.action === 'JoinVideoRoom') {
        socket.send(JSON.stringify({ type: 'VideoJoined', BookingId: frame.BookingId, OtherPresent: false }));
        return;
      }
      for (const [other, peer] of members)
        if (other !== side) peer.send(JSON.stringify({ type: 'VideoSignal', ...frame }));
    });
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `ws://127.0.0.1:${port}/` };
};

const printTable = (gateway: Figures, relay: Figures, rounds: number) => {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
  const ratio = (a: number, b: number) =>
    Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a';
  const g = sorted(gateway.roundTrips);
  const r = sorted(relay.roundTrips);
  const rows: [string, string, string, string][] = [
    ['rooms (2 members each)', String(gateway.rooms), String(relay.rooms), ''],
    [
      'join p50 (JoinVideoRoom -> VideoJoined)',
      ms(percentile(sorted(gateway.joinMs), 50)),
      ms(percentile(sorted(relay.joinMs), 50)),
      ratio(percentile(sorted(gateway.joinMs), 50), percentile(sorted(relay.joinMs), 50)),
    ],
    ['round trips completed', String(g.length), String(r.length), ''],
    ['lost (must be 0)', String(gateway.lost), String(relay.lost), ''],
    ['refused or failed frames (must be 0)', String(gateway.errors), String(relay.errors), ''],
    [
      'round trip p50',
      ms(percentile(g, 50)),
      ms(percentile(r, 50)),
      ratio(percentile(g, 50), percentile(r, 50)),
    ],
    [
      'round trip p99',
      ms(percentile(g, 99)),
      ms(percentile(r, 99)),
      ratio(percentile(g, 99), percentile(r, 99)),
    ],
    ['round trip max', ms(g.at(-1) ?? NaN), ms(r.at(-1) ?? NaN), ''],
    [
      'frames relayed/s',
      ((2 * g.length) / Math.max(gateway.seconds, 1e-3)).toFixed(0),
      ((2 * r.length) / Math.max(relay.seconds, 1e-3)).toFixed(0),
      '',
    ],
  ];
  const header: [string, string, string, string] = ['', 'local gateway', 'bare ws relay', 'ratio'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(
    `\nVideo signalling on 127.0.0.1: ${gateway.rooms} rooms at once, ${rounds} round trips per room, one in flight per room\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const calls of gateway.calls ?? []) console.log(calls);
  console.log(
    `\nRound trip: the patient's VideoSignal -> the nutritionist's tab -> its VideoSignal -> back at the patient` +
      `\n(same process clock). Each frame on the local gateway: routed to the video handler, the booking and the` +
      `\nroom's members read at once (the sender and its session from its member item), the booking and the` +
      `\nwindow checked, @connections push to the other member's tab. The relay forwards only.`,
  );
};

const main = async () => {
  const options = readBoundedOptions(LIMITS);
  const deadline = Date.now() + options.timeout * 1000;
  let stack: RunningLocalStack | undefined;
  let relay: WebSocketServer | undefined;
  let peers: Peer[] = [];
  const closePeers = async () => {
    const open = peers;
    peers = [];
    await Promise.all(open.map((peer) => peer.close()));
  };
  const cleanUp = async () => {
    await closePeers();
    const server = relay;
    relay = undefined;
    if (server) {
      for (const socket of server.clients) socket.terminate();
      server.close();
    }
    const running = stack;
    stack = undefined;
    await stopStack(running);
  };
  cleanUpOnSignals(cleanUp);

  try {
    console.log(`Starting the local stack… (${loadLine()})`);
    stack = await startStack({ countCalls: true });
    const { baseUrl, wsUrl } = stack.info;
    assertLoopback(baseUrl);
    console.log(
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${baseUrl}; opening ${options.rooms} rooms…`,
    );
    const rooms = await createOpenRooms(baseUrl, options.rooms);
    await resetCallCounts(baseUrl);

    console.log(
      `Signalling: ${options.rooms * 2} clients through the local gateway, ${options.rounds} round trips per room…`,
    );
    const gateway = await runRooms(
      'local gateway',
      rooms,
      async (member) => {
        const { Ticket } = await call<{ Ticket: string }>(
          baseUrl,
          'POST',
          'Chat/ConnectionTicket',
          member.token,
        );
        return `${wsUrl}?ticket=${encodeURIComponent(Ticket)}`;
      },
      { rounds: options.rounds, deadline },
    );
    const counts = await readCallCounts(baseUrl);
    gateway.calls = [
      callsLine(counts, ['ws JoinVideoRoom'], 2 * rooms.length, 'join'),
      callsLine(counts, ['ws VideoSignal'], 2 * gateway.roundTrips.length + gateway.lost, 'frame'),
    ];
    peers = gateway.peers;
    await closePeers();

    const browserRuns = options['browser-runs'];
    let firstFrames: FirstFrameFigures | null = null;
    if (browserRuns > 0) {
      console.log(`Chromium: ${browserRuns} runs, join to first remote frame, each in a fresh room…`);
      firstFrames = await measureFirstRemoteFrame(
        baseUrl,
        await createOpenRooms(baseUrl, browserRuns),
        PASSWORD,
      );
    }
    const running = stack;
    stack = undefined;
    await stopStack(running);

    console.log('Same workload through a bare ws relay…');
    const started = await startRelay();
    relay = started.server;
    const bare = await runRooms(
      'bare ws relay',
      rooms,
      (_member, room, side) => Promise.resolve(`${started.url}?room=${room}&side=${side}`),
      { rounds: options.rounds, deadline: Math.max(deadline, Date.now() + 60_000) },
    );
    peers = bare.peers;

    printTable(gateway, bare, options.rounds);
    if (firstFrames) printFirstFrameTable(firstFrames, browserRuns);
    console.log(`\n${loadLine()} (the machine may be shared: compare runs under similar load)`);
    if (gateway.lost || gateway.errors || bare.lost || firstFrames?.failed) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

runBenchmark(main);
