/** What other parts use of this area: the presence announcements the outbox deliverers carry out. */
export { presenceOutboxHandlers } from './presence';
