/** What other areas use of this area (the jobs Lambda and the outbox). */
export { regeneratePublicPages, listPublicPagePaths, type RegenerateReport } from './regenerate';
export { siteOutboxHandlers } from './outbox-handlers';
