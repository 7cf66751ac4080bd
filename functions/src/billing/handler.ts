/** Lambda entry of the `billing` area: billing profiles and the Italian municipalities they name. */
import { createAreaHandler } from '../http/area-handler';
import { billingRoutes } from '../route-table/billing';
import { isSessionActive } from '../accounts';
import {
  countOwnBillingProfiles,
  countUserBillingProfiles,
  createOwnBillingProfile,
  createUserBillingProfile,
  getOwnBillingProfile,
  getUserBillingProfile,
  listOwnBillingProfiles,
  listPatientBillingProfiles,
  listUserBillingProfiles,
  updateOwnBillingProfile,
  updateUserBillingProfile,
} from './billing-profiles';
import { getItalianCity, searchItalianCities } from './italian-cities';

export const handler = createAreaHandler(
  billingRoutes,
  {
    rest: {
      createOwnBillingProfile,
      listOwnBillingProfiles,
      countOwnBillingProfiles,
      getOwnBillingProfile,
      updateOwnBillingProfile,
      createUserBillingProfile,
      listUserBillingProfiles,
      countUserBillingProfiles,
      getUserBillingProfile,
      updateUserBillingProfile,
      listPatientBillingProfiles,
      searchItalianCities,
      getItalianCity,
    },
    webSocket: {},
  },
  isSessionActive,
);
