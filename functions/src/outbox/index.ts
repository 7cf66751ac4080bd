/** The outbox's deliverers share the list of topics and their handlers. */
export { outboxHandlers } from './topics';
