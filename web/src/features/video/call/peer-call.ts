/**
 * The 1:1 WebRTC connection of a video visit (docs/product.md#video-room), with the "perfect negotiation" pattern:
 * both sides may start a negotiation at any time (a track replaced, an ICE restart) and a collision of two
 * offers resolves by itself, because one side is polite (it rolls its own offer back and answers) and the
 * other impolite (it ignores the offer that collided with its own). The patient is polite, the
 * nutritionist impolite: fixed roles, so the two can never both yield or both insist.
 *
 * Recovery after a network drop, without anyone pressing anything: first an ICE restart (same
 * connection, new candidates), then, if media has not come back, a full renegotiation (a new
 * RTCPeerConnection). The other side recognises a new connection by the SDP session id (the `o=` line,
 * fixed for a connection's life) and starts afresh too, so no extra signalling frame is needed.
 *
 * Nothing here is stored or logged: SDPs and candidates go to the other member through the realtime
 * channel only.
 */
import type { VideoSignal } from '@nutri/shared';

export type CallStatus = 'connecting' | 'connected' | 'reconnecting';

export interface PeerCallOptions {
  polite: boolean;
  /** The ICE servers now (TURN credentials are short-lived: each new connection takes the latest). */
  iceServers: () => RTCIceServer[];
  /** Sends a frame to the other member; false when the realtime channel is down (the frame is lost). */
  sendSignal: (signal: VideoSignal) => boolean;
  /** The local media now (a device switch replaces it), for each new connection. */
  localStream: () => MediaStream | null;
  onStatus: (status: CallStatus) => void;
  /** The other person's media, a new stream object whenever its tracks change (null: none yet). */
  onRemoteStream: (stream: MediaStream | null) => void;
}

/** After a drop is seen, how long the connection gets to recover alone before an ICE restart. */
const DISCONNECTED_GRACE_MS = 1_000;
/**
 * After an ICE restart, how long before a full renegotiation. The impolite side acts first; the polite
 * one later, only if the impolite side could not (its channel down, say), so the two rarely both start.
 */
const RENEGOTIATE_AFTER_MS = { impolite: 4_000, polite: 8_000 };

/** The session id of an SDP's origin line (`o=- 4611731400430051336 2 IN IP4 127.0.0.1`). */
export const sdpSessionId = (sdp: string): string | null => /^o=\S+ (\S+) /m.exec(sdp)?.[1] ?? null;

export interface ConnectionQuality {
  /** Round trip of the selected candidate pair, ms (null until measured). */
  roundTripMs: number | null;
  /** Incoming packets lost since the previous sample, percent. */
  lossPercent: number | null;
  level: 'good' | 'fair' | 'poor' | 'unknown';
}

export const qualityLevel = (roundTripMs: number | null, lossPercent: number | null) => {
  if (roundTripMs === null && lossPercent === null) return 'unknown' as const;
  const rtt = roundTripMs ?? 0;
  const loss = lossPercent ?? 0;
  if (rtt > 400 || loss > 8) return 'poor' as const;
  if (rtt > 200 || loss > 2) return 'fair' as const;
  return 'good' as const;
};

export class PeerCall {
  private pc: RTCPeerConnection | null = null;
  private readonly senders = new Map<'audio' | 'video', RTCRtpSender>();
  private makingOffer = false;
  private iceRestartPending = false;
  private ignoreOffer = false;
  /** The other side's current connection (SDP session id), to notice that it started afresh. */
  private remoteSessionId: string | null = null;
  /** Signals are applied one at a time, in arrival order. */
  private queue: Promise<void> = Promise.resolve();
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private renegotiateTimer: ReturnType<typeof setTimeout> | undefined;
  private status: CallStatus = 'connecting';
  private closed = false;
  private lastInbound = { lost: 0, received: 0 };

  constructor(private readonly options: PeerCallOptions) {}

  /** Opens the connection with the local media (the other member is in the room). */
  start() {
    this.create();
    this.watchConnecting();
  }

  get connectionState(): RTCPeerConnectionState | 'new' {
    return this.pc?.connectionState ?? 'new';
  }

  /** Changes the track sent for a kind (device switch, screen sharing) without renegotiating. */
  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    await this.senders.get(kind)?.replaceTrack(track);
  }

  /** Fresh TURN credentials: an ICE restart of the current connection uses them. */
  updateIceServers() {
    try {
      this.pc?.setConfiguration({ iceServers: this.options.iceServers() });
    } catch {
      // A closed connection: the next one reads them at its creation.
    }
  }

  handleSignal(signal: VideoSignal) {
    this.queue = this.queue.then(() => this.apply(signal)).catch(() => undefined);
  }

  /** The realtime channel is back: whatever was sent while it was down is lost, so negotiate again. */
  signallingBack() {
    if (this.closed || !this.pc || this.pc.connectionState === 'connected') return;
    if (this.pc.signalingState === 'stable') this.restartIce();
    else this.renegotiate();
  }

  /** The device's network changed (offline, then online): the old candidates are of no use. */
  networkBack() {
    if (this.closed || !this.pc) return;
    this.setStatus('reconnecting');
    this.restartIce();
  }

  networkLost() {
    if (this.closed || !this.pc) return;
    this.setStatus('reconnecting');
  }

  /** Round trip and loss from getStats (docs/product.md#video-room: the connection-quality indicator). */
  async quality(): Promise<ConnectionQuality> {
    const pc = this.pc;
    if (!pc || pc.connectionState !== 'connected')
      return { roundTripMs: null, lossPercent: null, level: 'unknown' };
    const report = await pc.getStats();
    let roundTripMs: number | null = null;
    let lost = 0;
    let received = 0;
    report.forEach((stat: Record<string, unknown>) => {
      if (
        stat.type === 'candidate-pair' &&
        stat.state === 'succeeded' &&
        (stat.nominated === true || stat.selected === true) &&
        typeof stat.currentRoundTripTime === 'number'
      )
        roundTripMs = Math.round(stat.currentRoundTripTime * 1000);
      if (stat.type === 'inbound-rtp') {
        lost += typeof stat.packetsLost === 'number' ? Math.max(0, stat.packetsLost) : 0;
        received += typeof stat.packetsReceived === 'number' ? stat.packetsReceived : 0;
      }
    });
    const lostDelta = Math.max(0, lost - this.lastInbound.lost);
    const receivedDelta = Math.max(0, received - this.lastInbound.received);
    this.lastInbound = { lost, received };
    const lossPercent =
      lostDelta + receivedDelta > 0
        ? Math.round((lostDelta / (lostDelta + receivedDelta)) * 1000) / 10
        : null;
    return { roundTripMs, lossPercent, level: qualityLevel(roundTripMs, lossPercent) };
  }

  close() {
    this.closed = true;
    this.clearTimers();
    this.teardown();
  }

  private create() {
    this.teardown();
    this.remoteSessionId = null;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.lastInbound = { lost: 0, received: 0 };
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers() });
    this.pc = pc;
    // The other person: the latest track of each kind received on this connection.
    const remote = new Map<string, MediaStreamTrack>();
    pc.addEventListener('track', ({ track }) => {
      if (this.pc !== pc) return;
      remote.set(track.kind, track);
      this.options.onRemoteStream(new MediaStream([...remote.values()]));
    });
    pc.addEventListener('negotiationneeded', () => void this.offer(pc));
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (this.pc !== pc || !candidate?.candidate) return;
      this.options.sendSignal({
        kind: 'candidate',
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      });
    });
    pc.addEventListener('connectionstatechange', () => {
      if (this.pc === pc) this.onConnectionState(pc);
    });
    this.senders.clear();
    const stream = this.options.localStream();
    for (const kind of ['audio', 'video'] as const) {
      const track = stream?.getTracks().find((candidate) => candidate.kind === kind);
      // addTrack, not addTransceiver: only its transceivers are reused by a remote offer (JSEP), so
      // whichever side offers, each kind stays one m-line. A side without a camera still receives video.
      const sender = track && stream ? pc.addTrack(track, stream) : pc.addTransceiver(kind).sender;
      this.senders.set(kind, sender);
    }
    this.options.onRemoteStream(null);
  }

  private teardown() {
    const pc = this.pc;
    this.pc = null;
    if (pc) pc.close();
  }

  private async offer(pc: RTCPeerConnection) {
    // negotiationneeded can be queued just before a remote offer is applied: that one is answered instead.
    if (pc.signalingState !== 'stable') return;
    try {
      this.makingOffer = true;
      const iceRestart = this.iceRestartPending;
      this.iceRestartPending = false;
      await pc.setLocalDescription();
      const description = pc.localDescription;
      if (this.pc !== pc || !description) return;
      // A remote offer got in just before: the implicit setLocalDescription answered it; send that.
      if (description.type === 'answer') {
        this.options.sendSignal({ kind: 'answer', sdp: description.sdp });
        return;
      }
      if (description.type !== 'offer') return;
      this.options.sendSignal({
        kind: 'offer',
        sdp: description.sdp,
        ...(iceRestart ? { iceRestart } : {}),
      });
    } catch {
      // The state moved on meanwhile (a remote offer won): that negotiation supersedes this one.
    } finally {
      this.makingOffer = false;
    }
  }

  private async apply(signal: VideoSignal) {
    if (this.closed) return;
    if (signal.kind === 'candidate') {
      const pc = this.pc;
      if (!pc) return;
      try {
        await pc.addIceCandidate({
          candidate: signal.candidate,
          sdpMid: signal.sdpMid,
          sdpMLineIndex: signal.sdpMLineIndex,
        });
      } catch {
        // A candidate of an ignored offer or of the other side's previous connection: of no use.
      }
      return;
    }
    const session = sdpSessionId(signal.sdp);
    // The other side started a new connection (a reload, its full renegotiation): start afresh too.
    if (signal.kind === 'offer' && session && this.remoteSessionId && session !== this.remoteSessionId)
      this.create();
    // An answer from a connection that is not the current one's partner answers an offer long gone.
    if (signal.kind === 'answer' && session && this.remoteSessionId && session !== this.remoteSessionId)
      return;
    const pc = this.pc;
    if (!pc) return;
    const collision = signal.kind === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    if (signal.kind === 'answer' && pc.signalingState !== 'have-local-offer') return;
    await pc.setRemoteDescription({ type: signal.kind, sdp: signal.sdp });
    if (session) this.remoteSessionId = session;
    if (signal.kind === 'offer') {
      // Explicit createAnswer: if offer() answered first (see there), this one fails in 'stable' and
      // nothing else is sent; an implicit setLocalDescription would make a new offer instead.
      await pc.setLocalDescription(await pc.createAnswer());
      if (this.pc === pc && pc.localDescription?.type === 'answer')
        this.options.sendSignal({ kind: 'answer', sdp: pc.localDescription.sdp });
    }
  }

  private onConnectionState(pc: RTCPeerConnection) {
    switch (pc.connectionState) {
      case 'connected':
        this.clearTimers();
        this.setStatus('connected');
        break;
      case 'disconnected':
        this.setStatus('reconnecting');
        clearTimeout(this.graceTimer);
        this.graceTimer = setTimeout(() => {
          if (this.pc === pc && pc.connectionState !== 'connected') this.restartIce();
        }, DISCONNECTED_GRACE_MS);
        break;
      case 'failed':
        this.setStatus('reconnecting');
        this.restartIce();
        break;
      default:
        break;
    }
  }

  private restartIce() {
    const pc = this.pc;
    if (!pc || this.closed) return;
    if (pc.signalingState === 'stable') {
      // restartIce() raises negotiationneeded; the offer it makes is marked so the other side knows why.
      this.iceRestartPending = true;
      pc.restartIce();
    }
    clearTimeout(this.renegotiateTimer);
    this.renegotiateTimer = setTimeout(
      () => {
        if (this.pc === pc && pc.connectionState !== 'connected') this.renegotiate();
      },
      this.options.polite ? RENEGOTIATE_AFTER_MS.polite : RENEGOTIATE_AFTER_MS.impolite,
    );
  }

  /** A new RTCPeerConnection: its offer (negotiationneeded) carries a new session id. */
  private renegotiate() {
    if (this.closed) return;
    this.setStatus('reconnecting');
    this.create();
    this.watchConnecting();
  }

  /** A connection that does not come up (an offer lost with the channel) is started again. */
  private watchConnecting() {
    const pc = this.pc;
    clearTimeout(this.renegotiateTimer);
    this.renegotiateTimer = setTimeout(
      () => {
        if (this.pc === pc && pc?.connectionState !== 'connected') this.renegotiate();
      },
      this.options.polite ? RENEGOTIATE_AFTER_MS.polite : RENEGOTIATE_AFTER_MS.impolite,
    );
  }

  private clearTimers() {
    clearTimeout(this.graceTimer);
    clearTimeout(this.renegotiateTimer);
  }

  private setStatus(status: CallStatus) {
    if (this.status === status || this.closed) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
