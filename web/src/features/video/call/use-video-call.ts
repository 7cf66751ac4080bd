/**
 * The call on the realtime channel (docs/product.md#video-room): join the room, follow the other member's
 * presence, relay the WebRTC negotiation and the media states, and recover by itself when the channel or
 * the network drops. The connection itself is PeerCall's; this hook ties it to the page.
 */
import { useEffect, useRef, useState } from 'react';
import { type VideoMediaState, type VideoServerEvent, type VideoSignal } from '@nutri/shared';
import type { ChatSocket, ChatSocketEvent } from '../../chat';
import { fetchIceServers } from '../api/video-room-api';
import { PeerCall, type CallStatus, type ConnectionQuality } from './peer-call';

/** `joining` until the server confirms; `waiting` while the other member is not in the room. */
export type RoomStatus = 'joining' | 'waiting' | CallStatus;

const QUALITY_EVERY_MS = 2_000;
/** TURN credentials are asked again this long before they expire, and never more often than the minimum. */
const ICE_REFRESH_BEFORE_MS = 60_000;
const ICE_REFRESH_MIN_MS = 30_000;

const VIDEO_EVENT_TYPES = new Set<string>([
  'VideoJoined',
  'VideoError',
  'VideoPeerJoined',
  'VideoPeerLeft',
  'VideoSignal',
  'VideoMediaState',
  'VideoTakenOver',
]);

const isVideoEvent = (event: ChatSocketEvent | VideoServerEvent): event is VideoServerEvent =>
  VIDEO_EVENT_TYPES.has(event.type);

export interface VideoCallOptions {
  socket: ChatSocket;
  bookingId: number;
  polite: boolean;
  /** The local media at the time of each (re)connection. */
  localStream: () => MediaStream | null;
  mediaState: VideoMediaState;
  /** Register where changed local tracks go (device switch, screen sharing). */
  registerTrackSink: (
    sink: ((kind: 'audio' | 'video', track: MediaStreamTrack | null) => void) | null,
  ) => void;
  onTakenOver: () => void;
  onRoomError: (message: string) => void;
}

export const useVideoCall = ({
  socket,
  bookingId,
  polite,
  localStream,
  mediaState,
  registerTrackSink,
  onTakenOver,
  onRoomError,
}: VideoCallOptions) => {
  const [status, setStatus] = useState<RoomStatus>('joining');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [remoteMedia, setRemoteMedia] = useState<VideoMediaState>({
    Audio: true,
    Video: true,
    Screen: false,
  });
  const [quality, setQuality] = useState<ConnectionQuality | null>(null);
  const [offline, setOffline] = useState(!navigator.onLine);
  const callRef = useRef<PeerCall | null>(null);
  /** Frames other than the join are refused until the server has confirmed it (VideoJoined). */
  const joinedRef = useRef(false);
  const mediaStateRef = useRef(mediaState);
  mediaStateRef.current = mediaState;
  const callbacks = useRef({ localStream, onTakenOver, onRoomError, registerTrackSink });
  callbacks.current = { localStream, onTakenOver, onRoomError, registerTrackSink };

  useEffect(() => {
    let disposed = false;
    let iceServers: RTCIceServer[] = [];
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;

    const sendMediaState = () =>
      socket.send({ action: 'VideoMediaState', BookingId: bookingId, ...mediaStateRef.current });
    const sendSignal = (signal: VideoSignal) =>
      socket.send({ action: 'VideoSignal', BookingId: bookingId, Signal: signal });

    // TURN credentials expire (VideoIceServersView.ExpiresAt): asked again shortly before, for the
    // connections made later and for the ICE restarts of the current one.
    const loadIceServers = async (): Promise<void> => {
      clearTimeout(refreshTimer);
      try {
        const view = await fetchIceServers(String(bookingId));
        if (disposed) return;
        iceServers = view.IceServers;
        callRef.current?.updateIceServers();
        if (view.ExpiresAt) {
          const wait = new Date(view.ExpiresAt).getTime() - Date.now() - ICE_REFRESH_BEFORE_MS;
          refreshTimer = setTimeout(() => void loadIceServers(), Math.max(wait, ICE_REFRESH_MIN_MS));
        }
      } catch {
        // Without the list, host candidates still connect two people on the same network; asked again
        // at the next (re)connection of the channel.
      }
    };

    // Joining waits for the first ICE servers, so a call always starts at once, with them.
    const startCall = (role: 'offer' | 'answer') => {
      if (disposed) return;
      callRef.current?.close();
      const call = new PeerCall({
        polite,
        iceServers: () => iceServers,
        sendSignal,
        localStream: () => callbacks.current.localStream(),
        onStatus: (next) => {
          if (callRef.current === call) setStatus(next);
        },
        onRemoteStream: (stream) => {
          if (callRef.current === call) setRemoteStream(stream);
        },
      });
      callRef.current = call;
      setStatus('connecting');
      call.start(role);
    };

    const endCall = () => {
      callRef.current?.close();
      callRef.current = null;
      setRemoteStream(null);
      setQuality(null);
    };

    const join = () => {
      joinedRef.current = false;
      socket.send({ action: 'JoinVideoRoom', BookingId: bookingId });
    };
    let lastRejoin = 0;

    const offEvent = socket.onEvent((raw) => {
      const event = raw as ChatSocketEvent | VideoServerEvent;
      if (!isVideoEvent(event)) return;
      if (event.type === 'VideoError') {
        if (event.BookingId !== null && event.BookingId !== bookingId) return;
        // The server lost track of this tab (a frame raced a reconnection): join again, quietly.
        if (event.code === 'not_in_room') {
          if (Date.now() - lastRejoin > 2_000) {
            lastRejoin = Date.now();
            join();
          }
          return;
        }
        callbacks.current.onRoomError(event.message);
        return;
      }
      if (event.BookingId !== bookingId) return;
      switch (event.type) {
        // Every entry starts a fresh connection pair: the one who joins offers, the one already in answers
        // (no routine glare). The other side has dropped its connection anyway when this tab's channel
        // went (VideoPeerLeft), so keeping an old one would only delay the call.
        case 'VideoJoined':
          joinedRef.current = true;
          sendMediaState();
          if (event.OtherPresent) startCall('offer');
          else {
            endCall();
            setStatus('waiting');
          }
          break;
        case 'VideoPeerJoined':
          sendMediaState();
          endCall();
          setStatus('connecting');
          break;
        case 'VideoPeerLeft':
          endCall();
          setRemoteMedia({ Audio: true, Video: true, Screen: false });
          setStatus('waiting');
          break;
        case 'VideoSignal':
          // The other member joined and offers; its candidates may come before the offer.
          if (!callRef.current) startCall('answer');
          callRef.current?.handleSignal(event.Signal);
          break;
        case 'VideoMediaState':
          setRemoteMedia({ Audio: event.Audio, Video: event.Video, Screen: event.Screen });
          break;
        case 'VideoTakenOver':
          joinedRef.current = false;
          endCall();
          callbacks.current.onTakenOver();
          break;
        default:
          break;
      }
    });

    const ready = loadIceServers();
    const offOpen = socket.onOpen(() => {
      void (iceServers.length ? ready : loadIceServers()).then(() => {
        if (disposed) return;
        join();
        callRef.current?.signallingBack();
      });
    });

    const onOffline = () => {
      setOffline(true);
      callRef.current?.networkLost();
    };
    const onOnline = () => {
      setOffline(false);
      // With the channel down, the rejoin after its reconnection starts a fresh connection anyway.
      if (socket.status === 'Connected') callRef.current?.networkBack();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);

    callbacks.current.registerTrackSink((kind, track) => void callRef.current?.replaceTrack(kind, track));
    setStatus('waiting');
    void ready.then(() => {
      if (!disposed && socket.status === 'Connected') join();
    });

    const qualityTimer = setInterval(() => {
      const call = callRef.current;
      if (!call || call.connectionState !== 'connected') return;
      void call.quality().then((next) => {
        if (!disposed && callRef.current === call) setQuality(next);
      });
    }, QUALITY_EVERY_MS);

    return () => {
      disposed = true;
      clearInterval(qualityTimer);
      clearTimeout(refreshTimer);
      offEvent();
      offOpen();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      callbacks.current.registerTrackSink(null);
      if (joinedRef.current) socket.send({ action: 'LeaveVideoRoom', BookingId: bookingId });
      joinedRef.current = false;
      endCall();
    };
  }, [socket, bookingId, polite]);

  // The other side shows mute, camera off and screen sharing as they change.
  const { Audio, Video, Screen } = mediaState;
  useEffect(() => {
    if (joinedRef.current)
      socket.send({ action: 'VideoMediaState', BookingId: bookingId, Audio, Video, Screen });
  }, [socket, bookingId, Audio, Video, Screen]);

  const shownStatus: RoomStatus = offline && status !== 'waiting' ? 'reconnecting' : status;
  return { status: shownStatus, remoteStream, remoteMedia, quality };
};
