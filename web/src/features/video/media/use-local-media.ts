/**
 * The local side of the visit: camera and microphone with the chosen devices, mute, camera off, screen
 * sharing and device changes, before and during the call. A track changed during the call goes to the
 * connection through `sendTrack` (replaceTrack: no renegotiation, no gap for the other person).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoMediaState } from '@nutri/shared';
import {
  audioConstraints,
  listDevices,
  mediaProblemOf,
  openLocalMedia,
  stopStream,
  videoConstraints,
  type DeviceChoice,
  type DeviceLists,
  type MediaProblem,
} from './devices';

export type TrackSink = (kind: 'audio' | 'video', track: MediaStreamTrack | null) => void;

const NO_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

export const useLocalMedia = () => {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const [devices, setDevices] = useState<DeviceLists>(NO_DEVICES);
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: null, microphoneId: null, speakerId: null });
  const [audioOn, setAudioOn] = useState(true);
  const [videoOn, setVideoOn] = useState(true);
  const streamRef = useRef<MediaStream | null>(null);
  const screenRef = useRef<MediaStream | null>(null);
  const sinkRef = useRef<TrackSink | null>(null);

  const refreshDevices = useCallback(async () => {
    try {
      setDevices(await listDevices());
    } catch {
      setDevices(NO_DEVICES);
    }
  }, []);

  const adopt = useCallback((next: MediaStream) => {
    streamRef.current = next;
    setStream(next);
    const settings = (kind: 'audio' | 'video') =>
      next
        .getTracks()
        .find((track) => track.kind === kind)
        ?.getSettings().deviceId ?? null;
    setChoice((current) => ({
      ...current,
      cameraId: settings('video') ?? current.cameraId,
      microphoneId: settings('audio') ?? current.microphoneId,
    }));
  }, []);

  const start = useCallback(async () => {
    setStarting(true);
    setProblem(null);
    try {
      const opened = await openLocalMedia({ cameraId: null, microphoneId: null });
      stopStream(streamRef.current);
      adopt(opened);
      await refreshDevices();
    } catch (error) {
      setProblem(mediaProblemOf(error));
    } finally {
      setStarting(false);
    }
  }, [adopt, refreshDevices]);

  useEffect(() => {
    const mediaDevices = navigator.mediaDevices;
    const onDeviceChange = () => void refreshDevices();
    mediaDevices?.addEventListener?.('devicechange', onDeviceChange);
    return () => {
      mediaDevices?.removeEventListener?.('devicechange', onDeviceChange);
      stopStream(streamRef.current);
      stopStream(screenRef.current);
      streamRef.current = null;
      screenRef.current = null;
    };
  }, [refreshDevices]);

  /** Swaps one kind's track for a new device, keeping mute or camera-off as it was. */
  const switchDevice = useCallback(
    async (kind: 'audio' | 'video', deviceId: string) => {
      const current = streamRef.current;
      try {
        const fresh = await navigator.mediaDevices.getUserMedia(
          kind === 'video' ? { video: videoConstraints(deviceId) } : { audio: audioConstraints(deviceId) },
        );
        const track = fresh.getTracks()[0]!;
        track.enabled = kind === 'video' ? videoOn : audioOn;
        const kept = current?.getTracks().filter((candidate) => candidate.kind !== kind) ?? [];
        for (const old of current?.getTracks() ?? []) if (old.kind === kind) old.stop();
        adopt(new MediaStream([...kept, track]));
        setChoice((previous) =>
          kind === 'video' ? { ...previous, cameraId: deviceId } : { ...previous, microphoneId: deviceId },
        );
        // While the screen is shared, the new camera waits until sharing ends.
        if (!(kind === 'video' && screenRef.current)) sinkRef.current?.(kind, track);
        setProblem(null);
      } catch (error) {
        setProblem(mediaProblemOf(error));
      }
    },
    [adopt, audioOn, videoOn],
  );

  const setSpeaker = useCallback((speakerId: string) => {
    setChoice((previous) => ({ ...previous, speakerId }));
  }, []);

  const toggleAudio = useCallback(() => {
    setAudioOn((on) => {
      for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = !on;
      return !on;
    });
  }, []);

  const toggleVideo = useCallback(() => {
    setVideoOn((on) => {
      for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = !on;
      return !on;
    });
  }, []);

  const stopScreen = useCallback(() => {
    stopStream(screenRef.current);
    screenRef.current = null;
    setScreen(null);
    sinkRef.current?.('video', streamRef.current?.getVideoTracks()[0] ?? null);
  }, []);

  const startScreen = useCallback(async () => {
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = shared.getVideoTracks()[0];
      if (!track) return;
      // Sharing ended from the browser's own bar: back to the camera.
      track.addEventListener('ended', () => {
        if (screenRef.current === shared) stopScreen();
      });
      screenRef.current = shared;
      setScreen(shared);
      sinkRef.current?.('video', track);
    } catch {
      // The person closed the browser's picker: nothing to do.
    }
  }, [stopScreen]);

  const stop = useCallback(() => {
    stopStream(streamRef.current);
    stopStream(screenRef.current);
    streamRef.current = null;
    screenRef.current = null;
    setStream(null);
    setScreen(null);
  }, []);

  const mediaState: VideoMediaState = {
    Audio: audioOn && Boolean(stream?.getAudioTracks().length),
    Video: videoOn && Boolean(stream?.getVideoTracks().length),
    Screen: Boolean(screen),
  };

  return {
    stream,
    streamRef,
    screen,
    problem,
    starting,
    devices,
    choice,
    audioOn,
    videoOn,
    mediaState,
    sinkRef,
    start,
    stop,
    switchDevice,
    setSpeaker,
    toggleAudio,
    toggleVideo,
    startScreen,
    stopScreen,
  };
};

export type LocalMedia = ReturnType<typeof useLocalMedia>;
