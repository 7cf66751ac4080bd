/**
 * The pre-call check (docs/product.md#video-room): the camera preview, the microphone's level, the device
 * pickers and, when the browser refuses, how to allow them. The join button waits for the room to open.
 */
import { Button, Grid, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useAudioLevel } from '../media/use-audio-level';
import type { LocalMedia } from '../media/use-local-media';
import { DevicePickers } from './device-pickers';
import { MediaHelp } from './media-help';
import { VideoTile } from './video-tile';
import classes from './video-room.module.css';

export function PrecallCheck({
  media,
  canJoin,
  onJoin,
  presence,
  notice,
}: {
  media: LocalMedia;
  canJoin: boolean;
  onJoin: () => void;
  /** Whether the other person is already in, in words. */
  presence: string;
  /** The room's window (countdown), above the join button. */
  notice?: ReactNode;
}) {
  const { start } = media;
  useEffect(() => {
    void start();
  }, [start]);
  const audioTrack = media.stream?.getAudioTracks()[0] ?? null;
  const level = useAudioLevel(audioTrack);
  const hasVideo = Boolean(media.stream?.getVideoTracks().length);

  return (
    <Grid gap="lg" data-testid="precall-check">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper
          radius="lg"
          className={classes.preview}
          aria-label="Anteprima della videocamera"
          component="section"
        >
          {hasVideo ? (
            <VideoTile
              stream={media.stream}
              muted
              mirrored
              className={classes.previewVideo}
              label="La tua anteprima"
            />
          ) : (
            <Stack align="center" justify="center" h="100%" gap={4} c="gray.3">
              <IconVideoOff size={40} aria-hidden />
              <Text c="gray.2">
                {media.starting ? 'Avvio della videocamera…' : 'Nessuna immagine dalla videocamera'}
              </Text>
            </Stack>
          )}
        </Paper>
        <Group gap="xs" mt="sm" wrap="nowrap">
          <IconMicrophone size={20} aria-hidden />
          <Progress
            value={audioTrack ? level : 0}
            flex={1}
            size="lg"
            radius="xl"
            color={level > 8 ? 'leaf' : 'gray'}
            aria-label="Livello del microfono"
            data-testid="mic-level"
            data-level={level}
          />
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {audioTrack ? 'Parla: la barra si muove se il microfono ti sente.' : 'Il microfono non è attivo.'}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          {media.problem ? <MediaHelp problem={media.problem} onRetry={() => void media.start()} /> : null}
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="devices-heading">
            <Title order={2} fz="h4" id="devices-heading" mb="sm">
              Videocamera e microfono
            </Title>
            <DevicePickers media={media} />
          </Paper>
          {notice}
          <Text role="status" data-testid="presence">
            {presence}
          </Text>
          <Button
            size="lg"
            leftSection={<IconVideo aria-hidden />}
            onClick={onJoin}
            disabled={!canJoin || media.starting}
          >
            Entra nella videochiamata
          </Button>
          <Text size="xs" c="dimmed">
            La videochiamata passa direttamente tra i vostri dispositivi: Nutrì non registra né l’audio né il
            video.
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
