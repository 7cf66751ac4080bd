/** Lambda entry of the `billing` area: billing profiles and the Italian municipalities they name. */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { billingRoutes } from '../route-table/billing';
import { isSessionActive } from '../accounts/start';

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadBillingProfiles = () => import('./billing-profiles');
const loadItalianCities = () => import('./italian-cities');
const loadFiscalData = () => import('./fiscal-data-api');

export const handler = createAreaHandler(
  billingRoutes,
  {
    rest: {
      createOwnBillingProfile: lazyOperation(loadBillingProfiles, 'createOwnBillingProfile'),
      listOwnBillingProfiles: lazyOperation(loadBillingProfiles, 'listOwnBillingProfiles'),
      countOwnBillingProfiles: lazyOperation(loadBillingProfiles, 'countOwnBillingProfiles'),
      getOwnBillingProfile: lazyOperation(loadBillingProfiles, 'getOwnBillingProfile'),
      updateOwnBillingProfile: lazyOperation(loadBillingProfiles, 'updateOwnBillingProfile'),
      createUserBillingProfile: lazyOperation(loadBillingProfiles, 'createUserBillingProfile'),
      listUserBillingProfiles: lazyOperation(loadBillingProfiles, 'listUserBillingProfiles'),
      countUserBillingProfiles: lazyOperation(loadBillingProfiles, 'countUserBillingProfiles'),
      getUserBillingProfile: lazyOperation(loadBillingProfiles, 'getUserBillingProfile'),
      updateUserBillingProfile: lazyOperation(loadBillingProfiles, 'updateUserBillingProfile'),
      listPatientBillingProfiles: lazyOperation(loadBillingProfiles, 'listPatientBillingProfiles'),
      searchItalianCities: lazyOperation(loadItalianCities, 'searchItalianCities'),
      getItalianCity: lazyOperation(loadItalianCities, 'getItalianCity'),
      getOwnFiscalData: lazyOperation(loadFiscalData, 'getOwnFiscalData'),
      putOwnFiscalData: lazyOperation(loadFiscalData, 'putOwnFiscalData'),
      listNutritionistsMissingFiscalData: lazyOperation(loadFiscalData, 'listNutritionistsMissingFiscalData'),
    },
    webSocket: {},
  },
  isSessionActive,
);
