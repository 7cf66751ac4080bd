/**
 * `npm run bench:chat [-- --pairs 100 --connects 20 --warmup 15 --rate 50 --seconds 30 --messages 10 --timeout 600]`: the chat's hot
 * paths through the local WebSocket gateway, each beside what it is compared with, in one run.
 *
 * Starts its own local stack (free port, fresh temporary data directory, counting the handlers' DynamoDB
 * calls) and creates `--pairs` nutritionists, each with one patient (the users a real sign-up makes: one
 * password hash computed once and reused, since hashing is deliberately slow), signs them all in through
 * `Account/Login`, and opens each pair's conversation through `Chat/DirectConversation`. Then:
 * 1. Connect: every user takes a ticket (`POST Chat/ConnectionTicket`) and connects through the local
 *    gateway, `--connects` users arriving a second, each at its moment whatever became of the earlier
 *    ones: connect p50/p99 (ticket + upgrade, and the upgrade alone) and the DynamoDB calls per connect.
 *    The presence pushes the connects cause are then left to drain (outbox) before the clock starts again.
 * 2. Open loop: after `--warmup` seconds of the same load unmeasured (DynamoDB Local's JVM compiles its hot
 *    code meanwhile; its p50/p99 are printed, not judged), `--rate` messages per second in total, spread
 *    over all clients, for `--seconds`, each sent
 *    at its scheduled moment whatever the earlier ones became (what real users do): delivery latency
 *    from the send to the partner's MessageAdded (p50/p99), messages lost and duplicated, and the DynamoDB
 *    calls and `@connections` posts per message, and the CPU time the stack's processes spent per message.
 *    Beside it, the floor: the message's DynamoDB work alone (the append's transaction, then the read of
 *    both members' connections), written by this process at the same rate with the stack idle.
 * 3. Saturated: the raw rate of the append's own transaction (the same items, conditions and sizes,
 *    written straight to the same DynamoDB Local by this process, RAW_CONCURRENCY at once, each on its own
 *    conversation), then every client sending `--messages` messages one after another
 *    (each waits for its own MessageAdded), all at once: messages per second beside that raw rate.
 * Afterwards the store is checked (every message stored once, indexes 0..N-1 with no gap in every
 * conversation), and every client connects again in a burst, `CONNECT_CONCURRENCY` pairs at a time with
 * both members of a pair at once (how the earlier benchmark measured connect: the queue of the burst
 * included). Only 127.0.0.1 is used; the run is bounded in count and time and stops everything it
 * started, also on Ctrl-C. Exit code 1 when a message was lost, duplicated or stored with a gap.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { passwordHashOf, putNutritionist, putPatient } from '../../tests/integration/support/people';
import { callsLine, readCallCounts, resetCallCounts } from './call-counts';
import { cleanUpOnSignals, runBenchmark, startStack, stopStack } from './lifecycle';
import { assertLoopback, loadLine } from './machine';
import { drainOutbox } from './outbox';
import { cpuPer, cpuSince, readStackCpu } from './stack-cpu';
import { callApi as call, percentile, pool, readBoundedOptions } from './tools';

const LIMITS = {
  pairs: { default: 100, min: 1, max: 500 },
  connects: { default: 20, min: 1, max: 200 },
  rate: { default: 50, min: 1, max: 500 },
  seconds: { default: 30, min: 1, max: 120 },
  warmup: { default: 15, min: 0, max: 120 },
  messages: { default: 10, min: 1, max: 100 },
  timeout: { default: 600, min: 60, max: 900 },
};
/** How long a client waits for the echo of its own message before sending the next one anyway. */
const ECHO_WAIT_MS = 15_000;
/** After the last send: how long late deliveries are still awaited before the rest counts as lost. */
const DRAIN_MS = 10_000;
/** Set-up requests in flight at once (sign-ins verify a password hash: CPU-bound on the stack). */
const SETUP_CONCURRENCY = 4;
/** Pairs connecting at once (each: two tickets, two upgrades, two `$connect` with presence pushes). */
const CONNECT_CONCURRENCY = 10;
const PASSWORD = 'Bench-Chat-Ortaggi-2026';
/** How long the raw transaction rate is measured. */
const RAW_SECONDS = 5;
/**
 * Raw transactions in flight at once: the SDK's default socket pool (the stack's handlers share one of the
 * same size), more than DynamoDB Local can serve at once on this machine.
 */
const RAW_CONCURRENCY = 50;
/** Longest wait for a backlog of late messages to be delivered before the next phase starts. */
const SETTLE_MS = 120_000;
/** Longest wait for the outbox (the connects' presence pushes) to drain. */
const OUTBOX_DRAIN_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BenchUser {
  id: string;
  email: string;
  token: string;
}

interface BenchPair {
  nutritionist: BenchUser;
  patient: BenchUser;
  conversationSid: string;
}

/**
 * The pairs, made like real users: user items with a password hash (one hash for all), the
 * nutritionist's profile, the patient's profile assigned to them; then signed in and the conversation
 * opened through the API.
 */
const createPairs = async (baseUrl: string, count: number): Promise<BenchPair[]> => {
  const passwordHash = await passwordHashOf(PASSWORD);
  const person = (name: string) => {
    const id = randomUUID();
    return {
      id,
      userName: `bench-chat-${id.slice(0, 8)}`,
      email: `bench-chat-${id.slice(0, 8)}@nutri.test`,
      name,
      displayName: `${name} ${id.slice(0, 4)}`,
      passwordHash,
    };
  };
  const people = await pool(
    Array.from({ length: count }, () => async () => {
      const nutritionist = person('Chiara Verdi');
      await putNutritionist(nutritionist);
      const patient = person('Paola Bianchi');
      await putPatient(patient, nutritionist.id);
      return { nutritionist, patient };
    }),
    SETUP_CONCURRENCY * 2,
  );
  const signIn = async (email: string) =>
    (
      await call<{ accessToken: string }>(baseUrl, 'POST', 'Account/Login', undefined, {
        email,
        password: PASSWORD,
        rememberMe: false,
      })
    ).accessToken;
  return pool(
    people.map(({ nutritionist, patient }) => async () => {
      const nutritionistToken = await signIn(nutritionist.email);
      const patientToken = await signIn(patient.email);
      const { ConversationId } = await call<{ ConversationId: string }>(
        baseUrl,
        'GET',
        `Chat/DirectConversation/${nutritionist.id}`,
        patientToken,
      );
      return {
        nutritionist: { id: nutritionist.id, email: nutritionist.email, token: nutritionistToken },
        patient: { id: patient.id, email: patient.email, token: patientToken },
        conversationSid: ConversationId,
      };
    }),
    SETUP_CONCURRENCY,
  );
};

type Phase = 'warm-up' | 'open' | 'saturated';

/** One sent message and what became of it. */
interface Sent {
  phase: Phase;
  from: number;
  to: number;
  sentAt: number;
  /** MessageAdded received by the partner (must end as 1). */
  delivered: number;
  /** MessageAdded received back by the sender's own tab. */
  echoed: number;
  latencyMs?: number;
}

interface Frame {
  type?: string;
  code?: string;
  message?: unknown;
}

const textOf = (raw: WebSocket.RawData) =>
  Buffer.isBuffer(raw)
    ? raw.toString('utf8')
    : Array.isArray(raw)
      ? Buffer.concat(raw).toString('utf8')
      : Buffer.from(raw).toString('utf8');

const parseFrame = (raw: WebSocket.RawData): Frame | null => {
  try {
    const data: unknown = JSON.parse(textOf(raw));
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
};

/** A client socket; every MessageAdded it receives is accounted in `sent` by the message's client id. */
class Client {
  private echoWaiters = new Map<string, () => void>();
  unexpected = 0;
  errors: string[] = [];

  private constructor(
    readonly index: number,
    readonly socket: WebSocket,
    private readonly sent: Map<string, Sent>,
  ) {
    socket.on('message', (raw: WebSocket.RawData) => {
      const receivedAt = performance.now();
      const data = parseFrame(raw);
      if (!data) {
        this.errors.push('non-JSON frame');
        return;
      }
      if (data.type === 'error') this.errors.push(String(data.code));
      // The gateway's answer to an action whose handler failed has no type, only this message.
      else if (!data.type && data.message !== undefined) this.errors.push('internal server error');
      if (data.type !== 'MessageAdded') return;
      // MessageId is `<author id>:<client id>` once stored: the client id is the part after the colon.
      const clientId = String((data.message as { MessageId?: string } | undefined)?.MessageId ?? '')
        .split(':')
        .pop()!;
      const record = this.sent.get(clientId);
      if (record?.from === this.index) {
        record.echoed += 1;
        this.echoWaiters.get(clientId)?.();
      } else if (record?.to === this.index) {
        record.delivered += 1;
        if (record.delivered === 1) record.latencyMs = receivedAt - record.sentAt;
      } else this.unexpected += 1;
    });
    socket.on('error', (error) => this.errors.push(error.message));
  }

  static async connect(index: number, url: string, sent: Map<string, Sent>) {
    assertLoopback(url.replace(/^ws/, 'http'));
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: HTTP ${response.statusCode ?? '?'}`)),
      );
    });
    return new Client(index, socket, sent);
  }

  /** Sends one message without waiting for anything; returns its client id. */
  post(phase: Phase, conversationSid: string, partner: number, text: string) {
    const clientId = randomUUID();
    this.sent.set(clientId, {
      phase,
      from: this.index,
      to: partner,
      sentAt: performance.now(),
      delivered: 0,
      echoed: 0,
    });
    this.socket.send(
      JSON.stringify({
        action: 'SendMessage',
        ConversationSid: conversationSid,
        Text: text,
        MessageId: clientId,
      }),
    );
    return clientId;
  }

  /** Sends one message and waits (bounded) for its echo, so the client has one message in flight. */
  async send(phase: Phase, conversationSid: string, partner: number, text: string) {
    let clientId = '';
    const echoed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ECHO_WAIT_MS);
      clientId = this.post(phase, conversationSid, partner, text);
      this.echoWaiters.set(clientId, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await echoed;
    this.echoWaiters.delete(clientId);
  }

  async close() {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const closed = once(this.socket, 'close');
    this.socket.close(1000);
    await Promise.race([closed, pause(2000)]);
    this.socket.terminate();
  }
}

/** Clients `2n` (patient) and `2n + 1` (nutritionist) share conversation `n`. */
const partnerOf = (client: number) => (client % 2 ? client - 1 : client + 1);

/** One client's ticket and upgrade, timed: both together, and the upgrade alone. */
const timedConnect = async (
  index: number,
  ticketUrl: (client: number) => Promise<string>,
  sent: Map<string, Sent>,
  times: { withTicketMs: number[]; upgradeMs: number[] },
) => {
  const started = performance.now();
  const url = await ticketUrl(index);
  const upgrading = performance.now();
  const client = await Client.connect(index, url, sent);
  const done = performance.now();
  times.withTicketMs.push(done - started);
  times.upgradeMs.push(done - upgrading);
  return client;
};

/**
 * Connects every client as users arrive: one every 1 / `perSecond` s, each started at its moment whatever
 * became of the earlier ones (the connect's own latency, as one user sees it).
 */
const connectArriving = async (
  count: number,
  perSecond: number,
  ticketUrl: (client: number) => Promise<string>,
  sent: Map<string, Sent>,
) => {
  const times = { withTicketMs: [] as number[], upgradeMs: [] as number[] };
  const started = performance.now();
  const connecting: Promise<Client>[] = [];
  for (let index = 0; index < count; index += 1) {
    const wait = started + (index * 1000) / perSecond - performance.now();
    if (wait > 1) await pause(wait);
    connecting.push(timedConnect(index, ticketUrl, sent, times));
  }
  return { clients: await Promise.all(connecting), ...times };
};

/**
 * Connects every client in a burst: pairs `CONNECT_CONCURRENCY` at a time, both members of a pair at once
 * (how the earlier benchmark connected: the latency includes the queue of the burst).
 */
const connectBurst = async (
  pairs: BenchPair[],
  ticketUrl: (client: number) => Promise<string>,
  sent: Map<string, Sent>,
) => {
  const times = { withTicketMs: [] as number[], upgradeMs: [] as number[] };
  const clients = (
    await pool(
      pairs.map(
        (_pair, n) => () =>
          Promise.all([2 * n, 2 * n + 1].map((index) => timedConnect(index, ticketUrl, sent, times))),
      ),
      CONNECT_CONCURRENCY,
    )
  ).flat();
  return { clients, ...times };
};

/** Waits until every message of the phase reached the partner, or `ms` (DRAIN_MS) after the last send. */
const drainDeliveries = async (sent: Map<string, Sent>, phase: Phase, ms = DRAIN_MS) => {
  const until = Date.now() + ms;
  const undelivered = () => [...sent.values()].some((record) => record.phase === phase && !record.delivered);
  while (undelivered() && Date.now() < until) await pause(50);
};

interface Delivery {
  sent: number;
  delivered: number;
  lost: number;
  duplicates: number;
  echoesMissing: number;
  latencies: number[];
  /** From the first send to the last delivery. */
  seconds: number;
}

const deliveryOf = (sent: Map<string, Sent>, phase: Phase, startedAt: number): Delivery => {
  const records = [...sent.values()].filter((record) => record.phase === phase);
  const lastDelivery = Math.max(
    startedAt,
    ...records.flatMap((record) =>
      record.latencyMs === undefined ? [] : [record.sentAt + record.latencyMs],
    ),
  );
  return {
    sent: records.length,
    delivered: records.filter((record) => record.delivered > 0).length,
    lost: records.filter((record) => record.delivered === 0).length,
    duplicates: records.reduce((sum, record) => sum + Math.max(0, record.delivered - 1), 0),
    echoesMissing: records.filter((record) => record.echoed === 0).length,
    latencies: records
      .flatMap((record) => (record.latencyMs === undefined ? [] : [record.latencyMs]))
      .sort((a, b) => a - b),
    seconds: (lastDelivery - startedAt) / 1000,
  };
};

/**
 * Open loop: message k leaves at start + k / rate whatever became of the earlier ones, from conversation
 * k mod pairs (its members taking turns), so consecutive messages go to different conversations and each
 * conversation gets one every pairs / rate seconds.
 */
const runOpenLoop = async (
  clients: Client[],
  pairs: BenchPair[],
  options: { rate: number; seconds: number; deadline: number },
  phase: Phase = 'open',
) => {
  const total = options.rate * options.seconds;
  const started = performance.now();
  for (let k = 0; k < total && Date.now() < options.deadline; k += 1) {
    const due = started + (k * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await pause(wait);
    const n = k % pairs.length;
    const index = 2 * n + (Math.floor(k / pairs.length) % 2);
    clients[index]!.post(phase, pairs[n]!.conversationSid, partnerOf(index), `Messaggio ${k + 1}`);
  }
  return started;
};

/** Closed loop: every client sends `messages` messages, each after the echo of the previous one. */
const runClosedLoop = async (
  clients: Client[],
  pairs: BenchPair[],
  options: { messages: number; deadline: number },
) => {
  let timedOut = false;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      const sid = pairs[Math.floor(client.index / 2)]!.conversationSid;
      for (let k = 0; k < options.messages; k += 1) {
        if (Date.now() > options.deadline) {
          timedOut = true;
          return;
        }
        await client.send('saturated', sid, partnerOf(client.index), `Di corsa ${k + 1} da ${client.index}`);
      }
    }),
  );
  return { started, timedOut };
};

/**
 * The message's DynamoDB work written straight to the same DynamoDB Local by this process, on
 * conversations of its own (so no condition fails): the append's transaction as appendMessage in
 * functions/src/chat/chat-repo.ts writes it (the sender's session condition, the MessageId guard, the
 * conversation's MaxMessageIndex bumped on the value read, the message with its e-mail queue keys, the
 * author's seen mark) and the read of both members' connection items after it (one BatchGetItem).
 */
const rawMessageWork = async () => {
  const { db, tableName } = await import('../../functions/src/platform/db/client');
  const { BatchGetCommand, PutCommand, TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const run = randomUUID().slice(0, 8);
  const body = 'Messaggio di prova per misurare la transazione, lungo come un messaggio vero.';
  const nextIndex = new Map<number, number>();
  const sessions = new Set<number>();
  const sessionKey = (writer: number) => ({ pk: `BENCHRAW#${run}#${writer}`, sk: 'SESSION' });
  /** Appends the next message of `writer`'s conversation. */
  const append = async (writer: number) => {
    const pk = `BENCHRAW#${run}#${writer}`;
    if (!sessions.has(writer)) {
      // The session family the condition checks, as sign-in writes it.
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...sessionKey(writer),
            type: 'BenchRaw',
            userId: pk,
            revoked: false,
            expiresAt: 4_102_444_800,
          },
        }),
      );
      sessions.add(writer);
    }
    const index = nextIndex.get(writer) ?? 0;
    nextIndex.set(writer, index + 1);
    const at = new Date().toISOString();
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: sessionKey(writer),
              ConditionExpression:
                'userId = :user AND (attribute_not_exists(revoked) OR revoked <> :true) AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
              ExpressionAttributeValues: {
                ':user': pk,
                ':true': true,
                ':now': Math.floor(Date.now() / 1000),
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { pk, sk: `MSGID#${randomUUID()}`, type: 'BenchRaw', MessageIndex: index },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: { pk, sk: 'CONV' },
              UpdateExpression: 'SET MaxMessageIndex = :index, LastMessageDate = :at',
              ConditionExpression:
                index === 0 ? 'attribute_not_exists(MaxMessageIndex)' : 'MaxMessageIndex = :previous',
              ExpressionAttributeValues: {
                ':index': index,
                ':at': at,
                ...(index === 0 ? {} : { ':previous': index - 1 }),
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                pk,
                sk: `MSG#${String(index).padStart(10, '0')}`,
                type: 'BenchRaw',
                MessageSid: `IM${randomUUID().replace(/-/g, '')}`,
                MessageId: `${randomUUID()}:${randomUUID()}`,
                Body: body,
                AuthorId: randomUUID(),
                MessageIndex: index,
                Attributes: '{}',
                DateCreated: at,
                ConversationSid: pk,
                EmailNotificationSent: false,
                EmailLastEvent: null,
                gsi3pk: `BENCHRAW#${run}`,
                gsi3sk: `${at}#${pk}#${String(index).padStart(10, '0')}`,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: { pk, sk: 'MEMBER#author' },
              UpdateExpression: 'SET LastSeenMessageIndex = :index',
              ExpressionAttributeValues: { ':index': index },
            },
          },
        ],
      }),
    );
  };
  /** The read of both members' connections that follows the append. */
  const readConnections = (writer: number) =>
    db().send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: [
              { pk: `BENCHRAW#${run}#${writer}#patient`, sk: 'CONNECTIONS' },
              { pk: `BENCHRAW#${run}#${writer}#nutritionist`, sk: 'CONNECTIONS' },
            ],
            ConsistentRead: true,
          },
        },
      }),
    );
  return { append, readConnections };
};

/**
 * The open loop's floor: the message's DynamoDB work alone (the append, then the connections' read) at
 * the open loop's rate and spread, with nothing else running: what no code in the stack can go below.
 */
const measureDatabaseFloor = async (options: { rate: number; seconds: number; writers: number }) => {
  const { append, readConnections } = await rawMessageWork();
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let k = 0; k < options.rate * options.seconds; k += 1) {
    const wait = started + (k * 1000) / options.rate - performance.now();
    if (wait > 1) await pause(wait);
    const writer = k % options.writers;
    const sentAt = performance.now();
    inFlight.push(
      append(writer)
        .then(() => readConnections(writer))
        .then(() => {
          latencies.push(performance.now() - sentAt);
        }),
    );
  }
  await Promise.all(inFlight);
  return latencies.sort((a, b) => a - b);
};

/**
 * The raw rate of the append's transaction (rawMessageWork) on the same DynamoDB Local, `concurrency`
 * writers at once, each on a conversation of its own, for `seconds`; and the time of one such transaction
 * alone.
 */
const measureRawTransactions = async (concurrency: number, seconds: number) => {
  const { append } = await rawMessageWork();
  // One at a time first: the floor of a message's delivery latency.
  const aloneMs: number[] = [];
  for (let index = 0; index < 50; index += 1) {
    const started = performance.now();
    await append(concurrency);
    aloneMs.push(performance.now() - started);
  }
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, writer) => {
      while (performance.now() < until) {
        await append(writer);
        done += 1;
      }
    }),
  );
  return {
    perSecond: done / ((performance.now() - started) / 1000),
    aloneMs: aloneMs.sort((a, b) => a - b),
  };
};

/**
 * Every conversation holds exactly the messages its members sent, each once, at indexes 0..N-1.
 * Returns the number of conversations that pass.
 */
const checkStore = async (
  pairs: BenchPair[],
  sent: Map<string, Sent>,
  clientUserId: (client: number) => string,
) => {
  const { listMessages } = await import('../../functions/src/chat/chat-repo');
  const expected = new Map<string, Set<string>>(pairs.map((pair) => [pair.conversationSid, new Set()]));
  for (const [clientId, record] of sent)
    expected
      .get(pairs[Math.floor(record.from / 2)]!.conversationSid)!
      .add(`${clientUserId(record.from)}:${clientId}`);
  let ok = 0;
  for (const pair of pairs) {
    const want = expected.get(pair.conversationSid)!;
    const stored = await listMessages(pair.conversationSid, { limit: want.size + 50 });
    const indexes = stored.map((message) => message.MessageIndex).sort((a, b) => a - b);
    const ids = new Set(stored.map((message) => message.MessageId));
    const gapFree = indexes.every((index, position) => index === position);
    if (
      gapFree &&
      stored.length === want.size &&
      ids.size === want.size &&
      [...want].every((id) => ids.has(id))
    )
      ok += 1;
  }
  return ok;
};

const ms = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a';
const p = (sorted: number[], at: number) => percentile(sorted, at);
const verdict = (holds: boolean) => (holds ? 'met' : 'NOT met');

const printTable = (rows: [string, string, string][]) => {
  const header: [string, string, string] = ['', 'measured', 'beside it / target'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
};

const errorSummary = (clients: Client[]) => {
  const codes = clients
    .flatMap((client) => client.errors)
    .reduce((all, code) => all.set(code, (all.get(code) ?? 0) + 1), new Map<string, number>());
  return codes.size ? [...codes].map(([code, count]) => `${code} × ${count}`).join(', ') : 'none';
};

const main = async () => {
  const options = readBoundedOptions(LIMITS);
  const deadline = Date.now() + options.timeout * 1000;
  let stack: RunningLocalStack | undefined;
  let clients: Client[] = [];
  const closeClients = async () => {
    const open = clients;
    clients = [];
    await Promise.all(open.map((client) => client.close()));
  };
  const cleanUp = async () => {
    await closeClients();
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
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${baseUrl}; creating ${options.pairs} patient–nutritionist pairs…`,
    );
    const pairs = await createPairs(baseUrl, options.pairs);
    const userOf = (client: number) => {
      const pair = pairs[Math.floor(client / 2)]!;
      return client % 2 ? pair.nutritionist : pair.patient;
    };
    const sent = new Map<string, Sent>();
    const loads: Record<string, string> = {};

    const ticketUrl = async (client: number) => {
      const { Ticket } = await call<{ Ticket: string }>(
        baseUrl,
        'POST',
        'Chat/ConnectionTicket',
        userOf(client).token,
      );
      return `${wsUrl}?ticket=${encodeURIComponent(Ticket)}`;
    };

    // 1. Connect, as users arrive.
    console.log(`Connecting ${pairs.length * 2} clients as they arrive, ${options.connects} a second…`);
    loads.connect = loadLine();
    await resetCallCounts(baseUrl);
    const connected = await connectArriving(pairs.length * 2, options.connects, ticketUrl, sent);
    clients = connected.clients;
    const connectCounts = await readCallCounts(baseUrl);
    const drained = await drainOutbox(OUTBOX_DRAIN_MS);
    // The presence pushes are in flight until the outbox item is finished: a moment more.
    await pause(1000);
    const presenceCounts = await readCallCounts(baseUrl);
    const ticketEntry = Object.keys(connectCounts.dynamodb).find((name) =>
      name.endsWith('Chat/ConnectionTicket'),
    );

    // 2. Open loop, after the same load unmeasured for a while: DynamoDB Local is a JVM whose compiler
    // is still at work on the first thousand messages (a deployed stack is warm, and the cloud's
    // DynamoDB has no such warm-up).
    let warmUp: Delivery | undefined;
    if (options.warmup > 0) {
      console.log(`Warm-up: ${options.rate} messages/s for ${options.warmup} s, not judged…`);
      const warmUpStarted = await runOpenLoop(
        clients,
        pairs,
        { ...options, seconds: options.warmup, deadline },
        'warm-up',
      );
      await drainDeliveries(sent, 'warm-up', SETTLE_MS);
      warmUp = deliveryOf(sent, 'warm-up', warmUpStarted);
    }
    console.log(`Open loop: ${options.rate} messages/s in total for ${options.seconds} s…`);
    loads.open = loadLine();
    await resetCallCounts(baseUrl);
    const openCpuBefore = readStackCpu(stack.child.pid!);
    const openStarted = await runOpenLoop(clients, pairs, { ...options, deadline });
    await drainDeliveries(sent, 'open');
    const openCpu = cpuSince(openCpuBefore, stack.child.pid!);
    // Pushes of the last messages may still be on their way to the sender's own tab: they count too.
    await pause(500);
    const openCounts = await readCallCounts(baseUrl);
    const open = deliveryOf(sent, 'open', openStarted);
    // An overloaded stack is still working off the open loop: the raw rate is measured once it is done.
    await drainDeliveries(sent, 'open', SETTLE_MS);
    console.log(
      `The database alone: the message's DynamoDB work at ${options.rate}/s for ${options.seconds} s…`,
    );
    loads.floor = loadLine();
    const floor = await measureDatabaseFloor({ ...options, writers: pairs.length });

    // 3. Saturated: the raw transaction rate, then the closed loop right after it.
    console.log(`Raw append transactions, ${RAW_CONCURRENCY} at once for ${RAW_SECONDS} s…`);
    loads.raw = loadLine();
    const raw = await measureRawTransactions(RAW_CONCURRENCY, RAW_SECONDS);
    console.log(
      `Saturated: ${clients.length} clients, ${options.messages} messages each, one in flight each…`,
    );
    loads.saturated = loadLine();
    await resetCallCounts(baseUrl);
    const saturatedCpuBefore = readStackCpu(stack.child.pid!);
    const closed = await runClosedLoop(clients, pairs, { ...options, deadline });
    await drainDeliveries(sent, 'saturated');
    const saturatedCpu = cpuSince(saturatedCpuBefore, stack.child.pid!);
    const saturatedCounts = await readCallCounts(baseUrl);
    const saturated = deliveryOf(sent, 'saturated', closed.started);
    const storedOk = await checkStore(pairs, sent, (client) => userOf(client).id);

    // 4. Connect again, in a burst.
    await closeClients();
    await drainOutbox(OUTBOX_DRAIN_MS);
    console.log(`Connecting the ${pairs.length * 2} clients again, ${CONNECT_CONCURRENCY} pairs at a time…`);
    loads.burst = loadLine();
    const burst = await connectBurst(pairs, ticketUrl, sent);
    clients = burst.clients;
    const burstAt = burst.withTicketMs.sort((a, b) => a - b);

    // Late is not lost: what the open loop had not delivered within DRAIN_MS may have arrived since.
    const openAtEnd = deliveryOf(sent, 'open', openStarted);
    const connectAt = connected.withTicketMs.sort((a, b) => a - b);
    const upgradeAt = connected.upgradeMs.sort((a, b) => a - b);
    const perSecond = saturated.delivered / Math.max(saturated.seconds, 1e-3);
    const ratio = perSecond / raw.perSecond;
    const openMet = p(open.latencies, 99) <= 50 && !open.lost && !open.duplicates;
    console.log(
      `\nChat on 127.0.0.1: ${clients.length} clients in ${pairs.length} conversations (${loadLine()} at the end)\n`,
    );
    printTable([
      [
        `connect p50 (ticket + upgrade), ${options.connects}/s arriving`,
        ms(p(connectAt, 50)),
        `<= 50 ms: ${verdict(p(connectAt, 50) <= 50)}`,
      ],
      ['connect p99 (ticket + upgrade)', ms(p(connectAt, 99)), ''],
      ['upgrade alone ($connect) p50 / p99', `${ms(p(upgradeAt, 50))} / ${ms(p(upgradeAt, 99))}`, ''],
      [
        `connect p50 / p99 in a burst (${CONNECT_CONCURRENCY * 2} at a time)`,
        `${ms(p(burstAt, 50))} / ${ms(p(burstAt, 99))}`,
        'the earlier way of measuring',
      ],
      ...(warmUp
        ? ([
            [
              `warm-up (${options.rate}/s for ${options.warmup} s before): p50 / p99`,
              `${ms(p(warmUp.latencies, 50))} / ${ms(p(warmUp.latencies, 99))}`,
              'not judged: the JVM still compiling',
            ],
          ] as [string, string, string][])
        : []),
      [`open loop (${options.rate}/s for ${options.seconds} s): sent`, String(open.sent), ''],
      [
        `  delivered in ${DRAIN_MS / 1000} s / not / duplicated`,
        `${open.delivered} / ${open.lost} / ${open.duplicates}`,
        '0 lost, 0 duplicated',
      ],
      ['  delivery p50', ms(p(open.latencies, 50)), `one append alone p50 ${ms(p(raw.aloneMs, 50))}`],
      ['  delivery p99', ms(p(open.latencies, 99)), `<= 50 ms, 0 lost, 0 dup: ${verdict(openMet)}`],
      ['  delivery max', ms(open.latencies.at(-1)), ''],
      [
        '  the database alone, same rate: p50 / p99',
        `${ms(p(floor, 50))} / ${ms(p(floor, 99))}`,
        'the floor: append + connections read',
      ],
      ['  own echo missing', String(open.echoesMissing), ''],
      [
        '  by the end of the run: lost / duplicated',
        `${openAtEnd.lost} / ${openAtEnd.duplicates}`,
        'late is not lost',
      ],
      [
        `saturated (${clients.length} × ${options.messages}, one in flight each)`,
        `${perSecond.toFixed(0)} messages/s`,
        `raw append transaction ${raw.perSecond.toFixed(0)}/s: ${ratio.toFixed(2)}× (>= 0.5×: ${verdict(ratio >= 0.5)})`,
      ],
      [
        '  delivered / lost / duplicated',
        `${saturated.delivered} / ${saturated.lost} / ${saturated.duplicates}`,
        '',
      ],
      ['  delivery p50 / p99', `${ms(p(saturated.latencies, 50))} / ${ms(p(saturated.latencies, 99))}`, ''],
      ['stored once, indexes 0..N-1, no gap', `${storedOk}/${pairs.length} conversations`, ''],
      ['error replies', errorSummary(clients), ''],
    ]);
    // Per SendMessage handled: an overloaded stack may not have handled every message sent yet.
    const perMessage = (counts: typeof openCounts) =>
      callsLine(counts, ['ws SendMessage'], counts.dynamodb['ws SendMessage']?.invocations ?? 0, 'message', {
        pushes: true,
      });
    console.log(`\nDynamoDB calls (target: at most 4 per message, one of them the append transaction):`);
    console.log(`  open loop:   ${perMessage(openCounts)}`);
    console.log(`  saturated:   ${perMessage(saturatedCounts)}`);
    console.log(`  \$connect:    ${callsLine(connectCounts, ['ws $connect'], clients.length, 'connect')}`);
    if (ticketEntry)
      console.log(`  ticket:      ${callsLine(connectCounts, [ticketEntry], clients.length, 'ticket')}`);
    console.log(
      `  presence:    ${callsLine(presenceCounts, ['ws $connect', 'outbox'], clients.length, 'connect')}, ` +
        `in \$connect and the outbox together (outbox drained in ${(drained.ms / 1000).toFixed(1)} s, ${drained.pending} left)`,
    );
    // CPU time of the stack's processes per message sent, background work included (load moves it far less than latency).
    const cpuLine = (used: typeof openCpu, messages: number) => {
      const cpu = cpuPer(used, messages);
      return `${cpu.totalMs.toFixed(1)} ms per message (runtime ${cpu.runtimeMs.toFixed(1)}, DynamoDB Local ${cpu.dynamoDbMs.toFixed(1)})`;
    };
    console.log(`\nStack CPU (the runtime's process and DynamoDB Local's):`);
    console.log(`  open loop:   ${cpuLine(openCpu, open.sent)}`);
    console.log(`  saturated:   ${cpuLine(saturatedCpu, saturated.sent)}`);
    console.log(
      `\nLatency: SendMessage leaving the sender -> MessageAdded at the partner (same process clock). Raw rate:` +
        `\nthe append's transaction written by this process to the same DynamoDB Local, ${RAW_CONCURRENCY} at once, each on` +
        `\nits own conversation. The database alone: the same transaction and the BatchGetItem of the two members'` +
        `\nconnection items, one after the other per message, sent by this process at the open loop's rate with` +
        `\nthe stack idle. Load average when each phase started: connect ${loads.connect}; open loop` +
        `\n${loads.open}; database alone ${loads.floor}; raw ${loads.raw}; saturated ${loads.saturated};` +
        `\nburst connect ${loads.burst}.`,
    );
    if (closed.timedOut) console.log('The time limit was reached: some clients stopped early.');
    if (
      openAtEnd.lost ||
      openAtEnd.duplicates ||
      saturated.lost ||
      saturated.duplicates ||
      storedOk !== pairs.length ||
      closed.timedOut
    )
      process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

runBenchmark(main);
