/**
 * `/Patients/Agenda/{BookingId}/VideoRoom` and `/AreaNutritionists/Bookings/{BookingId}/VideoRoom`: the video visit
 * (docs/product.md#video-room). The page checks camera and microphone first, counts down to the room's opening
 * (15 minutes before the start) or says the visit is over (30 minutes after its planned end), waits for
 * the other person, then holds the call. The server decides who may enter: another person's booking,
 * or a cancelled or unpaid one, is refused with its Italian message.
 */
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPhone, IconPlugConnected } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { inRome, videoRoomPhase, type VideoRoomView } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { apiPath } from '../../../api/client';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';
import { useAuth } from '../../auth';
import { ChatSocket, PairConversation, type ConnectionStatus } from '../../chat';
import { fetchVideoRoom } from '../api/video-room-api';
import { useVideoCall } from '../call/use-video-call';
import { CallScreen } from '../components/call-screen';
import { PrecallCheck } from '../components/precall-check';
import { OpensLater, useNow, VisitOver } from '../components/room-window';
import { useLocalMedia } from '../media/use-local-media';
import '../../../lib/dates';

type Stage = 'check' | 'call' | 'left' | 'takenOver';

/** While the page waits in the pre-call check, the other person's presence is read again this often. */
const PRESENCE_REFRESH_MS = 10_000;

const isBookingId = (value: string) => /^\d{1,15}$/.test(value);

const backTo = (room: Pick<VideoRoomView, 'Role' | 'BookingId'>) =>
  room.Role === 'Patient'
    ? { to: paths.patients.booking(String(room.BookingId)), label: 'Torna all’appuntamento' }
    : { to: paths.nutritionistArea.booking(String(room.BookingId)), label: 'Torna all’appuntamento' };

function Refused({ title, message, patient }: { title: string; message: string; patient: boolean }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text>{message}</Text>
        <Button
          component={Link}
          to={patient ? paths.patients.agenda() : paths.nutritionistArea.bookings()}
          variant="default"
        >
          {patient ? 'Vai ai tuoi appuntamenti' : 'Vai agli appuntamenti'}
        </Button>
      </Stack>
    </Paper>
  );
}

export function VideoRoomPage() {
  const { bookingId = '' } = useParams();
  const { hasRole } = useAuth();
  const patient = hasRole('Patient');
  const valid = isBookingId(bookingId);
  const room = useSWR<VideoRoomView>(
    valid ? apiPath('Bookings', bookingId, 'VideoRoom') : null,
    () => fetchVideoRoom(bookingId),
    { onError: () => undefined, revalidateOnFocus: false },
  );
  const data = room.data;
  const notFound = !valid || isApiError(room.error, 404) || isApiError(room.error, 400);

  return (
    <Page
      title={data ? `Videochiamata con ${data.OtherName}` : 'Videochiamata'}
      documentTitle="Videochiamata"
      description={
        data
          ? `Appuntamento di ${inRome(data.BookingTime).format('dddd D MMMM')}, ${inRome(data.BookingTime).format('HH:mm')}–${inRome(data.EndTime).format('HH:mm')}`
          : undefined
      }
      head={{ noIndex: true }}
      size="xl"
    >
      {notFound ? (
        <Refused
          title="Videochiamata non trovata"
          message="L’appuntamento non esiste oppure non è tra i tuoi."
          patient={patient}
        />
      ) : room.error ? (
        <Refused
          title="Videochiamata non disponibile"
          message={
            isApiError(room.error) && room.error.serverMessage
              ? room.error.serverMessage
              : 'Non è stato possibile aprire la videochiamata. Riprova tra poco.'
          }
          patient={patient}
        />
      ) : !data ? (
        <Center py="xl">
          <Loader aria-label="Caricamento della videochiamata" />
        </Center>
      ) : (
        <VideoRoom room={data} onRefresh={() => void room.mutate()} />
      )}
    </Page>
  );
}

function VideoRoom({ room, onRefresh }: { room: VideoRoomView; onRefresh: () => void }) {
  const { profile } = useAuth();
  // The window is the server's: a device clock that is off must not open or close the room early.
  const [skewMs] = useState(() => new Date(room.ServerTime).getTime() - Date.now());
  const now = useNow(1_000, Number.isFinite(skewMs) ? skewMs : 0);
  const phase = videoRoomPhase({ opensAt: new Date(room.OpensAt), closesAt: new Date(room.ClosesAt) }, now);
  const media = useLocalMedia();
  const socket = useMemo(() => new ChatSocket(), []);
  const [socketStatus, setSocketStatus] = useState<ConnectionStatus>(socket.status);
  const [reloadKey, setReloadKey] = useState(0);
  const [stage, setStage] = useState<Stage>('check');
  const [roomError, setRoomError] = useState<string | null>(null);

  useEffect(() => {
    const offStatus = socket.onStatus(setSocketStatus);
    const offOpen = socket.onOpen(() => setReloadKey((key) => key + 1));
    socket.start();
    return () => {
      offStatus();
      offOpen();
      socket.stop();
    };
  }, [socket]);

  // In the pre-call check the other person's presence ("già in sala d'attesa") is read now and then.
  useEffect(() => {
    if (stage !== 'check') return;
    const timer = setInterval(onRefresh, PRESENCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [stage, onRefresh]);

  const { stop: stopMedia, start: startMedia } = media;
  const hangUp = useCallback(() => {
    setStage('left');
    stopMedia();
  }, [stopMedia]);
  const rejoin = useCallback(async () => {
    setRoomError(null);
    await startMedia();
    setStage('call');
  }, [startMedia]);
  const back = backTo(room);

  if (phase === 'over' && stage !== 'call') return <VisitOver closesAt={room.ClosesAt} />;

  return (
    <Stack gap="md">
      {socketStatus === 'Disconnected' ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          Connessione al servizio persa. Ricarica la pagina per rientrare nella videochiamata.
        </Alert>
      ) : socketStatus === 'Reconnecting' && stage !== 'call' ? (
        <Alert color="yellow" variant="light" role="status" icon={<IconPlugConnected aria-hidden />}>
          Connessione persa: nuovo collegamento in corso…
        </Alert>
      ) : null}
      {roomError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {roomError}
        </Alert>
      ) : null}
      {stage === 'check' ? (
        <PrecallCheck
          media={media}
          canJoin={phase === 'open' && socketStatus === 'Connected'}
          onJoin={() => setStage('call')}
          presence={
            room.OtherPresent
              ? `${room.OtherName} è già nella sala.`
              : `${room.OtherName} non è ancora nella sala.`
          }
          notice={phase === 'notYet' ? <OpensLater opensAt={room.OpensAt} now={now} /> : null}
        />
      ) : stage === 'call' && profile ? (
        <InCall
          room={room}
          media={media}
          socket={socket}
          myUserId={profile.Id}
          reloadKey={reloadKey}
          onHangUp={hangUp}
          onTakenOver={() => {
            stopMedia();
            setStage('takenOver');
          }}
          onRoomError={setRoomError}
        />
      ) : stage === 'left' || stage === 'takenOver' ? (
        <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="left-heading">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="h3" id="left-heading">
              {stage === 'left'
                ? 'Hai lasciato la videochiamata'
                : 'La videochiamata continua in un’altra scheda'}
            </Title>
            <Text>
              {stage === 'left'
                ? room.Role === 'Nutritionist'
                  ? 'Se la visita è conclusa, segnala l’appuntamento come completato dalla sua scheda.'
                  : 'Puoi rientrare finché la sala è aperta.'
                : 'Hai aperto la videochiamata altrove: qui è stata chiusa.'}
            </Text>
            <Group gap="sm">
              {phase === 'open' ? (
                <Button leftSection={<IconPhone size={18} aria-hidden />} onClick={() => void rejoin()}>
                  {stage === 'left' ? 'Rientra nella videochiamata' : 'Riprendi qui'}
                </Button>
              ) : null}
              <Button component={Link} to={back.to} variant="default">
                {room.Role === 'Nutritionist' && stage === 'left' ? 'Vai all’appuntamento' : back.label}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {stage === 'check' ? (
        <Anchor component={Link} to={back.to} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}

function InCall({
  room,
  media,
  socket,
  myUserId,
  reloadKey,
  onHangUp,
  onTakenOver,
  onRoomError,
}: {
  room: VideoRoomView;
  media: ReturnType<typeof useLocalMedia>;
  socket: ChatSocket;
  myUserId: string;
  reloadKey: number;
  onHangUp: () => void;
  onTakenOver: () => void;
  onRoomError: (message: string) => void;
}) {
  const { streamRef, sinkRef } = media;
  const call = useVideoCall({
    socket,
    bookingId: room.BookingId,
    // Fixed roles for the negotiation (PeerCall): the patient yields.
    polite: room.Role === 'Patient',
    localStream: () => streamRef.current,
    mediaState: media.mediaState,
    registerTrackSink: (sink) => {
      sinkRef.current = sink;
    },
    onTakenOver,
    onRoomError,
  });
  return (
    <CallScreen
      room={room}
      media={media}
      status={call.status}
      remoteStream={call.remoteStream}
      remoteMedia={call.remoteMedia}
      quality={call.quality}
      onHangUp={onHangUp}
      chat={
        <PairConversation
          socket={socket}
          myUserId={myUserId}
          isNutritionist={room.Role === 'Nutritionist'}
          other={{
            UserId: room.OtherUserId,
            DisplayName: room.OtherName,
            ConversationSid: room.ConversationSid,
          }}
          reloadKey={reloadKey}
        />
      }
    />
  );
}
