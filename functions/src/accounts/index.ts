/** What other areas (and the HTTP layer) use of the accounts area. */
export { isSessionActive } from './session-state';
export { loginOutboxHandlers } from './login-throttle';
export { optionalMailLinks, optOutOfMails } from './unsubscribe';
export { consumeOneTimeToken, issueOneTimeToken, startRefreshFamily } from './credentials-repo';
export { requireActorUser } from './current-user';
export { hashPassword } from './password';
export { assertAcceptablePassword } from './password-policy';
export { INSTANT_LOGIN_LIFETIME_SECONDS } from './sessions';
export {
  getUserContacts,
  type UserContact,
  createUser,
  findUserByLogin,
  getDisplayNames,
  getUser,
  listRoleMembers,
  updateUser,
  type User,
} from './users-repo';
export { getUserNames, isNutritionist, type UserName } from './user-names';
export { codiceFiscaleSearchWrites, patientSearchWrites } from './patient-search-repo';
export { indexAllPatientsForSearch } from './patient-search-index-job';
export { sendInvitation } from './invitations';
export { accountMailTemplates } from './mails';
export { accountPersonalData } from './personal-data';
export { accountHasPassword, endAllSessions, eraseAccount, isAccountPassword } from './erasure';
export { ERASED_DISPLAY_NAME } from './users-repo';
