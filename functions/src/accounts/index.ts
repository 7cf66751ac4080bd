/** What other areas (and the HTTP layer) use of the accounts area. */
export { isSessionActive } from './session-state';
export { loginOutboxHandlers } from './login-throttle';
export { getUserContacts, type UserContact } from './users-repo';
export { optionalMailLinks } from './unsubscribe';
