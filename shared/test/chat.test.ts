import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatActionErrors,
  chatMessagesQuerySchema,
  sendMessageActionSchema,
  setUserLastSeenMessageActionSchema,
  unreadCount,
} from '../src/chat';

const SID = `CH${'a1'.repeat(16)}`;

describe('unread count (docs/product.md#data, Conversation view)', () => {
  it('is 0 without messages, max + 1 when nothing was seen, max - last seen otherwise', () => {
    expect(unreadCount(null, null)).toBe(0);
    expect(unreadCount(null, 3)).toBe(0);
    expect(unreadCount(0, null)).toBe(1);
    expect(unreadCount(9, null)).toBe(10);
    expect(unreadCount(9, 4)).toBe(5);
    expect(unreadCount(9, 9)).toBe(0);
  });
});

describe('realtime chat actions', () => {
  it('accepts a message to a conversation id, with an optional client id', () => {
    expect(
      sendMessageActionSchema.safeParse({ action: 'SendMessage', ConversationSid: SID, Text: 'Ciao' })
        .success,
    ).toBe(true);
    expect(
      sendMessageActionSchema.safeParse({
        action: 'SendMessage',
        ConversationSid: SID,
        Text: 'Ciao',
        MessageId: '3f1c2a9e-0000-4000-8000-000000000000',
      }).success,
    ).toBe(true);
  });

  it('refuses malformed conversation ids, client ids and indexes', () => {
    expect(
      sendMessageActionSchema.safeParse({ action: 'SendMessage', ConversationSid: 'CH1', Text: 'x' }).success,
    ).toBe(false);
    expect(
      sendMessageActionSchema.safeParse({
        action: 'SendMessage',
        ConversationSid: SID,
        Text: 'x',
        MessageId: 'a:b',
      }).success,
    ).toBe(false);
    expect(
      setUserLastSeenMessageActionSchema.safeParse({
        action: 'SetUserLastSeenMessage',
        ConversationSid: SID,
        MessageIndex: -1,
      }).success,
    ).toBe(false);
  });

  it('reads the history cursor from the query string', () => {
    expect(chatMessagesQuerySchema.parse({ before: '30' })).toEqual({ before: 30 });
    expect(chatMessagesQuerySchema.parse({})).toEqual({});
    expect(chatMessagesQuerySchema.safeParse({ before: '-1' }).success).toBe(false);
  });

  it('states the length limit in its Italian error', () => {
    expect(chatActionErrors.tooLong).toContain(String(CHAT_MESSAGE_MAX_LENGTH));
  });
});
