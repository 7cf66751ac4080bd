/** What other areas use of the accounts area. */
export { optionalMailLinks } from './unsubscribe';
