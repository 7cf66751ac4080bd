/** What other areas use of the accounts area. */
export { getUserContacts, type UserContact } from './users-repo';
export { optionalMailLinks } from './unsubscribe';
