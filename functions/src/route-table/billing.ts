/** The billing area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const billingRestRoutes = [
  // Billing profiles (own, back office with UserId, a nutritionist's patients) and the municipalities
  // they name (docs/product.md#api, Billing; ItalianCities).
  {
    method: 'POST',
    path: api('User/BillingProfilesSelf'),
    area: 'billing',
    operation: 'createOwnBillingProfile',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('User/BillingProfilesSelf'),
    area: 'billing',
    operation: 'listOwnBillingProfiles',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('User/BillingProfilesSelf/count'),
    area: 'billing',
    operation: 'countOwnBillingProfiles',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('User/BillingProfilesSelf/{id}'),
    area: 'billing',
    operation: 'getOwnBillingProfile',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'PATCH',
    path: api('User/BillingProfilesSelf/{id}'),
    area: 'billing',
    operation: 'updateOwnBillingProfile',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'POST',
    path: api('User/BillingProfiles'),
    area: 'billing',
    operation: 'createUserBillingProfile',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('User/BillingProfiles'),
    area: 'billing',
    operation: 'listUserBillingProfiles',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('User/BillingProfiles/count'),
    area: 'billing',
    operation: 'countUserBillingProfiles',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('User/BillingProfiles/{id}'),
    area: 'billing',
    operation: 'getUserBillingProfile',
    access: ['BusinessAdmin'],
  },
  {
    method: 'PATCH',
    path: api('User/BillingProfiles/{id}'),
    area: 'billing',
    operation: 'updateUserBillingProfile',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Patients/{id}/BillingProfiles'),
    area: 'billing',
    operation: 'listPatientBillingProfiles',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('ItalianCities'),
    area: 'billing',
    operation: 'searchItalianCities',
    access: 'signedIn',
  },
  {
    method: 'GET',
    path: api('ItalianCities/{id}'),
    area: 'billing',
    operation: 'getItalianCity',
    access: 'signedIn',
  },
  // The nutritionist's fiscal data for invoicing (docs/product.md#invoicing): regime and register.
  {
    method: 'GET',
    path: api('CurrentNutritionist/FiscalData'),
    area: 'billing',
    operation: 'getOwnFiscalData',
    access: ['Nutritionist'],
  },
  {
    method: 'PUT',
    path: api('CurrentNutritionist/FiscalData'),
    area: 'billing',
    operation: 'putOwnFiscalData',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Admin/Invoicing/MissingFiscalData'),
    area: 'billing',
    operation: 'listNutritionistsMissingFiscalData',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const billingRoutes = { area: 'billing', rest: billingRestRoutes, webSocket: [] } as const;
