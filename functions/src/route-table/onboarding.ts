/** The onboarding area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const onboardingRestRoutes = [
  // Onboarding: questionnaire, registration, verification, the patient's onboarding (docs/product.md#api).
  {
    method: 'POST',
    path: api('ExternalSignIn/Google'),
    area: 'onboarding',
    operation: 'googleSignIn',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('ExternalSignIn/Google/RegisterPatient'),
    area: 'onboarding',
    operation: 'googleRegisterPatient',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('Tally/Webhook'),
    area: 'onboarding',
    operation: 'receiveTallyWebhook',
    access: 'public',
    rawBody: true,
  },
  {
    method: 'POST',
    path: api('Tally/RegisterPatient'),
    area: 'onboarding',
    operation: 'registerPatient',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('Tally/{verificationToken}/Verify'),
    area: 'onboarding',
    operation: 'verifyEmail',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Tally/Patient/{userId}'),
    area: 'onboarding',
    operation: 'getPatientIntake',
    access: ['Nutritionist', 'BusinessAdmin', 'SystemAdmin'],
  },
  {
    method: 'GET',
    path: api('Tally/WebhookLog'),
    area: 'onboarding',
    operation: 'listTallyWebhookLog',
    access: ['BusinessAdmin'],
  },
  // The questionnaire webhook log's payload viewer (audited) and the replay of a failed delivery.
  {
    method: 'GET',
    path: api('Admin/TallyWebhooks/{logId}/Payload'),
    area: 'onboarding',
    operation: 'getTallyDeliveryPayload',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Admin/TallyWebhooks/{logId}/Replay'),
    area: 'onboarding',
    operation: 'replayTallyDelivery',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Config/Public'),
    area: 'onboarding',
    operation: 'getPublicConfig',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Profile'),
    area: 'onboarding',
    operation: 'getCurrentPatientProfile',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Profile/OnboardingStep'),
    area: 'onboarding',
    operation: 'getOnboardingStep',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Profile/TallyPreferences'),
    area: 'onboarding',
    operation: 'getTallyPreferences',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Profile/SetPassword'),
    area: 'onboarding',
    operation: 'setPassword',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Nutritionist'),
    area: 'onboarding',
    operation: 'getCurrentPatientNutritionist',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Nutritionist/ChangeNutritionist'),
    area: 'onboarding',
    operation: 'changeNutritionist',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Patients/Contracts/{contractTypeId}'),
    area: 'onboarding',
    operation: 'getContract',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('Patients/Contracts/AcceptPrivacy'),
    area: 'onboarding',
    operation: 'acceptPrivacy',
    access: ['Patient'],
  },
  // Patients left without a nutritionist by the matching: assigned by hand (back office).
  {
    method: 'GET',
    path: api('Admin/Patients/Unassigned'),
    area: 'onboarding',
    operation: 'listUnassignedPatientsForAdmin',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Patients/{userId}/NutritionistCandidates'),
    area: 'onboarding',
    operation: 'listAssignmentCandidates',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Admin/Patients/{userId}/AssignNutritionist'),
    area: 'onboarding',
    operation: 'assignNutritionistByAdmin',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const onboardingRoutes = { area: 'onboarding', rest: onboardingRestRoutes, webSocket: [] } as const;
