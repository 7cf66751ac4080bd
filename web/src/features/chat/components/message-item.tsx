/**
 * One chat message: a text bubble, or for the booking and payment messages a card built from their
 * Attributes (docs/product.md#screens: message widgets) with a link to the booking page of the reader's role;
 * a sent file is a card with its preview or name and a download link (file-message.tsx).
 */
import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import {
  IconCalendarCheck,
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarTime,
  IconCreditCard,
  IconHourglassEmpty,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  BOOKING_MESSAGE_TYPES,
  BOOKING_TYPES,
  ChatMessageType,
  parseMessageAttributes,
  type BookingMessageType,
  type BookingTypeId,
  type ChatMessage,
} from '@nutri/shared';
import { onFirstUse } from '../../../lib/on-first-use';
import { paths } from '../../../paths';
import classes from './chat.module.css';
import { EmailStatus } from './email-status';
import { FileMessage } from './file-message';

const WIDGETS: Record<BookingMessageType, { title: string; icon: ReactNode; color: string }> = {
  BookingCreated: { title: 'Nuova prenotazione', icon: <IconCalendarEvent aria-hidden />, color: 'leaf.7' },
  BookingModified: {
    title: 'Prenotazione modificata',
    icon: <IconCalendarTime aria-hidden />,
    color: 'blue.8',
  },
  BookingCancelled: {
    title: 'Prenotazione annullata',
    icon: <IconCalendarOff aria-hidden />,
    color: 'red.9',
  },
  BookingCompleted: { title: 'Visita completata', icon: <IconCalendarCheck aria-hidden />, color: 'leaf.7' },
  PaymentCompleted: { title: 'Pagamento completato', icon: <IconCreditCard aria-hidden />, color: 'leaf.7' },
  BookingExpired: {
    title: 'Prenotazione scaduta per mancato pagamento',
    icon: <IconHourglassEmpty aria-hidden />,
    color: 'apricot.8',
  },
};

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Rome',
    }),
);
const time = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' }),
);

const isBookingType = (type: unknown): type is BookingMessageType =>
  (BOOKING_MESSAGE_TYPES as readonly unknown[]).includes(type);

interface MessageItemProps {
  message: ChatMessage;
  mine: boolean;
  isNutritionist: boolean;
  /** Shown under my newest message once the other member saw it. */
  seen: boolean;
  /** The other member has seen this message (the e-mail status turns into a check mark). */
  seenByOther?: boolean;
  /** The other member of the conversation: a file card asks for fresh links with it. */
  otherUserId?: string;
}

export function MessageItem({
  message,
  mine,
  isNutritionist,
  seen,
  seenByOther = false,
  otherUserId,
}: MessageItemProps) {
  const attributes = parseMessageAttributes(message.Attributes);
  const sentAt = time().format(new Date(message.DateCreated));
  if (attributes.MessageType === ChatMessageType.SendFile)
    return (
      <FileMessage
        message={message}
        attributes={attributes}
        mine={mine}
        otherUserId={otherUserId}
        sentAt={sentAt}
      />
    );
  if (isBookingType(attributes.MessageType)) {
    const widget = WIDGETS[attributes.MessageType];
    const bookingId = attributes.BookingId ? String(attributes.BookingId) : null;
    const typeName = attributes.BookingTypeId
      ? BOOKING_TYPES[attributes.BookingTypeId as BookingTypeId].Name
      : null;
    return (
      <Box className={classes.widgetRow} data-testid="chat-widget">
        <Paper withBorder radius="md" p="sm" className={classes.widget}>
          <Group gap="xs" wrap="nowrap" c={widget.color}>
            {widget.icon}
            <Text fw={700}>{widget.title}</Text>
          </Group>
          {typeName ? <Text size="sm">{typeName}</Text> : null}
          {attributes.BookingTime ? (
            <Text size="sm">{dateTime().format(new Date(attributes.BookingTime))}</Text>
          ) : null}
          {bookingId ? (
            <Anchor
              component={Link}
              size="sm"
              to={
                isNutritionist ? paths.nutritionistArea.booking(bookingId) : paths.patients.booking(bookingId)
              }
            >
              Vedi la prenotazione
            </Anchor>
          ) : null}
          <Text size="xs" c="dimmed" ta="right">
            {sentAt}
          </Text>
        </Paper>
      </Box>
    );
  }
  return (
    <Box className={mine ? classes.mineRow : classes.theirsRow}>
      <Box className={mine ? classes.mine : classes.theirs}>
        <Text className={classes.body}>{message.Body}</Text>
        <Text size="xs" className={classes.meta}>
          {sentAt}
          {mine && seen ? ' · Visualizzato' : ''}
          {mine && isNutritionist ? <EmailStatus message={message} seen={seenByOther} /> : null}
        </Text>
      </Box>
    </Box>
  );
}
