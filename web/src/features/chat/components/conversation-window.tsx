/**
 * The open conversation: history (older pages load when scrolled within 10 px of the top), live
 * messages, the other member's typing indicator (on for 3 s after each typing event, off on
 * typing-ended), read receipts, and the composer (Enter sends, Shift+Enter adds a line, empty messages
 * are not sent; typing is announced at most every 2 s).
 */
import { ActionIcon, Box, Button, Center, Group, Loader, Paper, Text, Textarea, Title } from '@mantine/core';
import { IconArrowDown, IconArrowLeft, IconSend } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  CHAT_LOAD_MORE_THRESHOLD_PX,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_SCROLL_BUTTON_THRESHOLD_PX,
  CHAT_TYPING_HIDE_MS,
  CHAT_TYPING_THROTTLE_MS,
  parseMessageAttributes,
  type ChatMessage,
  type ConversationView,
} from '@nutri/shared';
import { showErrorToast } from '../../../ui/notify';
import { fetchDirectConversation, fetchMessages } from '../api/chat-api';
import type { ChatSocket } from '../realtime/chat-socket';
import classes from './chat.module.css';
import { withEmailReport } from './email-status';
import { EmojiPicker } from './emoji-picker';
import { FirstMessageInfo } from './first-message-info';
import { FilePickerButton, UploadProgressCards, useChatFileUploads, useFileDrop } from './file-upload';
import { MessageItem } from './message-item';

interface ConversationWindowProps {
  socket: ChatSocket;
  myUserId: string;
  isNutritionist: boolean;
  conversation: ConversationView;
  /** Bumped after each reconnection: the history is read again so nothing missed stays missing. */
  reloadKey: number;
  /** Small screens: back to the list. */
  onBack?: () => void;
  /** Actions next to the name in the header (the nutritionist's toolbar). */
  toolbar?: ReactNode;
}

const byIndex = (a: ChatMessage, b: ChatMessage) => a.MessageIndex - b.MessageIndex;

const merge = (current: ChatMessage[], incoming: ChatMessage[]) => {
  const byKey = new Map(current.map((message) => [message.MessageIndex, message]));
  for (const message of incoming) byKey.set(message.MessageIndex, message);
  return [...byKey.values()].sort(byIndex);
};

export function ConversationWindow({
  socket,
  myUserId,
  isNutritionist,
  conversation,
  reloadKey,
  onBack,
  toolbar,
}: ConversationWindowProps) {
  const otherUserId = conversation.UserId;
  const [sid, setSid] = useState<string | null>(conversation.ConversationSid);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const [farFromBottom, setFarFromBottom] = useState(false);
  const [theirLastSeen, setTheirLastSeen] = useState<number | null>(conversation.UserLastSeenMessageIndex);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const keepOffsetFromBottom = useRef<number | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastTypingSent = useRef(0);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  // Files: a posted file merges by index like a pushed message, so the push arriving too adds nothing.
  const files = useChatFileUploads(otherUserId, (message) => {
    stickToBottom.current = true;
    setMessages((current) => merge(current, [message]));
  });
  const drop = useFileDrop({ busy: files.busy, disabled: !sid, onFiles: files.start });

  // Open (creating it on first selection) and read the newest page; again after each reconnection.
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    void (async () => {
      try {
        const { ConversationId } = await fetchDirectConversation(otherUserId);
        const page = await fetchMessages(otherUserId);
        if (cancelled) return;
        setSid(ConversationId);
        setMessages((current) =>
          current[0]?.ConversationSid === ConversationId ? merge(current, page.Items) : page.Items,
        );
        setHasMore(page.HasMore);
        stickToBottom.current = true;
      } catch {
        if (!cancelled) showErrorToast('Impossibile caricare la conversazione.');
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [otherUserId, reloadKey]);

  // Live events of this conversation.
  useEffect(
    () =>
      socket.onEvent((event) => {
        if (!sid) return;
        if (event.type === 'MessageAdded' && event.message.ConversationSid === sid) {
          setMessages((current) => merge(current, [event.message]));
          if (event.message.AuthorId !== myUserId) setTyping(false);
        } else if (event.type === 'typingStarted' && event.ConversationSid === sid) {
          setTyping(true);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setTyping(false), CHAT_TYPING_HIDE_MS);
        } else if (event.type === 'typingEnded' && event.ConversationSid === sid) {
          clearTimeout(typingTimer.current);
          setTyping(false);
        } else if (event.type === 'EmailNotificationSent' && event.ConversationSid === sid) {
          const covered = new Set(event.MessageIndexes);
          setMessages((current) =>
            current.map((message) =>
              covered.has(message.MessageIndex) ? withEmailReport(message, event) : message,
            ),
          );
        } else if (event.type === 'MessageSeen' && event.ConversationSid === sid) {
          setTheirLastSeen((current) => Math.max(current ?? -1, event.MessageIndex));
        } else if (event.type === 'error') {
          showErrorToast(event.message);
        }
      }),
    [socket, sid, myUserId],
  );

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // What is on screen counts as seen (the server only moves the mark forward).
  const newest = messages.at(-1)?.MessageIndex;
  useEffect(() => {
    if (sid && newest !== undefined)
      socket.send({ action: 'SetUserLastSeenMessage', ConversationSid: sid, MessageIndex: newest });
  }, [socket, sid, newest]);

  // Keep the view at the bottom for new messages, and in place when older ones are added on top.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (keepOffsetFromBottom.current !== null) {
      list.scrollTop = list.scrollHeight - keepOffsetFromBottom.current;
      keepOffsetFromBottom.current = null;
    } else if (stickToBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
  }, [messages, typing]);

  const loadOlder = useCallback(async () => {
    const oldest = messages[0]?.MessageIndex;
    if (loadingOlder || !hasMore || oldest === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages(otherUserId, oldest);
      const list = listRef.current;
      if (list) keepOffsetFromBottom.current = list.scrollHeight - list.scrollTop;
      setMessages((current) => merge(current, page.Items));
      setHasMore(page.HasMore);
    } catch {
      showErrorToast('Impossibile caricare i messaggi precedenti.');
    } finally {
      setLoadingOlder(false);
    }
  }, [messages, loadingOlder, hasMore, otherUserId]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const fromBottom = list.scrollHeight - list.scrollTop - list.clientHeight;
    stickToBottom.current = fromBottom < 40;
    setFarFromBottom(fromBottom > CHAT_SCROLL_BUTTON_THRESHOLD_PX);
    if (list.scrollTop <= CHAT_LOAD_MORE_THRESHOLD_PX) void loadOlder();
  };

  const send = () => {
    const body = text.trim();
    if (!body || !sid) return;
    if (body.length > CHAT_MESSAGE_MAX_LENGTH) {
      showErrorToast(`Il messaggio è troppo lungo: al massimo ${CHAT_MESSAGE_MAX_LENGTH} caratteri.`);
      return;
    }
    const sent = socket.send({
      action: 'SendMessage',
      ConversationSid: sid,
      Text: body,
      MessageId: crypto.randomUUID(),
    });
    if (!sent) {
      showErrorToast('Messaggio non inviato: connessione assente. Riprova tra poco.');
      return;
    }
    socket.send({ action: 'EndTyping', ConversationSid: sid });
    lastTypingSent.current = 0;
    stickToBottom.current = true;
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (sid && value.trim() && now - lastTypingSent.current >= CHAT_TYPING_THROTTLE_MS) {
      lastTypingSent.current = now;
      socket.send({ action: 'StartTyping', ConversationSid: sid });
    }
  };

  // The read receipt goes under my newest text message (booking cards carry no receipt).
  const myNewest = [...messages]
    .reverse()
    .find(
      (message) => message.AuthorId === myUserId && !parseMessageAttributes(message.Attributes).MessageType,
    )?.MessageIndex;

  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.pane}
      aria-label={`Conversazione con ${conversation.DisplayName}`}
      component="section"
      {...drop.handlers}
    >
      {drop.overlay}
      <Group gap="xs" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {onBack ? (
          <ActionIcon variant="subtle" color="gray" onClick={onBack} aria-label="Torna alle conversazioni">
            <IconArrowLeft aria-hidden />
          </ActionIcon>
        ) : null}
        <Title order={2} fz="h4" lineClamp={1} miw={0}>
          {conversation.DisplayName}
        </Title>
        {toolbar}
      </Group>
      <div
        ref={listRef}
        className={classes.messages}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label="Messaggi"
        tabIndex={0}
      >
        {loadingOlder ? (
          <Center>
            <Loader size="sm" aria-label="Caricamento dei messaggi precedenti" />
          </Center>
        ) : null}
        {loading && messages.length === 0 ? (
          <Center h="100%">
            <Loader aria-label="Caricamento dei messaggi" />
          </Center>
        ) : messages.length === 0 ? (
          <Center h="100%">
            <Text c="dimmed" ta="center">
              Nessun messaggio. Scrivi il primo!
            </Text>
          </Center>
        ) : (
          messages.map((message) => (
            <MessageItem
              key={message.MessageIndex}
              message={message}
              mine={message.AuthorId === myUserId}
              isNutritionist={isNutritionist}
              seen={
                message.MessageIndex === myNewest &&
                theirLastSeen !== null &&
                theirLastSeen >= message.MessageIndex
              }
              seenByOther={theirLastSeen !== null && theirLastSeen >= message.MessageIndex}
              otherUserId={otherUserId}
            />
          ))
        )}
        {isNutritionist ? null : <FirstMessageInfo messages={messages} myUserId={myUserId} />}
      </div>
      {farFromBottom ? (
        <ActionIcon
          className={classes.toBottom}
          size="lg"
          radius="xl"
          onClick={() => listRef.current?.scrollTo({ top: listRef.current.scrollHeight })}
          aria-label="Vai all'ultimo messaggio"
        >
          <IconArrowDown aria-hidden size={20} />
        </ActionIcon>
      ) : null}
      <Box className={classes.typing}>
        {typing ? (
          <Text size="sm" c="dimmed" data-testid="typing-indicator">
            {conversation.DisplayName} sta scrivendo…
          </Text>
        ) : null}
      </Box>
      <UploadProgressCards uploads={files.uploads} onCancel={files.cancel} />
      <Group p="sm" gap="xs" align="flex-end" wrap="nowrap">
        <FilePickerButton onFiles={files.start} disabled={!sid} />
        <EmojiPicker textareaRef={composerRef} value={text} onChange={onChange} disabled={!sid} />
        <Textarea
          ref={composerRef}
          flex={1}
          autosize
          minRows={1}
          maxRows={5}
          aria-label="Messaggio"
          placeholder="Scrivi un messaggio…"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          disabled={!sid}
        />
        <Button
          onClick={send}
          disabled={!text.trim() || !sid}
          leftSection={<IconSend aria-hidden size={18} />}
          visibleFrom="xs"
        >
          Invia
        </Button>
        {/* Phones: the icon alone, so the message field keeps its width beside the file and emoji buttons. */}
        <ActionIcon
          onClick={send}
          disabled={!text.trim() || !sid}
          size={36}
          aria-label="Invia"
          hiddenFrom="xs"
        >
          <IconSend aria-hidden size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
