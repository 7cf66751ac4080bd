/** Chat chunk (/Chat). */
import '../../styles/all';
export { ChatPage } from '../../features/chat/pages';
