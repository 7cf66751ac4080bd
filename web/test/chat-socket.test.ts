/**
 * The chat's realtime channel on a fake WebSocket: a fresh ticket for every (re)connection, the states
 * of docs/product.md#states (Connecting, Connected, Reconnecting, Disconnected after the retries run out),
 * pings every 30 s, and pushed events delivered to listeners.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const tickets = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/features/chat/api/chat-api', () => ({
  fetchConnectionTicket: () => {
    tickets.count += 1;
    return Promise.resolve({ Ticket: `ticket-${tickets.count}`, ExpiresAt: '' });
  },
}));

class FakeWebSocket {
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.emit('close', {});
  }
  emit(type: string, event: unknown) {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const { ChatSocket } = await import('../src/features/chat/realtime/chat-socket');

const flush = async () => {
  for (let n = 0; n < 5; n += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  tickets.count = 0;
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal(
    'window',
    Object.assign(new EventTarget(), { location: { protocol: 'http:', host: 'localhost:3170' } }),
  );
  vi.stubGlobal('fetch', () => Promise.resolve({ ok: false }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatSocket', () => {
  it('connects with a ticket, pings every 30 s and reconnects with a new ticket', async () => {
    const socket = new ChatSocket();
    const statuses: string[] = [];
    const events: unknown[] = [];
    let opened = 0;
    socket.onStatus((status) => statuses.push(status));
    socket.onEvent((event) => events.push(event));
    socket.onOpen(() => (opened += 1));

    socket.start();
    await flush();
    const first = FakeWebSocket.instances[0]!;
    expect(first.url).toBe('ws://localhost:3170/ws?ticket=ticket-1');
    first.emit('open', {});
    expect(socket.status).toBe('Connected');
    first.emit('message', {
      data: JSON.stringify({ type: 'typingStarted', ConversationSid: 'CH1', UserId: 'u' }),
    });
    expect(events).toEqual([{ type: 'typingStarted', ConversationSid: 'CH1', UserId: 'u' }]);
    vi.advanceTimersByTime(30_000);
    expect(first.sent).toEqual([JSON.stringify({ action: 'ping' })]);

    first.emit('close', {});
    expect(socket.status).toBe('Reconnecting');
    await vi.advanceTimersByTimeAsync(500);
    await flush();
    const second = FakeWebSocket.instances[1]!;
    expect(second.url).toBe('ws://localhost:3170/ws?ticket=ticket-2');
    second.emit('open', {});
    expect(statuses).toEqual(['Connected', 'Reconnecting', 'Connected']);
    expect(opened).toBe(2);
    socket.stop();
    expect(socket.status).toBe('Disconnected');
  });

  it('gives up after the retries and asks for a refresh (Disconnected)', async () => {
    const socket = new ChatSocket();
    socket.start();
    await flush();
    FakeWebSocket.instances[0]!.emit('open', {});
    for (let attempt = 0; attempt < 7; attempt += 1) {
      FakeWebSocket.instances.at(-1)!.emit('close', {});
      await vi.advanceTimersByTimeAsync(20_000);
      await flush();
    }
    expect(socket.status).toBe('Disconnected');
    expect(socket.send({ action: 'ping' })).toBe(false);
  });

  it('tries again at once when the device comes back online, without waiting out the pause', async () => {
    const socket = new ChatSocket();
    socket.start();
    await flush();
    FakeWebSocket.instances[0]!.emit('open', {});
    // Three drops in a row: the next attempt is 4 s away.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      FakeWebSocket.instances.at(-1)!.emit('close', {});
      await vi.advanceTimersByTimeAsync(attempt === 0 ? 500 : attempt === 1 ? 1000 : 2000);
      await flush();
    }
    FakeWebSocket.instances.at(-1)!.emit('close', {});
    const before = FakeWebSocket.instances.length;
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    FakeWebSocket.instances.at(-1)!.emit('open', {});
    expect(socket.status).toBe('Connected');
    // The pause that was pending does not open a second socket.
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    socket.stop();
  });
});
