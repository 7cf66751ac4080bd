/**
 * The microphone's level, 0..100, for the pre-call check's meter and the mute reminder: an AnalyserNode on
 * the local audio track, read about ten times a second (enough for the eye, cheap on a phone).
 */
import { useEffect, useState } from 'react';

const SAMPLE_EVERY_MS = 100;

export const useAudioLevel = (track: MediaStreamTrack | null | undefined) => {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      // A context created before any click may start suspended (autoplay rules): resume when allowed.
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.02-0.2 RMS: a square-root scale makes quiet speech visible.
      setLevel(Math.min(100, Math.round(Math.sqrt(rms / 0.25) * 100)));
    }, SAMPLE_EVERY_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [track]);
  return level;
};
