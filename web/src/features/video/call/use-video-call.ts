/**
 * The call on the realtime channel (docs/product.md#video): join the room, follow the other member's
 * presence, relay the WebRTC negotiation and the media states, and recover by itself when the channel or
 * the network drops. The connection itself is PeerCall's; this hook ties it to the page.
 */
import { useEffect, useRef, useState } from 'react';
import {
  VIDEO_ROOM_ERROR_CODES,
  type VideoMediaState,
  type VideoServerEvent,
  type VideoSignal,
} from '@nutri/shared';
import type { ChatSocket, ChatSocketEvent } from '../../chat';
import { fetchIceServers } from '../api/video-room-api';
import { PeerCall, type CallStatus, type ConnectionQuality } from './peer-call';

/** `waiting`: the other member is not in the room; `left`: this tab left (hang up, or another tab took over). */
export type RoomStatus = 'joining' | 'waiting' | CallStatus;

const QUALITY_EVERY_MS = 2_000;

/**
 * The room's events, with the two the server adds to the contract: VideoJoined (to the tab that joined,
 * saying whether the other member is in) and VideoError (a refused frame, with its Italian message).
 */
type RoomEvent =
  | VideoServerEvent
  | { type: 'VideoJoined'; BookingId: number; OtherPresent: boolean }
  | { type: 'VideoError'; BookingId: number | null; code: string; message: string };

const VIDEO_EVENT_TYPES = new Set<string>([
  'VideoJoined',
  'VideoError',
  'VideoPeerJoined',
  'VideoPeerLeft',
  'VideoSignal',
  'VideoMediaState',
  'VideoTakenOver',
]);

const isVideoEvent = (event: ChatSocketEvent | RoomEvent): event is RoomEvent =>
  VIDEO_EVENT_TYPES.has(event.type);

const isRoomError = (event: ChatSocketEvent | RoomEvent) =>
  event.type === 'error' &&
  (VIDEO_ROOM_ERROR_CODES as readonly string[]).includes((event as { code: string }).code);

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
  const mediaStateRef = useRef(mediaState);
  mediaStateRef.current = mediaState;
  const callbacks = useRef({ localStream, onTakenOver, onRoomError, registerTrackSink });
  callbacks.current = { localStream, onTakenOver, onRoomError, registerTrackSink };

  useEffect(() => {
    let disposed = false;
    let iceServers: RTCIceServer[] | null = null;

    const sendMediaState = () =>
      socket.send({ action: 'VideoMediaState', BookingId: bookingId, ...mediaStateRef.current });
    const sendSignal = (signal: VideoSignal) =>
      socket.send({ action: 'VideoSignal', BookingId: bookingId, Signal: signal });

    const loadIceServers = async () => {
      try {
        const view = await fetchIceServers(String(bookingId));
        iceServers = view.IceServers;
      } catch {
        // Without the list, host candidates still connect two people on the same network; the next
        // (re)connection asks again.
        iceServers = [];
      }
      return iceServers;
    };

    // Joining waits for the ICE servers, so a call always starts at once, with them.
    const startCall = () => {
      if (disposed) return;
      callRef.current?.close();
      const call = new PeerCall({
        polite,
        iceServers: iceServers ?? [],
        sendSignal,
        onStatus: (next) => {
          if (callRef.current === call) setStatus(next);
        },
        onRemoteStream: (stream) => {
          if (callRef.current === call) setRemoteStream(stream);
        },
      });
      callRef.current = call;
      setStatus('connecting');
      call.start(callbacks.current.localStream() ?? new MediaStream());
    };

    const endCall = () => {
      callRef.current?.close();
      callRef.current = null;
      setRemoteStream(null);
      setQuality(null);
    };

    const join = () => {
      socket.send({ action: 'JoinVideoRoom', BookingId: bookingId });
      sendMediaState();
    };

    const offEvent = socket.onEvent((raw) => {
      const event = raw as ChatSocketEvent | RoomEvent;
      if (isRoomError(event)) {
        callbacks.current.onRoomError((event as { message: string }).message);
        return;
      }
      if (!isVideoEvent(event)) return;
      if (event.type === 'VideoError') {
        if (event.BookingId === null || event.BookingId === bookingId)
          callbacks.current.onRoomError(event.message);
        return;
      }
      if (event.BookingId !== bookingId) return;
      switch (event.type) {
        case 'VideoJoined':
          if (!event.OtherPresent) {
            endCall();
            setStatus('waiting');
          } else if (callRef.current?.connectionState !== 'connected') startCall();
          break;
        case 'VideoPeerJoined':
          sendMediaState();
          // A connection that still carries media is kept (the other side only rejoined the channel);
          // if the other side started afresh its offer says so (PeerCall: a new SDP session).
          if (callRef.current?.connectionState !== 'connected') startCall();
          break;
        case 'VideoPeerLeft':
          endCall();
          setRemoteMedia({ Audio: true, Video: true, Screen: false });
          setStatus('waiting');
          break;
        case 'VideoSignal':
          if (!callRef.current) startCall();
          callRef.current?.handleSignal(event.Signal);
          break;
        case 'VideoMediaState':
          setRemoteMedia({ Audio: event.Audio, Video: event.Video, Screen: event.Screen });
          break;
        case 'VideoTakenOver':
          endCall();
          callbacks.current.onTakenOver();
          break;
        default:
          break;
      }
    });

    const ready = loadIceServers();
    const offOpen = socket.onOpen(() => {
      void ready.then(() => {
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
      callRef.current?.networkBack();
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
      offEvent();
      offOpen();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      callbacks.current.registerTrackSink(null);
      socket.send({ action: 'LeaveVideoRoom', BookingId: bookingId });
      endCall();
    };
  }, [socket, bookingId, polite]);

  // The other side shows mute, camera off and screen sharing as they change.
  const { Audio, Video, Screen } = mediaState;
  useEffect(() => {
    socket.send({ action: 'VideoMediaState', BookingId: bookingId, Audio, Video, Screen });
  }, [socket, bookingId, Audio, Video, Screen]);

  const shownStatus: RoomStatus = offline && status !== 'waiting' ? 'reconnecting' : status;
  return { status: shownStatus, remoteStream, remoteMedia, quality };
};
