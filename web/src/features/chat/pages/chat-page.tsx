/**
 * /Chat (optional `UserId`): the real-time chat of patients and nutritionists (docs/product.md#screens, Chat
 * screen). The realtime channel opens with the page and closes with it; content shows only while
 * Connected. Every (re)connection reloads the conversations and the open history, so nothing sent
 * while the channel was down stays missing.
 */
import { Alert, Center, Loader, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorTexts, type ConversationView } from '@nutri/shared';
import { Page } from '../../../ui/page';
import { showErrorToast } from '../../../ui/notify';
import { useAuth } from '../../auth';
import { fetchConversations } from '../api/chat-api';
import classes from '../components/chat.module.css';
import { ConversationFiles } from '../components/conversation-files';
import { ConversationList } from '../components/conversation-list';
import { ConversationWindow } from '../components/conversation-window';
import { NotificationPermissionPrompt } from '../components/notification-permission-prompt';
import { NutritionistChatToolbar } from '../components/nutritionist-chat-toolbar';
import { PatientNutritionistCard } from '../components/patient-nutritionist-card';
import { ChatSocket, type ConnectionStatus } from '../realtime/chat-socket';
import { useIncomingMessageAlerts } from '../realtime/use-incoming-message-alerts';

/** Search input delay (docs/product.md#limits: picker input delay 300 ms). */
const SEARCH_DELAY_MS = 300;
/** Events that change the list (last message, unread counts, archive) are folded into one reload. */
const LIST_RELOAD_DELAY_MS = 400;

const STATUS_TEXTS: Record<Exclude<ConnectionStatus, 'Connected'>, { text: string; color: string }> = {
  Connecting: { text: 'Connessione alla chat in corso…', color: 'blue' },
  Reconnecting: { text: 'Connessione persa: nuovo collegamento in corso…', color: 'yellow' },
  Disconnecting: { text: 'Disconnessione in corso…', color: 'gray' },
  Disconnected: { text: errorTexts.chatDisconnected, color: 'red' },
};

export function ChatPage() {
  const { hasRole, profile } = useAuth();
  const isNutritionist = hasRole('Nutritionist');
  const canChat = isNutritionist || hasRole('Patient');
  return (
    <Page
      title="Chat"
      description={
        isNutritionist
          ? 'Le conversazioni con i tuoi pazienti.'
          : 'Scrivi al tuo nutrizionista: ti risponderà entro poche ore e riceverai una notifica via e-mail.'
      }
      size="xl"
      className={classes.chatPage}
    >
      {canChat && profile ? (
        <Chat myUserId={profile.Id} isNutritionist={isNutritionist} />
      ) : canChat ? (
        <Center>
          <Loader aria-label="Caricamento" />
        </Center>
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          La chat è disponibile per i pazienti e i nutrizionisti di Nutrì.
        </Alert>
      )}
    </Page>
  );
}

function Chat({ myUserId, isNutritionist }: { myUserId: string; isNutritionist: boolean }) {
  const socket = useMemo(() => new ChatSocket(), []);
  const [status, setStatus] = useState<ConnectionStatus>(socket.status);
  const [reloadKey, setReloadKey] = useState(0);
  const [conversations, setConversations] = useState<ConversationView[] | null>(null);
  const [online, setOnline] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [showAll, setShowAll] = useState(false);
  const [listTick, setListTick] = useState(0);
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedUserId = searchParams.get('UserId');
  const isSmall = useMediaQuery('(max-width: 48em)') ?? false;
  const listTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const offStatus = socket.onStatus(setStatus);
    const offOpen = socket.onOpen(() => {
      setReloadKey((key) => key + 1);
      socket.send({ action: 'OnlineUsers' });
    });
    const offEvent = socket.onEvent((event) => {
      if (event.type === 'OnlineUsers') setOnline(new Set(event.UserIds));
      else if (event.type === 'UserConnected') setOnline((current) => new Set(current).add(event.UserId));
      else if (event.type === 'UserDisconnected')
        setOnline((current) => {
          const next = new Set(current);
          next.delete(event.UserId);
          return next;
        });
      else if (
        event.type === 'MessageAdded' ||
        event.type === 'MessageSeen' ||
        event.type === 'UpdateMyLastSeenMessageIndex' ||
        event.type === 'OnConversationArchived' ||
        // A conversation created or a pairing changed (assignment, change of nutritionist).
        event.type === 'ConversationAdded' ||
        event.type === 'ConversationRemoved'
      ) {
        clearTimeout(listTimer.current);
        listTimer.current = setTimeout(() => setListTick((tick) => tick + 1), LIST_RELOAD_DELAY_MS);
      }
    });
    socket.start();
    return () => {
      offStatus();
      offOpen();
      offEvent();
      clearTimeout(listTimer.current);
      socket.stop();
    };
  }, [socket]);

  useEffect(() => {
    if (reloadKey === 0) return;
    let cancelled = false;
    fetchConversations(isNutritionist, debouncedSearch).then(
      (list) => {
        if (!cancelled) setConversations(list);
      },
      () => {
        if (!cancelled) showErrorToast('Impossibile caricare le conversazioni.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [isNutritionist, debouncedSearch, reloadKey, listTick]);

  const select = (userId: string | null) =>
    setSearchParams(userId ? { UserId: userId } : {}, { replace: userId === null });

  // The single conversation opens by itself (a patient's, or a nutritionist with one patient).
  const onlyUserId = conversations?.length === 1 && !debouncedSearch ? conversations[0]!.UserId : null;
  // Once per visit: going back to the list on a phone must not reopen it at once.
  const autoOpened = useRef(false);
  useEffect(() => {
    if (!onlyUserId || autoOpened.current) return;
    autoOpened.current = true;
    if (!selectedUserId) setSearchParams({ UserId: onlyUserId }, { replace: true });
  }, [onlyUserId, selectedUserId, setSearchParams]);

  const selected = conversations?.find((conversation) => conversation.UserId === selectedUserId) ?? null;

  useIncomingMessageAlerts({
    socket,
    myUserId,
    memberOf: (sid) => {
      const conversation = conversations?.find((candidate) => candidate.ConversationSid === sid);
      return conversation ? { userId: conversation.UserId, name: conversation.DisplayName } : null;
    },
    openUserId: selected ? selected.UserId : null,
    onOpenConversation: (userId) => select(userId),
  });
  // The open conversation is read as it arrives: its badge must not wait for the next list reload.
  const listed = conversations?.map((conversation) =>
    conversation.UserId === selectedUserId && conversation.newMessageCount > 0
      ? { ...conversation, newMessageCount: 0 }
      : conversation,
  );

  if (status !== 'Connected') {
    const { text, color } = STATUS_TEXTS[status];
    return (
      <Alert
        color={color}
        variant="light"
        role={status === 'Disconnected' ? 'alert' : 'status'}
        icon={
          status === 'Disconnected' ? <IconAlertTriangle aria-hidden /> : <IconPlugConnected aria-hidden />
        }
        data-testid="chat-status"
      >
        {text}
      </Alert>
    );
  }
  if (!conversations || !listed)
    return (
      <Center>
        <Loader aria-label="Caricamento delle conversazioni" />
      </Center>
    );

  const showList = !isSmall || !selected;
  const showWindow = !isSmall || Boolean(selected);
  return (
    <>
      <NotificationPermissionPrompt />
      {isNutritionist ? null : <PatientNutritionistCard />}
      <div className={classes.layout} data-testid="chat-connected">
        {showList ? (
          <ConversationList
            conversations={listed}
            selectedUserId={selectedUserId}
            onSelect={select}
            online={online}
            isNutritionist={isNutritionist}
            search={search}
            onSearch={setSearch}
            showAll={showAll}
            onShowAll={setShowAll}
          />
        ) : null}
        {showWindow ? (
          selected ? (
            <ConversationWindow
              key={selected.UserId}
              socket={socket}
              myUserId={myUserId}
              isNutritionist={isNutritionist}
              conversation={selected}
              reloadKey={reloadKey}
              onBack={isSmall ? () => select(null) : undefined}
              toolbar={
                isNutritionist ? (
                  <NutritionistChatToolbar
                    conversation={selected}
                    FilesView={ConversationFiles}
                    onArchivedChange={() => setListTick((tick) => tick + 1)}
                  />
                ) : undefined
              }
            />
          ) : (
            <Center className={classes.pane}>
              <Text c="dimmed" ta="center" p="md">
                {selectedUserId ? 'Conversazione non disponibile.' : 'Seleziona una conversazione.'}
              </Text>
            </Center>
          )
        ) : null}
      </div>
    </>
  );
}
