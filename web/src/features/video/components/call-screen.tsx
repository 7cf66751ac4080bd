/**
 * The call (docs/product.md#video-room): the other person large, the self view small, the controls (mute,
 * camera off, screen sharing, devices, chat, hang up), the connection quality, and the pair's chat in a
 * side panel (a drawer on phones). Every state of the connection is said in words: waiting for the other
 * person, connecting, "Riconnessione…".
 */
import {
  ActionIcon,
  Avatar,
  Badge,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAntennaBars1,
  IconAntennaBars3,
  IconAntennaBars5,
  IconMessageCircle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconSettings,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { VideoMediaState, VideoRoomView } from '@nutri/shared';
import type { ConnectionQuality } from '../call/peer-call';
import type { RoomStatus } from '../call/use-video-call';
import type { LocalMedia } from '../media/use-local-media';
import { DevicePickers } from './device-pickers';
import { VideoTile } from './video-tile';
import classes from './video-room.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export const waitingText = (role: VideoRoomView['Role']) =>
  role === 'Patient'
    ? 'Il tuo nutrizionista ti raggiungerà a breve'
    : 'Il tuo paziente ti raggiungerà a breve';

const QUALITY_TEXTS = {
  good: { label: 'Connessione buona', color: 'leaf', Icon: IconAntennaBars5 },
  fair: { label: 'Connessione discreta', color: 'yellow', Icon: IconAntennaBars3 },
  poor: { label: 'Connessione scarsa', color: 'red', Icon: IconAntennaBars1 },
} as const;

function QualityBadge({ quality }: { quality: ConnectionQuality | null }) {
  if (!quality || quality.level === 'unknown') return null;
  const { label, color, Icon } = QUALITY_TEXTS[quality.level];
  const details = [
    quality.roundTripMs !== null ? `ritardo ${quality.roundTripMs} ms` : null,
    quality.lossPercent !== null ? `pacchetti persi ${quality.lossPercent.toLocaleString('it-IT')}%` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Badge
      color={color}
      variant="filled"
      // Yellow ("discreta") needs dark text to be readable; the theme's other colours keep white.
      autoContrast
      leftSection={<Icon size={14} aria-hidden />}
      className={classes.quality}
      data-testid="connection-quality"
      data-level={quality.level}
    >
      {label}
      <VisuallyHidden>{details ? `: ${details}` : ''}</VisuallyHidden>
      <span className={classes.qualityDetails} aria-hidden>
        {details ? ` · ${details}` : ''}
      </span>
    </Badge>
  );
}

function Control({
  label,
  pressed,
  onClick,
  color = 'gray',
  variant = 'filled',
  children,
  disabled,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  color?: string;
  variant?: 'filled' | 'default' | 'light';
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size={52}
        radius="xl"
        variant={variant}
        color={color}
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function StageMessage({
  status,
  role,
  otherName,
}: {
  status: RoomStatus;
  role: VideoRoomView['Role'];
  otherName: string;
}) {
  if (status === 'connected') return null;
  const text =
    status === 'waiting' || status === 'joining'
      ? waitingText(role)
      : status === 'reconnecting'
        ? 'Riconnessione…'
        : `Collegamento con ${otherName}…`;
  return (
    <Stack
      className={classes.stageMessage}
      align="center"
      justify="center"
      gap="sm"
      data-testid="call-state"
      data-status={status}
    >
      {status === 'waiting' || status === 'joining' ? (
        <Avatar size={88} radius="xl" color="leaf" variant="filled" aria-hidden>
          {initials(otherName)}
        </Avatar>
      ) : (
        <Loader color="white" aria-hidden />
      )}
      <Text role="status" fz="lg" fw={600} ta="center" c="white">
        {text}
      </Text>
      {status === 'waiting' ? (
        <Text c="gray.3" ta="center" size="sm">
          La videochiamata inizia da sola appena {otherName} entra.
        </Text>
      ) : null}
    </Stack>
  );
}

export function CallScreen({
  room,
  media,
  status,
  remoteStream,
  remoteMedia,
  quality,
  onHangUp,
  chat,
}: {
  room: VideoRoomView;
  media: LocalMedia;
  status: RoomStatus;
  remoteStream: MediaStream | null;
  remoteMedia: VideoMediaState;
  quality: ConnectionQuality | null;
  onHangUp: () => void;
  /** The pair's conversation, for the side panel. */
  chat: ReactNode;
}) {
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  const [chatOpen, setChatOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const connected = status === 'connected';
  const remoteCameraOff = connected && !remoteMedia.Video && !remoteMedia.Screen;
  const canShare = typeof navigator.mediaDevices?.getDisplayMedia === 'function' && wide;
  const selfHasVideo = Boolean(media.screen ?? media.stream?.getVideoTracks().length);

  return (
    <div className={classes.callLayout} data-chat={chatOpen && wide ? 'open' : 'closed'}>
      <section
        className={classes.callMain}
        aria-label={`Videochiamata con ${room.OtherName}`}
        data-testid="call-screen"
      >
        <div className={classes.stage}>
          <VideoTile
            stream={remoteStream}
            speakerId={media.choice.speakerId}
            className={classes.remoteVideo}
            label={`Video di ${room.OtherName}`}
            testId="remote-video"
          />
          {remoteCameraOff ? (
            <Stack
              className={classes.stageMessage}
              align="center"
              justify="center"
              gap="sm"
              data-testid="remote-camera-off"
            >
              <Avatar size={88} radius="xl" color="leaf" variant="filled" aria-hidden>
                {initials(room.OtherName)}
              </Avatar>
              <Text c="white" fw={600}>
                {room.OtherName} ha spento la videocamera
              </Text>
            </Stack>
          ) : null}
          <StageMessage status={status} role={room.Role} otherName={room.OtherName} />
          <Group className={classes.stageTop} gap="xs">
            <Badge color="dark" variant="filled" size="lg" className={classes.nameBadge}>
              {room.OtherName}
            </Badge>
            {connected && !remoteMedia.Audio ? (
              <Badge
                color="red"
                variant="filled"
                size="lg"
                leftSection={<IconMicrophoneOff size={14} aria-hidden />}
                data-testid="remote-muted"
              >
                Microfono disattivato
              </Badge>
            ) : null}
            {connected && remoteMedia.Screen ? (
              <Badge
                color="blue"
                variant="filled"
                size="lg"
                leftSection={<IconScreenShare size={14} aria-hidden />}
              >
                Condivide lo schermo
              </Badge>
            ) : null}
            {connected ? <QualityBadge quality={quality} /> : null}
          </Group>
          <div className={classes.selfView}>
            {selfHasVideo && (media.videoOn || media.screen) ? (
              <VideoTile
                stream={media.screen ?? media.stream}
                muted
                mirrored={!media.screen}
                className={classes.selfVideo}
                label="Il tuo video"
              />
            ) : (
              <div className={classes.selfOff}>
                <IconVideoOff size={24} aria-hidden />
                <Text size="xs">Videocamera spenta</Text>
              </div>
            )}
          </div>
        </div>
        <Group
          className={classes.controls}
          justify="center"
          gap="sm"
          role="toolbar"
          aria-label="Comandi della videochiamata"
        >
          <Control
            label={media.audioOn ? 'Disattiva il microfono' : 'Attiva il microfono'}
            pressed={!media.audioOn}
            onClick={media.toggleAudio}
            color={media.audioOn ? 'gray' : 'red'}
          >
            {media.audioOn ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
          </Control>
          <Control
            label={media.videoOn ? 'Spegni la videocamera' : 'Accendi la videocamera'}
            pressed={!media.videoOn}
            onClick={media.toggleVideo}
            color={media.videoOn ? 'gray' : 'red'}
          >
            {media.videoOn ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
          </Control>
          {canShare ? (
            <Control
              label={media.screen ? 'Interrompi la condivisione dello schermo' : 'Condividi lo schermo'}
              pressed={Boolean(media.screen)}
              onClick={() => (media.screen ? media.stopScreen() : void media.startScreen())}
              color={media.screen ? 'blue' : 'gray'}
            >
              {media.screen ? <IconScreenShareOff aria-hidden /> : <IconScreenShare aria-hidden />}
            </Control>
          ) : null}
          <Control
            label="Impostazioni di videocamera, microfono e altoparlante"
            onClick={() => setSettingsOpen(true)}
          >
            <IconSettings aria-hidden />
          </Control>
          <Control
            label={chatOpen ? 'Chiudi la chat' : 'Apri la chat'}
            pressed={chatOpen}
            onClick={() => setChatOpen((open) => !open)}
          >
            <IconMessageCircle aria-hidden />
          </Control>
          <Control label="Termina la videochiamata" onClick={onHangUp} color="red">
            <IconPhoneOff aria-hidden />
          </Control>
        </Group>
      </section>
      {chatOpen && wide ? (
        <aside className={classes.chatPanel} aria-label="Chat">
          {chat}
        </aside>
      ) : null}
      <Drawer
        opened={chatOpen && !wide}
        onClose={() => setChatOpen(false)}
        position="bottom"
        size="85%"
        title="Chat"
        closeButtonProps={{ 'aria-label': 'Chiudi la chat' }}
        classNames={{ body: classes.drawerChat }}
      >
        {chat}
      </Drawer>
      <Drawer
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        position="right"
        title="Videocamera, microfono e altoparlante"
        closeButtonProps={{ 'aria-label': 'Chiudi le impostazioni' }}
      >
        <DevicePickers media={media} />
      </Drawer>
    </div>
  );
}
