/**
 * `npm run bench:chat [-- --pairs 100 --messages 10 --timeout 300]`: chat message delivery through the
 * local WebSocket gateway, compared with a bare `ws` relay.
 *
 * Starts its own local stack (free port, fresh temporary data directory) and creates `--pairs`
 * nutritionists, each with one patient (the users a real sign-up makes: one password hash computed once
 * and reused, since hashing is deliberately slow), signs them all in through `Account/Login`, and opens
 * each pair's conversation through `Chat/DirectConversation`. Then every user takes a ticket
 * (`POST Chat/ConnectionTicket`) and connects through the local gateway (both members of a pair at the
 * same moment, as when two people open the chat), and every client sends `--messages` messages with
 * SendMessage, one after another (each waits for its own MessageAdded), all clients at once. Measured:
 * the delivery latency from the send to the partner's MessageAdded (p50/p99), messages lost (every
 * message must reach the partner exactly once) and throughput; afterwards the store is checked (every
 * message stored once, indexes 0..N-1 with no gap in every conversation).
 *
 * The stack is then stopped and the SAME workload runs through a bare `ws` relay in this process, which
 * only forwards each message to the partner's socket (and echoes it to the sender, as the gateway does):
 * no ticket, no storage, no index. The table shows both and the ratio. Only 127.0.0.1 is used; the run is
 * bounded in count and time and stops everything it started, also on Ctrl-C. Exit code 1 when a message
 * was lost, duplicated or stored with a gap.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import type { RunningLocalStack } from '../lib/local-stack.mjs';
import { passwordHashOf, putNutritionist, putPatient } from '../../tests/integration/support/people';
import { cleanUpOnSignals, runBenchmark, startStack, stopStack } from './lifecycle';
import { assertLoopback, loadLine } from './machine';
import { percentile, pool, readBoundedOptions } from './tools';

const LIMITS = {
  pairs: { default: 100, min: 1, max: 500 },
  messages: { default: 10, min: 1, max: 100 },
  timeout: { default: 300, min: 10, max: 900 },
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const call = async <T>(baseUrl: string, method: string, route: string, token?: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}/api/v2/${route}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

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

/** One sent message and what became of it. */
interface Sent {
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
      if (!record) {
        this.unexpected += 1;
        return;
      }
      if (record.from === this.index) {
        record.echoed += 1;
        this.echoWaiters.get(clientId)?.();
      } else if (record.to === this.index) {
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

  /** Sends one message and waits (bounded) for its echo, so each client has one message in flight. */
  async send(conversationSid: string, partner: number, text: string) {
    const clientId = randomUUID();
    const echoed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ECHO_WAIT_MS);
      this.echoWaiters.set(clientId, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.sent.set(clientId, {
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

interface Figures {
  name: string;
  clients: number;
  conversations: number;
  connectMs: number[];
  sent: number;
  delivered: number;
  lost: number;
  duplicates: number;
  echoesMissing: number;
  unexpected: number;
  errors: number;
  /** Error replies by code (e.g. `unauthorized`: the connection was no longer known to the server). */
  errorCodes: Map<string, number>;
  latencies: number[];
  sendSeconds: number;
  /** Conversations whose stored messages are exactly the sent ones at indexes 0..N-1 (null: not stored). */
  storedOk: number | null;
  timedOut: boolean;
}

/**
 * The workload, against either target: clients `2n` (patient) and `2n + 1` (nutritionist) share
 * conversation `n`; each sends `messages` messages to the other, all clients at once.
 */
const runWorkload = async (
  name: string,
  pairs: { conversationSid: string }[],
  urlFor: (client: number) => Promise<string>,
  options: { messages: number; deadline: number },
): Promise<Figures & { sentMessages: Map<string, Sent>; sockets: Client[] }> => {
  const sent = new Map<string, Sent>();
  const connectMs: number[] = [];
  const clients = (
    await pool(
      pairs.map(
        (_pair, n) => async () =>
          Promise.all(
            [2 * n, 2 * n + 1].map(async (index) => {
              const started = performance.now();
              const client = await Client.connect(index, await urlFor(index), sent);
              connectMs.push(performance.now() - started);
              return client;
            }),
          ),
      ),
      CONNECT_CONCURRENCY,
    )
  ).flat();
  // Presence events of the last connections settle before the clock starts.
  await pause(1000);

  let timedOut = false;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      const n = Math.floor(client.index / 2);
      const partner = client.index % 2 ? client.index - 1 : client.index + 1;
      for (let k = 0; k < options.messages; k += 1) {
        if (Date.now() > options.deadline) {
          timedOut = true;
          return;
        }
        await client.send(pairs[n]!.conversationSid, partner, `Messaggio ${k + 1} da ${client.index}`);
      }
    }),
  );
  // Late deliveries to partners (an echo can arrive before the partner's copy).
  const drainUntil = Math.min(Date.now() + DRAIN_MS, options.deadline + DRAIN_MS);
  const undelivered = () => [...sent.values()].some((record) => record.delivered === 0);
  while (undelivered() && Date.now() < drainUntil) await pause(100);
  const records = [...sent.values()];
  const lastDelivery = Math.max(
    started,
    ...records.flatMap((record) =>
      record.latencyMs === undefined ? [] : [record.sentAt + record.latencyMs],
    ),
  );
  return {
    name,
    clients: clients.length,
    conversations: pairs.length,
    connectMs,
    sent: records.length,
    delivered: records.filter((record) => record.delivered > 0).length,
    lost: records.filter((record) => record.delivered === 0).length,
    duplicates: records.reduce((sum, record) => sum + Math.max(0, record.delivered - 1), 0),
    echoesMissing: records.filter((record) => record.echoed === 0).length,
    unexpected: clients.reduce((sum, client) => sum + client.unexpected, 0),
    errors: clients.reduce((sum, client) => sum + client.errors.length, 0),
    errorCodes: clients
      .flatMap((client) => client.errors)
      .reduce((codes, code) => codes.set(code, (codes.get(code) ?? 0) + 1), new Map<string, number>()),
    latencies: records.flatMap((record) => (record.latencyMs === undefined ? [] : [record.latencyMs])),
    sendSeconds: (lastDelivery - started) / 1000,
    storedOk: null,
    timedOut,
    sentMessages: sent,
    sockets: clients,
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

/** A bare relay: forwards each SendMessage as MessageAdded to the partner's socket and back to the sender. */
const startRelay = async () => {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await once(server, 'listening');
  const sockets = new Map<number, WebSocket>();
  server.on('connection', (socket, request) => {
    const index = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('client'));
    sockets.set(index, socket);
    const partner = index % 2 ? index - 1 : index + 1;
    socket.on('message', (raw: WebSocket.RawData) => {
      const action = JSON.parse(textOf(raw)) as {
        ConversationSid: string;
        Text: string;
        MessageId: string;
      };
      const event = JSON.stringify({
        type: 'MessageAdded',
        message: {
          MessageId: `${index}:${action.MessageId}`,
          Body: action.Text,
          ConversationSid: action.ConversationSid,
        },
      });
      sockets.get(partner)?.send(event);
      socket.send(event);
    });
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `ws://127.0.0.1:${port}/` };
};

const printTable = (gateway: Figures, relay: Figures, options: { messages: number }) => {
  const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
  const throughput = (figures: Figures) => figures.delivered / Math.max(figures.sendSeconds, 1e-3);
  const g = { latency: sortedOf(gateway.latencies), connect: sortedOf(gateway.connectMs) };
  const r = { latency: sortedOf(relay.latencies), connect: sortedOf(relay.connectMs) };
  const ratio = (a: number, b: number, digits = 1) =>
    Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(digits)}×` : 'n/a';
  const rows: [string, string, string, string][] = [
    [
      'clients / conversations',
      `${gateway.clients} / ${gateway.conversations}`,
      `${relay.clients} / ${relay.conversations}`,
      '',
    ],
    [
      'connect p50 (ticket + upgrade)',
      ms(percentile(g.connect, 50)),
      ms(percentile(r.connect, 50)),
      ratio(percentile(g.connect, 50), percentile(r.connect, 50)),
    ],
    ['messages sent', String(gateway.sent), String(relay.sent), ''],
    ['delivered to the partner', String(gateway.delivered), String(relay.delivered), ''],
    ['lost (must be 0)', String(gateway.lost), String(relay.lost), ''],
    ['duplicates (must be 0)', String(gateway.duplicates), String(relay.duplicates), ''],
    ['own echo missing', String(gateway.echoesMissing), String(relay.echoesMissing), ''],
    [
      'delivery latency p50',
      ms(percentile(g.latency, 50)),
      ms(percentile(r.latency, 50)),
      ratio(percentile(g.latency, 50), percentile(r.latency, 50)),
    ],
    [
      'delivery latency p99',
      ms(percentile(g.latency, 99)),
      ms(percentile(r.latency, 99)),
      ratio(percentile(g.latency, 99), percentile(r.latency, 99)),
    ],
    ['delivery latency max', ms(g.latency.at(-1) ?? NaN), ms(r.latency.at(-1) ?? NaN), ''],
    [
      'throughput (delivered/s)',
      throughput(gateway).toFixed(0),
      throughput(relay).toFixed(0),
      ratio(throughput(gateway), throughput(relay), 3),
    ],
    [
      'stored, indexes 0..N-1, no gap',
      `${gateway.storedOk ?? 0}/${gateway.conversations}`,
      'n/a (no store)',
      '',
    ],
    [
      'error replies / unexpected',
      `${gateway.errors} / ${gateway.unexpected}`,
      `${relay.errors} / ${relay.unexpected}`,
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
    `\nChat delivery on 127.0.0.1: ${gateway.clients} clients in ${gateway.conversations} conversations, ` +
      `${options.messages} messages per client, one in flight per client\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nLatency: SendMessage leaving the sender -> MessageAdded at the partner (same process clock). The local` +
      `\ngateway path: action routed to the realtime handler, sender and membership read, gap-free append` +
      `\n(transaction), connections listed, @connections push to both members' tabs. The relay forwards only.`,
  );
  for (const figures of [gateway, relay])
    if (figures.errorCodes.size)
      console.log(
        `${figures.name} error replies: ${[...figures.errorCodes].map(([code, count]) => `${code} × ${count}`).join(', ')}`,
      );
  if (gateway.timedOut || relay.timedOut)
    console.log('The time limit was reached: some clients stopped early.');
};

const main = async () => {
  const options = readBoundedOptions(LIMITS);
  const deadline = Date.now() + options.timeout * 1000;
  let stack: RunningLocalStack | undefined;
  let relay: WebSocketServer | undefined;
  let clients: Client[] = [];
  const closeClients = async () => {
    const open = clients;
    clients = [];
    await Promise.all(open.map((client) => client.close()));
  };
  const cleanUp = async () => {
    await closeClients();
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
    stack = await startStack();
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

    console.log(
      `Connecting ${pairs.length * 2} clients through the local gateway, then ${options.messages} messages each…`,
    );
    const gateway = await runWorkload(
      'local gateway',
      pairs,
      async (client) => {
        const { Ticket } = await call<{ Ticket: string }>(
          baseUrl,
          'POST',
          'Chat/ConnectionTicket',
          userOf(client).token,
        );
        return `${wsUrl}?ticket=${encodeURIComponent(Ticket)}`;
      },
      { messages: options.messages, deadline },
    );
    clients = gateway.sockets;
    gateway.storedOk = await checkStore(pairs, gateway.sentMessages, (client) => userOf(client).id);
    await closeClients();
    // Stopped before the relay run so the JVM and the gateway do not compete with it for the CPU.
    const running = stack;
    stack = undefined;
    await stopStack(running);

    console.log('Same workload through a bare ws relay…');
    const started = await startRelay();
    relay = started.server;
    const bare = await runWorkload(
      'bare ws relay',
      pairs,
      (client) => Promise.resolve(`${started.url}?client=${client}`),
      { messages: options.messages, deadline: Math.max(deadline, Date.now() + 60_000) },
    );
    clients = bare.sockets;

    printTable(gateway, bare, options);
    console.log(`\n${loadLine()} (the machine may be shared: compare runs under similar load)`);
    if (
      gateway.lost ||
      gateway.duplicates ||
      gateway.storedOk !== pairs.length ||
      gateway.timedOut ||
      bare.lost ||
      bare.duplicates
    )
      process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

runBenchmark(main);
