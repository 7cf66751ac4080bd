/** Lambda entry of the `onboarding` area: questionnaire webhook, registration, patient onboarding. */
import { createAreaHandler } from '../http/area-handler';
import { onboardingRoutes } from '../route-table/onboarding';
import { isSessionActive } from '../accounts';
import { isBillingProfileComplete } from '../billing';
import { announcePairing } from '../chat';
import { getPublicConfig, listTallyWebhookLog } from './admin';
import {
  assignNutritionistByAdmin,
  listAssignmentCandidates,
  listUnassignedPatientsForAdmin,
} from './assignment-admin';
import { acceptPrivacy, getContract } from './contracts';
import {
  changeNutritionist,
  getCurrentPatientNutritionist,
  getCurrentPatientProfile,
  getOnboardingStep,
  getTallyPreferences,
  setPassword,
} from './current-patient';
import { googleRegisterPatient, googleSignIn } from './google';
import { getPatientIntake } from './intake';
import { registerPatient, verifyEmail } from './registration';
import { receiveTallyWebhook } from './tally-webhook';
import { connectOnboarding } from './collaborators';

// The composition root connects what onboarding asks of the areas above it (see collaborators.ts).
connectOnboarding({ announcePairing, isBillingProfileComplete });

export const handler = createAreaHandler(
  onboardingRoutes,
  {
    rest: {
      receiveTallyWebhook,
      googleSignIn,
      googleRegisterPatient,
      registerPatient,
      verifyEmail,
      getPatientIntake,
      listTallyWebhookLog,
      getPublicConfig,
      getCurrentPatientProfile,
      getOnboardingStep,
      getTallyPreferences,
      setPassword,
      getCurrentPatientNutritionist,
      changeNutritionist,
      getContract,
      acceptPrivacy,
      listUnassignedPatientsForAdmin,
      listAssignmentCandidates,
      assignNutritionistByAdmin,
    },
    webSocket: {},
  },
  isSessionActive,
);
