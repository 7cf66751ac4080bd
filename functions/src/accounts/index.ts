/** What other areas (and the HTTP layer) use of the accounts area. */
export { isSessionActive } from './session-state';
export { loginOutboxHandlers } from './login-throttle';
