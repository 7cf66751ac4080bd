/** Lambda entry of the `accounts` area: sign-in, sessions, passwords, own details, user lists. */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { accountsRoutes } from '../route-table/accounts';
import { isSessionActive } from './session-state';

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadPasswords = () => import('./passwords');
const loadPatientSearch = () => import('./patient-search');
const loadPhoneVerification = () => import('./phone-verification');
const loadSessions = () => import('./sessions');
const loadUnsubscribe = () => import('./unsubscribe');
const loadUserDetails = () => import('./user-details');
const loadUserManagement = () => import('./user-management');
const loadInvitations = () => import('./invitations');

export const handler = createAreaHandler(
  accountsRoutes,
  {
    rest: {
      searchPatients: lazyOperation(loadPatientSearch, 'searchPatients'),
      login: lazyOperation(loadSessions, 'login'),
      refresh: lazyOperation(loadSessions, 'refresh'),
      logout: lazyOperation(loadSessions, 'logout'),
      exchangeInstantLoginToken: lazyOperation(loadSessions, 'exchangeInstantLoginToken'),
      tryResetPassword: lazyOperation(loadPasswords, 'tryResetPassword'),
      resetPassword: lazyOperation(loadPasswords, 'resetPassword'),
      changePassword: lazyOperation(loadPasswords, 'changePassword'),
      changeEmail: lazyOperation(loadPasswords, 'changeEmail'),
      getUserDetails: lazyOperation(loadUserDetails, 'getUserDetails'),
      patchUserDetails: lazyOperation(loadUserDetails, 'patchUserDetails'),
      getUserDetailsMetadata: lazyOperation(loadUserDetails, 'getUserDetailsMetadata'),
      uploadUserImage: lazyOperation(loadUserDetails, 'uploadUserImage'),
      deleteUserImage: lazyOperation(loadUserDetails, 'deleteUserImage'),
      requestMobileVerificationCode: lazyOperation(loadPhoneVerification, 'requestMobileVerificationCode'),
      verifyPhoneNo: lazyOperation(loadPhoneVerification, 'verifyPhoneNo'),
      unsubscribe: lazyOperation(loadUnsubscribe, 'unsubscribe'),
      listUsers: lazyOperation(loadUserManagement, 'listUsers'),
      acceptInvitation: lazyOperation(loadInvitations, 'acceptInvitation'),
      confirmEmail: lazyOperation(loadInvitations, 'confirmEmail'),
      getUsersOverview: lazyOperation(loadUserManagement, 'getUsersOverview'),
      listUsersForManager: lazyOperation(loadUserManagement, 'listUsersForManager'),
      getManagedUser: lazyOperation(loadUserManagement, 'getManagedUser'),
      updateManagedUser: lazyOperation(loadUserManagement, 'updateManagedUser'),
      changeManagedUserEmail: lazyOperation(loadUserManagement, 'changeManagedUserEmail'),
      setManagedUserRoles: lazyOperation(loadUserManagement, 'setManagedUserRoles'),
      disableManagedUser: lazyOperation(loadUserManagement, 'disableManagedUser'),
      enableManagedUser: lazyOperation(loadUserManagement, 'enableManagedUser'),
      sendManagedUserPasswordReset: lazyOperation(loadUserManagement, 'sendManagedUserPasswordReset'),
      revokeManagedUserSession: lazyOperation(loadUserManagement, 'revokeManagedUserSession'),
    },
    webSocket: {},
  },
  isSessionActive,
);
