/** Lambda entry of the `onboarding` area: questionnaire webhook, registration, patient onboarding. */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { onboardingRoutes } from '../route-table/onboarding';
import { isSessionActive } from '../accounts/start';
import { connectOnboarding } from './collaborators';

// The composition root connects what onboarding asks of the areas above it (see collaborators.ts). Only a
// few operations use them, so chat's and billing's code is read on first use, not at every cold start.
connectOnboarding({
  announcePairing: async (...pairing) => (await import('../chat')).announcePairing(...pairing),
  isBillingProfileComplete: async (userId) => (await import('../billing')).isBillingProfileComplete(userId),
});

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadAdmin = () => import('./admin');
const loadAssignmentAdmin = () => import('./assignment-admin');
const loadContracts = () => import('./contracts');
const loadContractAdmin = () => import('./contract-admin');
const loadCurrentPatient = () => import('./current-patient');
const loadGoogle = () => import('./google');
const loadIntake = () => import('./intake');
const loadRegistration = () => import('./registration');
const loadTallyWebhook = () => import('./tally-webhook');
const loadNutritionistAccounts = () => import('./nutritionist-accounts');

export const handler = createAreaHandler(
  onboardingRoutes,
  {
    rest: {
      receiveTallyWebhook: lazyOperation(loadTallyWebhook, 'receiveTallyWebhook'),
      googleSignIn: lazyOperation(loadGoogle, 'googleSignIn'),
      googleRegisterPatient: lazyOperation(loadGoogle, 'googleRegisterPatient'),
      registerPatient: lazyOperation(loadRegistration, 'registerPatient'),
      verifyEmail: lazyOperation(loadRegistration, 'verifyEmail'),
      getPatientIntake: lazyOperation(loadIntake, 'getPatientIntake'),
      listTallyWebhookLog: lazyOperation(loadAdmin, 'listTallyWebhookLog'),
      getTallyDeliveryPayload: lazyOperation(loadAdmin, 'getTallyDeliveryPayload'),
      replayTallyDelivery: lazyOperation(loadAdmin, 'replayTallyDelivery'),
      getPublicConfig: lazyOperation(loadAdmin, 'getPublicConfig'),
      getCurrentPatientProfile: lazyOperation(loadCurrentPatient, 'getCurrentPatientProfile'),
      getOnboardingStep: lazyOperation(loadCurrentPatient, 'getOnboardingStep'),
      getTallyPreferences: lazyOperation(loadCurrentPatient, 'getTallyPreferences'),
      setPassword: lazyOperation(loadCurrentPatient, 'setPassword'),
      getCurrentPatientNutritionist: lazyOperation(loadCurrentPatient, 'getCurrentPatientNutritionist'),
      changeNutritionist: lazyOperation(loadCurrentPatient, 'changeNutritionist'),
      getContract: lazyOperation(loadContracts, 'getContract'),
      acceptPrivacy: lazyOperation(loadContracts, 'acceptPrivacy'),
      listContractsForAdmin: lazyOperation(loadContractAdmin, 'listContractsForAdmin'),
      getContractVersionForAdmin: lazyOperation(loadContractAdmin, 'getContractVersionForAdmin'),
      saveContractDraftForAdmin: lazyOperation(loadContractAdmin, 'saveContractDraftForAdmin'),
      publishContractForAdmin: lazyOperation(loadContractAdmin, 'publishContractForAdmin'),
      discardContractDraftForAdmin: lazyOperation(loadContractAdmin, 'discardContractDraftForAdmin'),
      exportContractAcceptances: lazyOperation(loadContractAdmin, 'exportContractAcceptances'),
      listUnassignedPatientsForAdmin: lazyOperation(loadAssignmentAdmin, 'listUnassignedPatientsForAdmin'),
      listAssignmentCandidates: lazyOperation(loadAssignmentAdmin, 'listAssignmentCandidates'),
      assignNutritionistByAdmin: lazyOperation(loadAssignmentAdmin, 'assignNutritionistByAdmin'),
      createNutritionistAccount: lazyOperation(loadNutritionistAccounts, 'createNutritionistAccount'),
      resendNutritionistInvitation: lazyOperation(loadNutritionistAccounts, 'resendNutritionistInvitation'),
      setNutritionistCalendarPartner: lazyOperation(
        loadNutritionistAccounts,
        'setNutritionistCalendarPartner',
      ),
      deactivateNutritionist: lazyOperation(loadNutritionistAccounts, 'deactivateNutritionist'),
      reactivateNutritionist: lazyOperation(loadNutritionistAccounts, 'reactivateNutritionist'),
      getCurrentNutritionist: lazyOperation(loadNutritionistAccounts, 'getCurrentNutritionist'),
    },
    webSocket: {},
  },
  isSessionActive,
);
