/** Lambda entry of the `accounts` area: sign-in, sessions, passwords, own details, user lists. */
import { createAreaHandler } from '../http/area-handler';
import { accountsRoutes } from '../route-table/accounts';
import { isSessionActive } from './session-state';
import { changeEmail, changePassword, resetPassword, tryResetPassword } from './passwords';
import { requestMobileVerificationCode, verifyPhoneNo } from './phone-verification';
import { exchangeInstantLoginToken, login, logout, refresh } from './sessions';
import { unsubscribe } from './unsubscribe';
import {
  deleteUserImage,
  getUserDetails,
  getUserDetailsMetadata,
  patchUserDetails,
  uploadUserImage,
} from './user-details';
import { listUsers } from './user-management';

export const handler = createAreaHandler(
  accountsRoutes,
  {
    rest: {
      login,
      refresh,
      logout,
      exchangeInstantLoginToken,
      tryResetPassword,
      resetPassword,
      changePassword,
      changeEmail,
      getUserDetails,
      patchUserDetails,
      getUserDetailsMetadata,
      uploadUserImage,
      deleteUserImage,
      requestMobileVerificationCode,
      verifyPhoneNo,
      unsubscribe,
      listUsers,
    },
    webSocket: {},
  },
  isSessionActive,
);
