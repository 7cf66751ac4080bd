/** Chat chunk (/Chat). */
export { ChatPage } from '../../features/chat/pages/chat-page';
