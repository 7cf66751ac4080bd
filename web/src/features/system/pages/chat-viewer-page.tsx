/**
 * `/SystemSettings/ChatViewer` (docs/product.md#screens, SystemAdmin): find a patient or a nutritionist by e-mail or
 * by the start of their name, list their conversations and read one, read-only (nothing is sent, nothing is
 * marked as seen). Every opening of a conversation list and every page of messages is recorded on the
 * server (who, when, which conversation), which the page says before anything is shown. The search text
 * stays in the page's state, never in the URL: an e-mail address does not belong in logs.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconEye, IconSearch } from '@tabler/icons-react';
import {
  CHAT_VIEWER_SEARCH_MIN_CHARS,
  SYSTEM_AUTHOR_ID,
  chatViewerTexts,
  parseMessageAttributes,
  type ChatMessage,
  type ChatViewerMessagesResponse,
  type ChatViewerRole,
  type MessageType,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { formatRomeDateTime } from '../../../lib/dates';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { fetchChatViewerMessages, useChatViewerConversations, useChatViewerUsers } from '../api/chat-viewer';

const ROLE_TEXT: Record<ChatViewerRole, string> = { Patient: 'Paziente', Nutritionist: 'Nutrizionista' };

const MESSAGE_TYPE_TEXT: Record<MessageType, string> = {
  SendFile: 'File inviato',
  BookingCreated: 'Nuova prenotazione',
  BookingModified: 'Prenotazione modificata',
  BookingCancelled: 'Prenotazione annullata',
  BookingCompleted: 'Visita completata',
  PaymentCompleted: 'Pagamento completato',
  BookingExpired: 'Prenotazione scaduta per mancato pagamento',
  Deleted: 'Messaggio eliminato',
};

const messagesLabel = (count: number) => (count === 1 ? '1 messaggio' : `${count} messaggi`);

function UserSearch({
  selectedUserId,
  onSelect,
}: {
  selectedUserId: string | null;
  onSelect: (userId: string) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const users = useChatViewerUsers(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setTooShort(value.length < CHAT_VIEWER_SEARCH_MIN_CHARS);
    if (value.length >= CHAT_VIEWER_SEARCH_MIN_CHARS) setSearch(value);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="viewer-search">
      <Title order={2} fz="h4" id="viewer-search">
        Cerca un utente
      </Title>
      <form onSubmit={submit} noValidate role="search">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="E-mail o nome"
            description="L’e-mail completa, oppure l’inizio di nome e cognome."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={tooShort ? chatViewerTexts.searchTooShort : null}
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Cerca
          </Button>
        </Group>
      </form>
      {!search ? null : users.error ? (
        <LoadError onRetry={() => void users.mutate()} />
      ) : !users.data ? (
        <Loader size="sm" aria-label="Ricerca in corso" />
      ) : users.data.Data.length === 0 ? (
        <Text c="dimmed">Nessun paziente o nutrizionista trovato.</Text>
      ) : (
        <Stack
          gap={6}
          component="ul"
          aria-label="Utenti trovati"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {users.data.Data.map((user) => (
            <SelectableItem
              key={user.UserId}
              selected={user.UserId === selectedUserId}
              onSelect={() => onSelect(user.UserId)}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600}>{user.DisplayName}</Text>
                  <Text size="sm" c="dimmed" truncate>
                    {user.Email}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {user.Roles.map((role) => (
                    <Badge key={role} variant="light" color={role === 'Patient' ? 'blue' : 'leaf'}>
                      {ROLE_TEXT[role]}
                    </Badge>
                  ))}
                </Group>
              </Group>
            </SelectableItem>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One entry of a list the admin picks from: a pressed toggle button, highlighted when selected. */
function SelectableItem({
  selected,
  onSelect,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <UnstyledButton onClick={onSelect} aria-pressed={selected} w="100%">
        <Paper withBorder radius="md" p="sm" bg={selected ? 'var(--mantine-color-leaf-0)' : undefined}>
          {children}
        </Paper>
      </UnstyledButton>
    </li>
  );
}

function ConversationList({
  userId,
  selectedSid,
  onSelect,
}: {
  userId: string;
  selectedSid: string | null;
  onSelect: (sid: string) => void;
}) {
  const conversations = useChatViewerConversations(userId);
  if (isApiError(conversations.error, 404)) return <Text c="red.9">{chatViewerTexts.userNotFound}</Text>;
  if (conversations.error) return <LoadError onRetry={() => void conversations.mutate()} />;
  if (!conversations.data) return <Loader size="sm" aria-label="Caricamento delle conversazioni" />;
  const { User, Data } = conversations.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="viewer-conversations">
      <Title order={2} fz="h4" id="viewer-conversations">
        Conversazioni di {User.DisplayName}
      </Title>
      {Data.length === 0 ? (
        <Text c="dimmed">Nessuna conversazione.</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {Data.map((conversation) => (
            <SelectableItem
              key={conversation.ConversationSid}
              selected={conversation.ConversationSid === selectedSid}
              onSelect={() => onSelect(conversation.ConversationSid)}
            >
              <Text fw={600}>
                {conversation.Patient.DisplayName} e {conversation.Nutritionist.DisplayName}
              </Text>
              <Text size="sm" c="dimmed">
                {messagesLabel(conversation.MessageCount)}
                {conversation.LastMessageDate
                  ? ` · ultimo il ${formatRomeDateTime(conversation.LastMessageDate)}`
                  : ''}
              </Text>
            </SelectableItem>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type Conversation = Omit<ChatViewerMessagesResponse, 'HasMore' | 'Items'>;

/** The opened conversation's pages: the newest on opening, older ones on request (each one audited). */
const useConversationPages = (sid: string) => {
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [items, setItems] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setConversation(null);
    setItems([]);
    setError(null);
    fetchChatViewerMessages(sid).then(
      (page) => {
        if (!current) return;
        setConversation({
          ConversationSid: page.ConversationSid,
          Patient: page.Patient,
          Nutritionist: page.Nutritionist,
        });
        setItems(page.Items);
        setHasMore(page.HasMore);
      },
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [sid, attempt]);

  const loadOlder = useCallback(async () => {
    const oldest = items[0]?.MessageIndex;
    if (oldest === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await fetchChatViewerMessages(sid, oldest);
      setItems((shown) => [...page.Items, ...shown]);
      setHasMore(page.HasMore);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingOlder(false);
    }
  }, [sid, items]);

  return {
    conversation,
    items,
    hasMore,
    error,
    loadingOlder,
    loadOlder,
    retry: () => setAttempt((n) => n + 1),
  };
};

function ConversationReader({ sid }: { sid: string }) {
  const { conversation, items, hasMore, error, loadingOlder, loadOlder, retry } = useConversationPages(sid);
  if (isApiError(error, 404)) return <Text c="red.9">{chatViewerTexts.conversationNotFound}</Text>;
  if (error && !conversation) return <LoadError onRetry={retry} />;
  if (!conversation) return <Loader size="sm" aria-label="Caricamento dei messaggi" />;
  const authorName = (authorId: string) =>
    authorId === conversation.Patient.UserId
      ? `${conversation.Patient.DisplayName} (paziente)`
      : authorId === conversation.Nutritionist.UserId
        ? `${conversation.Nutritionist.DisplayName} (nutrizionista)`
        : authorId === SYSTEM_AUTHOR_ID
          ? 'Messaggio automatico'
          : 'Altro autore';
  return (
    <Stack gap="sm" component="section" aria-labelledby="viewer-messages">
      <Title order={2} fz="h4" id="viewer-messages">
        {conversation.Patient.DisplayName} e {conversation.Nutritionist.DisplayName}
      </Title>
      {hasMore ? (
        <Button
          variant="default"
          onClick={() => void loadOlder()}
          loading={loadingOlder}
          style={{ alignSelf: 'center' }}
        >
          Carica messaggi precedenti
        </Button>
      ) : null}
      {items.length === 0 ? (
        <Text c="dimmed">Nessun messaggio in questa conversazione.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          aria-label="Messaggi"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((message) => {
            const attributes = parseMessageAttributes(message.Attributes);
            const fromNutritionist = message.AuthorId === conversation.Nutritionist.UserId;
            return (
              <Paper
                component="li"
                key={message.MessageIndex}
                withBorder
                radius="md"
                p="sm"
                ml={fromNutritionist ? { base: 0, sm: 'xl' } : 0}
                mr={fromNutritionist ? 0 : { base: 0, sm: 'xl' }}
                bg={fromNutritionist ? 'var(--mantine-color-leaf-0)' : undefined}
              >
                <Group justify="space-between" gap="xs" align="baseline">
                  <Text size="sm" fw={600}>
                    {authorName(message.AuthorId)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={message.DateCreated}>{formatRomeDateTime(message.DateCreated)}</time>
                  </Text>
                </Group>
                {attributes.MessageType ? (
                  <Text size="sm" fw={600} c="leaf.8">
                    {MESSAGE_TYPE_TEXT[attributes.MessageType]}
                    {attributes.FileDisplayName ? `: ${attributes.FileDisplayName}` : ''}
                  </Text>
                ) : null}
                {message.Body ? (
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.Body}</Text>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

export function ChatViewerPage() {
  const [userId, setUserId] = useState<string | null>(null);
  const [sid, setSid] = useState<string | null>(null);
  return (
    <Page
      title="Visualizzatore chat"
      description="Conversazioni tra pazienti e nutrizionisti, in sola lettura, per assistenza e verifiche."
      head={{ noIndex: true }}
    >
      <Alert color="apricot" icon={<IconEye aria-hidden />} mb="lg" title="Ogni lettura viene registrata">
        Aprire le conversazioni di un utente o i messaggi di una conversazione lascia una traccia con il tuo
        nome, l’ora e la conversazione letta. Apri solo ciò che serve all’assistenza.
      </Alert>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xl">
            <UserSearch
              selectedUserId={userId}
              onSelect={(id) => {
                setUserId(id);
                setSid(null);
              }}
            />
            {userId ? <ConversationList userId={userId} selectedSid={sid} onSelect={setSid} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {sid ? (
            <ConversationReader key={sid} sid={sid} />
          ) : (
            <Paper withBorder radius="lg" p="lg">
              <Text c="dimmed">Scegli un utente e una sua conversazione per leggerne i messaggi.</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
