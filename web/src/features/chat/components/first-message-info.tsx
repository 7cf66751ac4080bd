/**
 * The patient's first-message info (docs/product.md#overview, #states and #limits): 3 s after the patient's last message, if
 * no reply followed it, the chat says when the nutritionist will answer and that an e-mail will tell them.
 * A reply (or a booking card) after it hides it again; an unanswered message from earlier shows it at once.
 */
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_FIRST_MESSAGE_INFO_DELAY_MS, type ChatMessage } from '@nutri/shared';

export const FIRST_MESSAGE_INFO_TEXT =
  'Il tuo nutrizionista ti risponderà entro poche ore: riceverai una notifica via e-mail quando arriva la risposta.';

/**
 * The newest message, when it is mine and so still waits for a reply, with how long until the info
 * shows (0 once the 3 s have passed); null when the other side wrote last or nothing was written.
 */
export const unansweredMessage = (messages: readonly ChatMessage[], myUserId: string, now: number) => {
  const last = messages.at(-1);
  if (!last || last.AuthorId !== myUserId) return null;
  const due = new Date(last.DateCreated).getTime() + CHAT_FIRST_MESSAGE_INFO_DELAY_MS;
  return { messageIndex: last.MessageIndex, delayMs: Math.max(0, due - now) };
};

/** How close to the bottom of the message list counts as "reading the newest" (keep it in view). */
const NEAR_BOTTOM_PX = 160;

export function FirstMessageInfo({
  messages,
  myUserId,
}: {
  messages: readonly ChatMessage[];
  myUserId: string;
}) {
  const [shownFor, setShownFor] = useState<number | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const waiting = unansweredMessage(messages, myUserId, Date.now());
  const waitingIndex = waiting?.messageIndex ?? null;
  const delayMs = waiting?.delayMs ?? 0;

  useEffect(() => {
    if (waitingIndex === null) return;
    const timer = setTimeout(() => setShownFor(waitingIndex), delayMs);
    return () => clearTimeout(timer);
    // The delay is read when the waiting message changes, not again on every render's clock.
  }, [waitingIndex]);

  const shown = waitingIndex !== null && shownFor === waitingIndex;

  // It appears under the newest message: keep it in view if the reader is at the bottom.
  useEffect(() => {
    if (!shown) return;
    const log = ref.current?.closest<HTMLElement>('[role="log"]');
    if (log && log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX)
      log.scrollTop = log.scrollHeight;
  }, [shown]);

  if (!shown) return null;
  return (
    <Alert
      ref={ref}
      variant="light"
      color="blue"
      radius="md"
      icon={<IconInfoCircle aria-hidden />}
      data-testid="first-message-info"
      // Polite, not an alert: it is information, and the message list around it is a live log already.
      role="status"
      mt="xs"
      // Alert clips its overflow, so in the column of messages it would shrink instead of scrolling.
      style={{ flexShrink: 0 }}
    >
      {FIRST_MESSAGE_INFO_TEXT}
    </Alert>
  );
}
