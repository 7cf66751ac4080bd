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
 * fixed for a connection's life) and starts afresh too, so no extra signalling frame is needed; an
 * answer names the session it answers, so an answer that arrives after its offerer started afresh is
 * dropped instead of wiring the new connection to an old one.
 *
 * A connection that was never negotiated is not rolled back: Chromium leaves the remote tracks of a
 * rolled-back fresh connection muted, so the polite side answers a colliding first offer with a new
 * connection instead, and a connection made to answer (the other member joined) never offers by itself.
 * The relay does not keep the order of frames: ICE candidates that arrive before their description are
 * kept and added once it is set.
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

/**
 * After a drop is seen, how long the connection gets to recover alone before an ICE restart. The
 * impolite side restarts first; the polite one only if no restart of the other side reached it meanwhile,
 * so the two rarely make colliding offers.
 */
const DISCONNECTED_GRACE_MS = { impolite: 1_000, polite: 3_000 };
/**
 * After an ICE restart, how long before a full renegotiation. The impolite side acts first; the polite
 * one later, only if the impolite side could not (its channel down, say), so the two rarely both start.
 */
const RENEGOTIATE_AFTER_MS = { impolite: 4_000, polite: 8_000 };
/**
 * How long the side that offered a new connection waits for it to come up before offering another. On a
 * loaded phone or gateway an offer, its answer and the candidates take seconds: starting again too soon
 * only restarts the race.
 */
const CONNECT_TIMEOUT_MS = 8_000;
/** The extra time a connection still on its way gets, once, before it is given up. */
const UNDER_WAY_EXTRA_MS = 8_000;
/** ICE candidates kept while their description is not there yet (a few per network interface). */
const MAX_PENDING_CANDIDATES = 40;

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
  /** A connection made to answer the other side's offer: it does not offer by itself before that. */
  private awaitingOffer = false;
  /** Candidates not added yet (their description had not arrived), tried again after each description. */
  private pendingCandidates: RTCIceCandidateInit[] = [];
  /** When an offer of the other side was last applied (an ICE restart of theirs makes ours needless). */
  private remoteOfferAt = 0;
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

  /**
   * Opens the connection with the local media: `offer` when this side joined the other member, `answer`
   * when the other member's first frame arrived (its offer is on the way: offering too would collide).
   */
  start(role: 'offer' | 'answer' = 'offer') {
    this.create(role === 'answer');
    if (role === 'offer') this.watchConnecting();
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

  private create(answering = false) {
    this.teardown();
    this.remoteSessionId = null;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.awaitingOffer = answering;
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
    if (this.awaitingOffer || pc.signalingState !== 'stable') return;
    try {
      this.makingOffer = true;
      const iceRestart = this.iceRestartPending;
      this.iceRestartPending = false;
      await pc.setLocalDescription();
      const description = pc.localDescription;
      if (this.pc !== pc || !description) return;
      // A remote offer got in just before: the implicit setLocalDescription answered it; send that.
      if (description.type === 'answer') {
        this.sendAnswer(description.sdp);
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
      const candidate: RTCIceCandidateInit = {
        candidate: signal.candidate,
        sdpMid: signal.sdpMid,
        sdpMLineIndex: signal.sdpMLineIndex,
      };
      const pc = this.pc;
      if (!pc?.remoteDescription || !(await this.addCandidate(pc, candidate))) this.keepCandidate(candidate);
      return;
    }
    const session = sdpSessionId(signal.sdp);
    let pc = this.pc;
    if (!pc) return;
    if (signal.kind === 'answer') {
      // An answer to an offer of another connection (this side started afresh since): of no use here.
      const offered = pc.localDescription ? sdpSessionId(pc.localDescription.sdp) : null;
      if (signal.answers && offered && signal.answers !== offered) return;
      if (session && this.remoteSessionId && session !== this.remoteSessionId) return;
      if (pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      if (session) this.remoteSessionId = session;
      await this.addPendingCandidates(pc);
      // An ICE restart of a connection that never stopped (the device said offline, the path held): no
      // state change will say it is back, so say it now.
      if (this.pc === pc && pc.connectionState === 'connected') this.onConnectionState(pc);
      return;
    }
    // The other side started a new connection (a reload, its full renegotiation): start afresh too. It
    // wins over an ICE restart of the old connection that this side may be offering at the same moment.
    const newSession = Boolean(session && this.remoteSessionId && session !== this.remoteSessionId);
    const collision = this.makingOffer || pc.signalingState !== 'stable';
    this.ignoreOffer = !newSession && collision && !this.options.polite;
    if (this.ignoreOffer) return;
    // Polite, and its own first offer collided: a fresh connection answers (no rollback, see above).
    if (newSession || (collision && !pc.currentRemoteDescription)) {
      this.create(true);
      pc = this.pc;
      if (!pc) return;
    }
    this.awaitingOffer = false;
    this.remoteOfferAt = Date.now();
    await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
    if (session) this.remoteSessionId = session;
    // Explicit createAnswer: if offer() answered first (see there), this one fails in 'stable' and
    // nothing else is sent; an implicit setLocalDescription would make a new offer instead.
    await pc.setLocalDescription(await pc.createAnswer());
    if (this.pc === pc && pc.localDescription?.type === 'answer') this.sendAnswer(pc.localDescription.sdp);
    await this.addPendingCandidates(pc);
  }

  private sendAnswer(sdp: string) {
    const answers =
      this.remoteSessionId ?? (this.pc?.remoteDescription && sdpSessionId(this.pc.remoteDescription.sdp));
    this.options.sendSignal({ kind: 'answer', sdp, ...(answers ? { answers } : {}) });
  }

  /** Adds a candidate; false when the connection refused it (its description is not this one's yet). */
  private async addCandidate(pc: RTCPeerConnection, candidate: RTCIceCandidateInit) {
    try {
      await pc.addIceCandidate(candidate);
      return true;
    } catch {
      return false;
    }
  }

  private keepCandidate(candidate: RTCIceCandidateInit) {
    this.pendingCandidates.push(candidate);
    if (this.pendingCandidates.length > MAX_PENDING_CANDIDATES) this.pendingCandidates.shift();
  }

  /**
   * The candidates that came before this description. Those it still refuses belong to another
   * connection of the other side (an older one, or a newer one whose offer is on its way) and are kept.
   */
  private async addPendingCandidates(pc: RTCPeerConnection) {
    const pending = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of pending)
      if (this.pc !== pc || !(await this.addCandidate(pc, candidate))) this.keepCandidate(candidate);
  }

  private onConnectionState(pc: RTCPeerConnection) {
    switch (pc.connectionState) {
      case 'connected':
        this.clearTimers();
        this.setStatus('connected');
        break;
      case 'disconnected': {
        this.setStatus('reconnecting');
        clearTimeout(this.graceTimer);
        const droppedAt = Date.now();
        this.graceTimer = setTimeout(
          () => {
            // The other side's ICE restart got here first: answering it is the restart.
            if (this.remoteOfferAt >= droppedAt) return;
            if (this.pc === pc && pc.connectionState !== 'connected') this.restartIce();
          },
          this.options.polite ? DISCONNECTED_GRACE_MS.polite : DISCONNECTED_GRACE_MS.impolite,
        );
        break;
      }
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
    this.renegotiateUnlessUp(
      pc,
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

  /**
   * A connection this side offered that does not come up (an offer or its answer lost with the channel)
   * is started again. Only the side that offered watches: the other has nothing to start.
   */
  private watchConnecting() {
    if (this.pc) this.renegotiateUnlessUp(this.pc, CONNECT_TIMEOUT_MS);
  }

  /**
   * After `ms`, a new connection unless this one is up. A connection still on its way (answered, its
   * candidates being checked) gets once more time: on a loaded device a good one can take that long, and
   * starting again would only restart the race. One waiting for an answer, or failed, does not.
   */
  private renegotiateUnlessUp(pc: RTCPeerConnection, ms: number, extended = false) {
    clearTimeout(this.renegotiateTimer);
    this.renegotiateTimer = setTimeout(() => {
      if (this.pc !== pc || pc.connectionState === 'connected') return;
      const underWay =
        pc.signalingState === 'stable' &&
        (pc.connectionState === 'connecting' || pc.connectionState === 'new');
      if (underWay && !extended) this.renegotiateUnlessUp(pc, UNDER_WAY_EXTRA_MS, true);
      else this.renegotiate();
    }, ms);
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
