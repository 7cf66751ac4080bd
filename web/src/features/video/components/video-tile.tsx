/** A <video> showing a MediaStream (srcObject cannot be set from JSX), optionally on a chosen speaker. */
import { useEffect, useRef } from 'react';

export function VideoTile({
  stream,
  muted = false,
  mirrored = false,
  speakerId,
  className,
  label,
  testId,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  mirrored?: boolean;
  speakerId?: string | null;
  className?: string;
  label: string;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const video = ref.current;
    // setSinkId: not in Safari nor in Firefox on phones (the picker is hidden there, see devices.ts).
    if (video && speakerId && 'setSinkId' in video) void video.setSinkId(speakerId).catch(() => undefined);
  }, [speakerId]);
  return (
    <video
      ref={ref}
      className={className}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={testId}
      style={mirrored ? { transform: 'scaleX(-1)' } : undefined}
    />
  );
}
