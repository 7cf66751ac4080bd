/** What other areas use of this area. */
export {
  conversationOfMember,
  knownConversationOfMember,
  otherMemberOf,
  pairConversationSid,
} from './access';
export { appendMessage, listConversationsOfUser, setLastSeenIndex } from './chat-repo';
export {
  applyChatMailEvent,
  CHAT_NOTIFICATION_MAIL_KIND,
  notifyUnseenChatMessages,
} from './email-notifications';
export { postMessage } from './messages';
export { announcePairing } from './pairing';
export { pushMessageAdded, pushToUsers } from './push';
export { listUrgentNotices, type UrgentNoticeRecord } from './urgent-notice-log-repo';
export { chatActivityOfUser, type ChatActivity } from './chat-activity';
export { chatNotificationTemplate } from './email-notification-mail';
export { urgentNoticeWhatsAppTemplate } from './urgent-notice-text';
export { chatPersonalData } from './personal-data';
export { eraseChatData } from './erasure';
