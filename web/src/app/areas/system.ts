/** SystemAdmin area chunk (/SystemSettings...). */
import '../../styles/all';
export { SystemHomePage } from '../../features/system/pages';
export { ChatViewerPage } from '../../features/system/pages';
export { EmailTemplatesPage, AuditPage } from '../../features/system/pages';
export { ContractsPage } from '../../features/system/pages';
export { LogViewerPage } from '../../features/system/pages';
export { PrivacyRequestsPage } from '../../features/privacy/pages';
