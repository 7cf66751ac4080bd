/**
 * Alerts for messages from others (docs/product.md#screens and #limits): the /audio/newmessage.mp3 sound and a 200 ms
 * vibration for each, and a desktop notification when the user granted the permission and is not already
 * looking at that conversation. The notification names the sender only: message text may be health data
 * and would show on a locked or shared screen.
 */
import { useEffect, useRef } from 'react';
import { CHAT_VIBRATION_MS } from '@nutri/shared';
import type { ChatSocket } from './chat-socket';

export const NEW_MESSAGE_SOUND_URL = '/audio/newmessage.mp3';

/** Title and body of the desktop notification: who wrote, never what. */
export const notificationTexts = (senderName: string | null) => ({
  title: senderName ? `Nuovo messaggio da ${senderName}` : 'Nuovo messaggio',
  body: 'Apri la chat di Nutrì per leggerlo.',
});

export const canNotify = () =>
  typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'granted';

interface IncomingMessageAlertsOptions {
  socket: ChatSocket;
  myUserId: string;
  /** The other member of a conversation, by its id (from the conversation list). */
  memberOf: (conversationSid: string) => { userId: string; name: string } | null;
  /** The user whose conversation is open, if any. */
  openUserId: string | null;
  /** A click on the notification opens that conversation. */
  onOpenConversation: (userId: string) => void;
}

export function useIncomingMessageAlerts(options: IncomingMessageAlertsOptions) {
  // The latest options without resubscribing (the conversation list and selection change often).
  const latest = useRef(options);
  latest.current = options;
  const { socket } = options;

  useEffect(() => {
    let sound: HTMLAudioElement | null = null;
    return socket.onEvent((event) => {
      const { myUserId, memberOf, openUserId, onOpenConversation } = latest.current;
      if (event.type !== 'MessageAdded' || event.message.AuthorId === myUserId) return;
      sound ??= new Audio(NEW_MESSAGE_SOUND_URL);
      sound.currentTime = 0;
      // Browsers refuse sound before the first interaction with the page: then it is just skipped.
      sound.play().catch(() => undefined);
      if (typeof navigator.vibrate === 'function') navigator.vibrate(CHAT_VIBRATION_MS);

      const member = memberOf(event.message.ConversationSid);
      const lookingAtIt =
        document.visibilityState === 'visible' && member !== null && member.userId === openUserId;
      if (!canNotify() || lookingAtIt) return;
      const { title, body } = notificationTexts(member?.name ?? null);
      try {
        const notification = new Notification(title, {
          body,
          // One notification per conversation: a newer one replaces the older.
          tag: `chat-${event.message.ConversationSid}`,
          icon: '/favicon.svg',
        });
        notification.onclick = () => {
          window.focus();
          if (member) onOpenConversation(member.userId);
          notification.close();
        };
      } catch {
        // Some mobile browsers allow notifications from service workers only: the sound still played.
      }
    });
  }, [socket]);
}
