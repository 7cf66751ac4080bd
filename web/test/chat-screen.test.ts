/**
 * Rules of the chat screen's parts that need no browser: where a picked emoji goes, the emoji set of the
 * picker, when the patient's first-message info is due, what a desktop notification may say, and how reports
 * of a message's e-mail arriving out of order change it.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@nutri/shared';
import { withEmailReport } from '../src/features/chat/components/email-status';
import { EMOJI_PER_LINE, insertAt } from '../src/features/chat/components/emoji-picker';
import { PEOPLE_EMOJI } from '../src/features/chat/components/emoji-people';
import { unansweredMessage } from '../src/features/chat/components/first-message-info';
import { notificationTexts } from '../src/features/chat/realtime/use-incoming-message-alerts';

describe('emoji picker', () => {
  it('inserts at the caret, replaces a selection, and puts the caret after the emoji', () => {
    expect(insertAt('Grazie mille', 6, 6, '😊')).toEqual({ value: 'Grazie😊 mille', caret: 8 });
    expect(insertAt('Grazie mille', 7, 12, '👍')).toEqual({ value: 'Grazie 👍', caret: 9 });
    expect(insertAt('', 0, 0, '🙂')).toEqual({ value: '🙂', caret: 2 });
  });

  it('offers people emoji only, each once, 7 per line', () => {
    expect(EMOJI_PER_LINE).toBe(7);
    expect(new Set(PEOPLE_EMOJI).size).toBe(PEOPLE_EMOJI.length);
    expect(PEOPLE_EMOJI.length).toBeGreaterThan(100);
    for (const emoji of PEOPLE_EMOJI) expect(emoji).toMatch(/^\p{Extended_Pictographic}/u);
    // No food, animals other than the smiley cats and monkeys, or objects.
    for (const other of ['🍎', '🐶', '⚽', '🚗']) expect(PEOPLE_EMOJI).not.toContain(other);
  });
});

const message = (index: number, authorId: string, at: string): ChatMessage => ({
  MessageSid: `IM${index}`,
  MessageId: `m-${index}`,
  Body: 'testo',
  AuthorId: authorId,
  MessageIndex: index,
  Attributes: '{}',
  DateCreated: at,
  ConversationSid: 'CH0',
  EmailNotificationSent: false,
  EmailLastEvent: null,
  EmailLastEventAt: null,
});

describe('first-message info', () => {
  const sent = '2026-03-02T10:00:00.000Z';
  const at = (ms: number) => new Date(sent).getTime() + ms;

  it('is due 3 s after the patient’s last message', () => {
    const messages = [message(0, 'nutri', sent), message(1, 'me', sent)];
    expect(unansweredMessage(messages, 'me', at(0))).toEqual({ messageIndex: 1, delayMs: 3000 });
    expect(unansweredMessage(messages, 'me', at(1200))).toEqual({ messageIndex: 1, delayMs: 1800 });
    expect(unansweredMessage(messages, 'me', at(60_000))).toEqual({ messageIndex: 1, delayMs: 0 });
  });

  it('is not shown once the other side wrote after it, nor in an empty conversation', () => {
    expect(unansweredMessage([message(0, 'me', sent), message(1, 'nutri', sent)], 'me', at(9000))).toBeNull();
    expect(unansweredMessage([], 'me', at(0))).toBeNull();
  });
});

describe('desktop notification', () => {
  it('names the sender and never carries the message', () => {
    expect(notificationTexts('Giulia Rossi')).toEqual({
      title: 'Nuovo messaggio da Giulia Rossi',
      body: 'Apri la chat di Nutrì per leggerlo.',
    });
    expect(notificationTexts(null).title).toBe('Nuovo messaggio');
  });
});

describe('e-mail reports of a message', () => {
  const emailed = (event: ChatMessage['EmailLastEvent'], at: string | null): ChatMessage => ({
    ...message(3, 'n-1', '2026-11-27T08:00:00.000Z'),
    EmailNotificationSent: event !== null,
    EmailLastEvent: event,
    EmailLastEventAt: at,
  });
  const report = (event: ChatMessage['EmailLastEvent'], at: string | null) => ({
    type: 'EmailNotificationSent' as const,
    ConversationSid: 'c-1',
    MessageIndexes: [3],
    EmailLastEvent: event,
    EmailLastEventAt: at,
  });

  it('a newer event replaces the one shown', () => {
    const shown = withEmailReport(
      emailed('processed', '2026-11-27T08:06:00.150Z'),
      report('delivered', '2026-11-27T08:06:00.500Z'),
    );
    expect([shown.EmailLastEvent, shown.EmailLastEventAt]).toEqual(['delivered', '2026-11-27T08:06:00.500Z']);
  });

  it("the sending job's late report of an older event leaves the newer one shown", () => {
    const shown = withEmailReport(
      emailed('delivered', '2026-11-27T08:06:00.500Z'),
      report('processed', '2026-11-27T08:06:00.150Z'),
    );
    expect(shown.EmailLastEvent).toBe('delivered');
  });

  it('a report before any event marks the message e-mailed and keeps what is known', () => {
    expect(withEmailReport(emailed(null, null), report(null, null))).toMatchObject({
      EmailNotificationSent: true,
      EmailLastEvent: null,
    });
    expect(
      withEmailReport(emailed('delivered', '2026-11-27T08:06:00.500Z'), report(null, null)).EmailLastEvent,
    ).toBe('delivered');
  });
});
