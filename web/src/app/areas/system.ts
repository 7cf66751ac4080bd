/** SystemAdmin area chunk (/SystemSettings...). */
import '../../styles/all';
export { SystemHomePage } from '../../features/system/pages/system-home-page';
export { ChatViewerPage } from '../../features/system/pages/chat-viewer-page';
