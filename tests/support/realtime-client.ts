/**
 * A small WebSocket client for tests of the realtime gateway: it queues every message and the close
 * event so a test can wait for "the next message" or "the close" without racing the socket.
 */
import WebSocket from 'ws';

export type RealtimeOutcome =
  { kind: 'message'; data: unknown } | { kind: 'closed'; code: number; reason: string };

const DEFAULT_WAIT_MS = 10_000;

export class RealtimeClient {
  private readonly queue: RealtimeOutcome[] = [];
  private readonly waiters: ((outcome: RealtimeOutcome) => void)[] = [];
  private closed: { code: number; reason: string } | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: WebSocket.RawData) => {
      const text = Buffer.isBuffer(raw)
        ? raw.toString('utf8')
        : Buffer.from(raw as ArrayBuffer).toString('utf8');
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // Not JSON: the raw text is what the test gets, so it can say what arrived.
      }
      this.push({ kind: 'message', data });
    });
    socket.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString('utf8') };
      this.push({ kind: 'closed', ...this.closed });
    });
  }

  /**
   * Opens a connection. Compression is off so the sizes a test sends are the sizes on the wire
   * (the gateway's frame and message limits apply to what actually crosses it).
   */
  static async connect(url: string, timeoutMs = DEFAULT_WAIT_MS): Promise<RealtimeClient> {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: timeoutMs });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`WebSocket upgrade refused: HTTP ${response.statusCode ?? '?'}`)),
      );
    });
    return new RealtimeClient(socket);
  }

  private push(outcome: RealtimeOutcome) {
    const waiter = this.waiters.shift();
    if (waiter) waiter(outcome);
    else this.queue.push(outcome);
  }

  get isOpen() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  sendJson(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  sendText(text: string) {
    this.socket.send(text);
  }

  /** Sends one text message split into frames of at most `frameBytes` (ASCII text only). */
  sendFragmented(text: string, frameBytes: number) {
    for (let offset = 0; offset < text.length; offset += frameBytes) {
      const fin = offset + frameBytes >= text.length;
      this.socket.send(text.slice(offset, offset + frameBytes), { binary: false, fin });
    }
  }

  /** The next message or the close, whichever comes first. */
  next(timeoutMs = DEFAULT_WAIT_MS): Promise<RealtimeOutcome> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.closed) return Promise.resolve({ kind: 'closed', ...this.closed });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(deliver);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new Error(`Nothing received from the WebSocket within ${timeoutMs} ms`));
      }, timeoutMs);
      const deliver = (outcome: RealtimeOutcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      this.waiters.push(deliver);
    });
  }

  /** The next message, failing if the connection closes instead. */
  async nextMessage(timeoutMs = DEFAULT_WAIT_MS): Promise<unknown> {
    const outcome = await this.next(timeoutMs);
    if (outcome.kind === 'closed') {
      throw new Error(`WebSocket closed (${outcome.code} ${outcome.reason}) while a message was expected`);
    }
    return outcome.data;
  }

  async close() {
    if (this.closed || this.socket.readyState === WebSocket.CLOSED) return;
    const done = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.close(1000);
    await done;
  }
}
