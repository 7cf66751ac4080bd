/** The privacy centre (docs/product.md#privacy-centre), as other areas may use it. */
export { countFailedPrivacyRequestsSince, countWaitingErasureRequests } from './admin-requests';
export { privacyOutboxHandlers } from './outbox-handlers';
export { privacyMailTemplates } from './mails';
