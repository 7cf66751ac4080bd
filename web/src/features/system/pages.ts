/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { ChatViewerPage } from './pages/chat-viewer-page';
export { SystemHomePage } from './pages/system-home-page';
export { EmailTemplatesPage } from './pages/email-templates-page';
export { AuditPage } from './pages/audit-page';
export { ContractsPage } from './pages/contracts-page';
export { LogViewerPage } from './pages/log-viewer-page';
