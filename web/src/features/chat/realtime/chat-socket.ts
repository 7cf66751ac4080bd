/**
 * The realtime channel of the chat: one WebSocket per open chat screen, opened with a fresh single-use
 * ticket (never the access token in the URL), pinged every 30 s, and reopened automatically with a new
 * ticket when it drops (Reconnecting), with growing pauses. After a few failed attempts in a row it gives
 * up (Disconnected: the screen asks to refresh the page). When the device comes back online it tries at
 * once, without waiting out the pause (a video visit must not stay cut longer than the network was).
 */
import {
  CHAT_PING_INTERVAL_MS,
  RUNTIME_CONFIG_FILE,
  runtimeConfigSchema,
  type ChatServerEvent,
} from '@nutri/shared';
import { fetchConnectionTicket } from '../api/chat-api';

export type ConnectionStatus = 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting' | 'Disconnected';

/** Events the server pushes, plus its error replies. */
export type ChatSocketEvent = ChatServerEvent | { type: 'error'; code: string; message: string };

/** Pauses before reconnect attempts; after the last one the channel is Disconnected. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15000];

/** The WebSocket URL: the one runtime-config.json names (deployed and local), else `/ws` on this origin. */
const resolveSocketUrl = async () => {
  try {
    const response = await fetch(`/${RUNTIME_CONFIG_FILE}`, { cache: 'no-store' });
    if (response.ok) {
      const config = runtimeConfigSchema.safeParse(await response.json());
      if (config.success) return config.data.realtimeUrl;
    }
  } catch {
    // Unreadable: the same origin's `/ws`, where the local gateway listens.
  }
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
};

export class ChatSocket {
  status: ConnectionStatus = 'Connecting';
  private socket: WebSocket | null = null;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private everConnected = false;
  private stopped = false;
  private opening = false;
  private readonly onOnline = () => {
    if (this.stopped || this.socket || this.opening) return;
    clearTimeout(this.retryTimer);
    this.failures = 0;
    void this.open();
  };
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private readonly eventListeners = new Set<(event: ChatSocketEvent) => void>();
  /** Called after each (re)connection, so the screen reloads what it may have missed. */
  private readonly openListeners = new Set<() => void>();

  start() {
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    void this.open();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.socket) {
      this.setStatus('Disconnecting');
      this.socket.close(1000);
      this.socket = null;
    }
    this.setStatus('Disconnected');
  }

  send(message: Record<string, unknown>) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  onStatus(listener: (status: ConnectionStatus) => void) {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  onEvent(listener: (event: ChatSocketEvent) => void) {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  onOpen(listener: () => void) {
    this.openListeners.add(listener);
    return () => {
      this.openListeners.delete(listener);
    };
  }

  private setStatus(status: ConnectionStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private async open() {
    let socket: WebSocket;
    this.opening = true;
    try {
      const [{ Ticket }, url] = await Promise.all([fetchConnectionTicket(), resolveSocketUrl()]);
      if (this.stopped) return;
      socket = new WebSocket(`${url}?ticket=${encodeURIComponent(Ticket)}`);
    } catch {
      this.retry();
      return;
    } finally {
      this.opening = false;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.failures = 0;
      this.everConnected = true;
      this.setStatus('Connected');
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), CHAT_PING_INTERVAL_MS);
      for (const listener of this.openListeners) listener();
    });
    socket.addEventListener('message', (message: MessageEvent<string>) => {
      let event: ChatSocketEvent;
      try {
        event = JSON.parse(message.data) as ChatSocketEvent;
      } catch {
        return;
      }
      for (const listener of this.eventListeners) listener(event);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (!this.stopped) this.retry();
    });
  }

  private retry() {
    if (this.stopped) return;
    const delay = RETRY_DELAYS_MS[this.failures];
    if (delay === undefined) {
      this.setStatus('Disconnected');
      return;
    }
    this.failures += 1;
    this.setStatus(this.everConnected ? 'Reconnecting' : 'Connecting');
    this.retryTimer = setTimeout(() => void this.open(), delay);
  }
}
