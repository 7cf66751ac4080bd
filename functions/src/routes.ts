/**
 * The single list of every REST and WebSocket route of the product (architecture: "one route table").
 * The CDK stacks build API Gateway from it and the local gateway serves it; infra/test/route-parity.test.ts
 * proves both expose the same list. Adding an endpoint is one line here plus the operation in its area.
 */
import { API_BASE_PATH, type Role } from '@nutri/shared';

/**
 * Feature areas: one Lambda each in the cloud, dispatching on the route key. Each area's entry is
 * functions/src/<area>/handler.ts; scheduled jobs run in functions/src/jobs/handler.ts.
 */
export const AREAS = [
  'system',
  'realtime',
  'accounts',
  'content',
  'nutritionists',
  'onboarding',
  'bookings',
  'billing',
  'chat',
  'payments',
] as const;
export type Area = (typeof AREAS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, any signed-in user, or signed-in users holding one of the roles. */
export type Access = 'public' | 'signedIn' | readonly Role[];

export interface RestRoute {
  method: HttpMethod;
  /** Full path template under /api/v2, API Gateway style (`{param}`). */
  path: string;
  area: Area;
  /** Name of the operation the area's handler map implements. */
  operation: string;
  access: Access;
  /** Keep the raw body untouched (webhooks verify signatures on it). */
  rawBody?: boolean;
}

export interface WebSocketRoute {
  /** `$connect`, `$disconnect`, `$default` or the value of the message's `action`. */
  routeKey: string;
  area: Area;
  operation: string;
}

const api = (path: string) => `${API_BASE_PATH}/${path}`;

export const restRoutes = [
  { method: 'GET', path: api('health'), area: 'system', operation: 'getHealth', access: 'public' },

  // Identity and accounts (docs/product.md#api, Auth and account).
  { method: 'POST', path: api('Account/Login'), area: 'accounts', operation: 'login', access: 'public' },
  { method: 'POST', path: api('Account/refresh'), area: 'accounts', operation: 'refresh', access: 'public' },
  { method: 'POST', path: api('Account/Logout'), area: 'accounts', operation: 'logout', access: 'public' },
  {
    method: 'POST',
    path: api('RefreshToken/{token}/RefreshTokenFromInstantLoginToken'),
    area: 'accounts',
    operation: 'exchangeInstantLoginToken',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('UserAccount/TryResetPassword'),
    area: 'accounts',
    operation: 'tryResetPassword',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('UserAccount/ResetPassword'),
    area: 'accounts',
    operation: 'resetPassword',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('UserAccount/ChangePassword'),
    area: 'accounts',
    operation: 'changePassword',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserAccount/ChangeEmail'),
    area: 'accounts',
    operation: 'changeEmail',
    access: 'signedIn',
  },
  {
    method: 'GET',
    path: api('UserDetails'),
    area: 'accounts',
    operation: 'getUserDetails',
    access: 'signedIn',
  },
  {
    method: 'PATCH',
    path: api('UserDetails'),
    area: 'accounts',
    operation: 'patchUserDetails',
    access: 'signedIn',
  },
  {
    method: 'GET',
    path: api('UserDetails/Metadata'),
    area: 'accounts',
    operation: 'getUserDetailsMetadata',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserDetails/image'),
    area: 'accounts',
    operation: 'uploadUserImage',
    access: 'signedIn',
    rawBody: true,
  },
  {
    method: 'DELETE',
    path: api('UserDetails/image'),
    area: 'accounts',
    operation: 'deleteUserImage',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserDetails/RequestMobileVerificationCode'),
    area: 'accounts',
    operation: 'requestMobileVerificationCode',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserDetails/VerifyPhoneNo'),
    area: 'accounts',
    operation: 'verifyPhoneNo',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('Patients/Unsubscribe/{userId}'),
    area: 'accounts',
    operation: 'unsubscribe',
    access: 'public',
    // Mail clients' one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` form-encoded.
    rawBody: true,
  },
  {
    method: 'GET',
    path: api('UserManagement/Users'),
    area: 'accounts',
    operation: 'listUsers',
    access: ['UserManager', 'BusinessAdmin', 'SystemAdmin'],
  },

  // Public content and its administration (docs/product.md#api, Public and content).
  {
    method: 'GET',
    path: api('PublicStaticContent'),
    area: 'content',
    operation: 'listPublicContent',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('StaticContent/{id}'),
    area: 'content',
    operation: 'getContent',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('StaticContent/FriendlyUrl/{friendlyUrl}'),
    area: 'content',
    operation: 'getContentByFriendlyUrl',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('StaticContent/{id}/tags'),
    area: 'content',
    operation: 'getContentTags',
    access: 'public',
  },
  { method: 'GET', path: api('Seo/Sitemap'), area: 'content', operation: 'getSitemap', access: 'public' },
  {
    method: 'POST',
    path: api('ContactForm'),
    area: 'content',
    operation: 'submitContactForm',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('JoinTeamApplications/CvUpload'),
    area: 'content',
    operation: 'createCvUpload',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('JoinTeamApplications'),
    area: 'content',
    operation: 'submitJoinTeamApplication',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('JoinTeamApplications'),
    area: 'content',
    operation: 'listJoinTeamApplications',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('JoinTeamApplications/{id}/Cv'),
    area: 'content',
    operation: 'getJoinTeamCv',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('ContactMessages'),
    area: 'content',
    operation: 'listContactMessages',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('StaticContent'),
    area: 'content',
    operation: 'listContent',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('StaticContent/count'),
    area: 'content',
    operation: 'countContent',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('StaticContent/Metadata'),
    area: 'content',
    operation: 'getContentMetadata',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('StaticContent'),
    area: 'content',
    operation: 'createContent',
    access: ['BusinessAdmin'],
  },
  {
    method: 'PATCH',
    path: api('StaticContent/{id}'),
    area: 'content',
    operation: 'updateContent',
    access: ['BusinessAdmin'],
  },
  {
    method: 'DELETE',
    path: api('StaticContent/{id}'),
    area: 'content',
    operation: 'deleteContent',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('StaticContent/{id}/image'),
    area: 'content',
    operation: 'uploadContentImage',
    access: ['BusinessAdmin'],
    rawBody: true,
  },
  {
    method: 'DELETE',
    path: api('StaticContent/{id}/image'),
    area: 'content',
    operation: 'deleteContentImage',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('StaticContent/{id}/tags/{tagId}'),
    area: 'content',
    operation: 'addContentTag',
    access: ['BusinessAdmin'],
  },
  {
    method: 'DELETE',
    path: api('StaticContent/{id}/tags/{tagId}'),
    area: 'content',
    operation: 'removeContentTag',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Tags'),
    area: 'content',
    operation: 'listTagsOperation',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Tags/autocomplete'),
    area: 'content',
    operation: 'autocompleteTags',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Tags'),
    area: 'content',
    operation: 'createTagOperation',
    access: ['BusinessAdmin'],
  },
  {
    method: 'PATCH',
    path: api('Tags/{id}'),
    area: 'content',
    operation: 'updateTag',
    access: ['BusinessAdmin'],
  },
  {
    method: 'DELETE',
    path: api('Tags/{id}'),
    area: 'content',
    operation: 'deleteTag',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Galleries'),
    area: 'content',
    operation: 'listGalleries',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Galleries'),
    area: 'content',
    operation: 'createGallery',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Galleries/{id}'),
    area: 'content',
    operation: 'getGallery',
    access: ['BusinessAdmin'],
  },
  {
    method: 'PATCH',
    path: api('Galleries/{id}'),
    area: 'content',
    operation: 'updateGallery',
    access: ['BusinessAdmin'],
  },
  {
    method: 'DELETE',
    path: api('Galleries/{id}'),
    area: 'content',
    operation: 'deleteGallery',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Galleries/{id}/images'),
    area: 'content',
    operation: 'addGalleryImage',
    access: ['BusinessAdmin'],
    rawBody: true,
  },
  {
    method: 'DELETE',
    path: api('Galleries/{id}/images/{imageId}'),
    area: 'content',
    operation: 'removeGalleryImage',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Galleries/{id}/reorder'),
    area: 'content',
    operation: 'reorderGallery',
    access: ['BusinessAdmin'],
  },

  // Nutritionists as the public sees them, reviews, and their administration.
  {
    method: 'GET',
    path: api('Nutritionists/Public'),
    area: 'nutritionists',
    operation: 'listPublicNutritionists',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Nutritionists/Public/{userId}'),
    area: 'nutritionists',
    operation: 'getPublicNutritionist',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Nutritionists/Public/FriendlyUrl/{friendlyUrl}'),
    area: 'nutritionists',
    operation: 'getPublicNutritionistByFriendlyUrl',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('SGP/UserTags/User/{userId}'),
    area: 'nutritionists',
    operation: 'getUserSkills',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('UserManagementExtensions/Users/PublicProfile/{userId}'),
    area: 'nutritionists',
    operation: 'getPublicProfile',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Reviews/Featured'),
    area: 'nutritionists',
    operation: 'listFeaturedReviews',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Nutritionists/Public/{userId}/Reviews'),
    area: 'nutritionists',
    operation: 'listNutritionistReviews',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Bookings/{id}/Review'),
    area: 'nutritionists',
    operation: 'getVisitReview',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Bookings/{id}/Review'),
    area: 'nutritionists',
    operation: 'createVisitReview',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/VisitsToReview'),
    area: 'nutritionists',
    operation: 'listVisitsToReview',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Reviews'),
    area: 'nutritionists',
    operation: 'listReviewsForModeration',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Reviews/{id}/Approve'),
    area: 'nutritionists',
    operation: 'approveReview',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Reviews/{id}/Reject'),
    area: 'nutritionists',
    operation: 'rejectReview',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Nutritionists'),
    area: 'nutritionists',
    operation: 'listNutritionistsForAdmin',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/NutritionistProfile/{userId}'),
    area: 'nutritionists',
    operation: 'getNutritionistProfileForAdmin',
    access: ['BusinessAdmin'],
  },
  {
    method: 'PATCH',
    path: api('Admin/NutritionistProfile/{userId}'),
    area: 'nutritionists',
    operation: 'updateNutritionistProfile',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Admin/NutritionistProfile/{userId}/image'),
    area: 'nutritionists',
    operation: 'uploadNutritionistImage',
    access: ['BusinessAdmin'],
    rawBody: true,
  },

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

  // Availability, slots, bookings and reminders (docs/product.md#api, Patient and Nutritionist).
  {
    method: 'GET',
    path: api('CurrentNutritionist/DailyAvailabilities'),
    area: 'bookings',
    operation: 'listDailyAvailabilities',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/DailyAvailabilities'),
    area: 'bookings',
    operation: 'createDailyAvailability',
    access: ['Nutritionist'],
  },
  {
    method: 'DELETE',
    path: api('CurrentNutritionist/DailyAvailabilities/{id}'),
    area: 'bookings',
    operation: 'deleteDailyAvailability',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit'),
    area: 'bookings',
    operation: 'getSlotsForIntroductionVisit',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/AvailableSlots/GetSlotsForPaidVisit'),
    area: 'bookings',
    operation: 'getSlotsForPaidVisit',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot'),
    area: 'bookings',
    operation: 'createIntroductionVisitFromCalendarSlot',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot'),
    area: 'bookings',
    operation: 'createPaidVisitFromCalendarSlot',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Bookings/{id}/CancelIntroductionVisit'),
    area: 'bookings',
    operation: 'cancelIntroductionVisit',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Bookings'),
    area: 'bookings',
    operation: 'listPatientBookings',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Bookings/{id}'),
    area: 'bookings',
    operation: 'getPatientBooking',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/Bookings'),
    area: 'bookings',
    operation: 'createNutritionistBooking',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Bookings'),
    area: 'bookings',
    operation: 'listNutritionistBookings',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Bookings/{id}'),
    area: 'bookings',
    operation: 'getNutritionistBooking',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/Bookings/{id}/CancelBooking'),
    area: 'bookings',
    operation: 'cancelBooking',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/Bookings/{id}/ModifyBookingTime'),
    area: 'bookings',
    operation: 'modifyBookingTime',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/Bookings/{id}/Complete'),
    area: 'bookings',
    operation: 'completeBooking',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Patients/{id}/Price/{bookingTypeId}'),
    area: 'bookings',
    operation: 'getPatientPrice',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Patients/Search'),
    area: 'bookings',
    operation: 'searchOwnPatients',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Reminders'),
    area: 'bookings',
    operation: 'listReminders',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/Reminders'),
    area: 'bookings',
    operation: 'createReminder',
    access: ['Nutritionist'],
  },
  {
    method: 'PATCH',
    path: api('CurrentNutritionist/Reminders/{id}'),
    area: 'bookings',
    operation: 'updateReminder',
    access: ['Nutritionist'],
  },
  {
    method: 'DELETE',
    path: api('CurrentNutritionist/Reminders/{id}'),
    area: 'bookings',
    operation: 'deleteReminder',
    access: ['Nutritionist'],
  },

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

  // Card payment provider (docs/product.md#api: GET {BookingId}/CreateSession) and its webhook.
  {
    method: 'GET',
    path: api('Stripe/{BookingId}/CreateSession'),
    area: 'payments',
    operation: 'createCheckoutSession',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('Stripe/Webhook'),
    area: 'payments',
    operation: 'receiveStripeWebhook',
    access: 'public',
    rawBody: true,
  },
  {
    method: 'POST',
    path: api('Stripe/{BookingId}/Fulfil'),
    area: 'payments',
    operation: 'fulfilCheckoutSession',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Bookings/{id}/Invoices'),
    area: 'payments',
    operation: 'listPatientBookingInvoices',
    access: ['Patient'],
  },
  // The payment test page (docs/product.md#screens, Patient role): a small test payment, refunded, no booking.
  {
    method: 'POST',
    path: api('Stripe/TestPayments'),
    area: 'payments',
    operation: 'createTestPayment',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Stripe/TestPayments/{SessionId}'),
    area: 'payments',
    operation: 'getTestPaymentResult',
    access: ['Patient'],
  },
  // Chat (docs/product.md#api, Chat): connection ticket for the realtime channel, conversations, history.
  {
    method: 'POST',
    path: api('Chat/ConnectionTicket'),
    area: 'chat',
    operation: 'createConnectionTicket',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/PatientConversations'),
    area: 'chat',
    operation: 'getPatientConversations',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Chat/NutritionistConversations'),
    area: 'chat',
    operation: 'getNutritionistConversations',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/DirectConversation/{userId}'),
    area: 'chat',
    operation: 'getDirectConversation',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/Messages/{userId}'),
    area: 'chat',
    operation: 'getMessages',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'PUT',
    path: api('Chat/Conversation/{conversationSid}/Archive'),
    area: 'chat',
    operation: 'archiveConversation',
    access: ['Nutritionist'],
  },
  // The SystemAdmin chat viewer (docs/product.md#screens, /SystemSettings/ChatViewer): read-only, every read audited.
  {
    method: 'GET',
    path: api('Chat/Viewer/Users'),
    area: 'chat',
    operation: 'searchChatViewerUsers',
    access: ['SystemAdmin'],
  },
  {
    method: 'GET',
    path: api('Chat/Viewer/Users/{userId}/Conversations'),
    area: 'chat',
    operation: 'getChatViewerConversations',
    access: ['SystemAdmin'],
  },
  {
    method: 'GET',
    path: api('Chat/Viewer/Conversations/{conversationSid}/Messages'),
    area: 'chat',
    operation: 'getChatViewerMessages',
    access: ['SystemAdmin'],
  },
  // The nutritionist's urgent WhatsApp notice to one of their patients (docs/product.md#api, Nutritionist).
  {
    method: 'POST',
    path: api('CurrentNutritionist/Patients/{id}/SendUrgentChatMessageNotification'),
    area: 'chat',
    operation: 'sendUrgentChatMessageNotification',
    access: ['Nutritionist'],
  },
  // Chat files: presigned POST (the spec's SasToken), the confirm that posts the SendFile message, the list.
  {
    method: 'POST',
    path: api('Chat/Messages/{userId}/SasToken'),
    area: 'chat',
    operation: 'createFileUpload',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'POST',
    path: api('Chat/Messages/{userId}/Files'),
    area: 'chat',
    operation: 'confirmFileUpload',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/Files/{userId}'),
    area: 'chat',
    operation: 'getConversationFiles',
    access: ['Patient', 'Nutritionist'],
  },
] as const satisfies readonly RestRoute[];

export const webSocketRoutes = [
  { routeKey: '$connect', area: 'realtime', operation: 'connect' },
  { routeKey: '$disconnect', area: 'realtime', operation: 'disconnect' },
  { routeKey: '$default', area: 'realtime', operation: 'unknownAction' },
  { routeKey: 'ping', area: 'realtime', operation: 'ping' },
  // Chat (docs/product.md#api: realtime channel); the client pings every 30 s with `ping`.
  { routeKey: 'SendMessage', area: 'realtime', operation: 'sendMessage' },
  { routeKey: 'StartTyping', area: 'realtime', operation: 'startTyping' },
  { routeKey: 'EndTyping', area: 'realtime', operation: 'endTyping' },
  { routeKey: 'SetUserLastSeenMessage', area: 'realtime', operation: 'setUserLastSeenMessage' },
  { routeKey: 'OnlineUsers', area: 'realtime', operation: 'onlineUsers' },
] as const satisfies readonly WebSocketRoute[];

/** The operations an area must implement, derived from the table so a missing one fails typecheck. */
export type RestOperationsOf<A extends Area> = Extract<(typeof restRoutes)[number], { area: A }>['operation'];
export type WebSocketOperationsOf<A extends Area> = Extract<
  (typeof webSocketRoutes)[number],
  { area: A }
>['operation'];

/** Key API Gateway REST puts in a proxy event: `GET /api/v2/health` (httpMethod + resource). */
export const restRouteKey = (method: string, resource: string) => `${method.toUpperCase()} ${resource}`;

const restRoutesByKey = new Map<string, RestRoute>(
  (restRoutes as readonly RestRoute[]).map((route) => [restRouteKey(route.method, route.path), route]),
);
export const findRestRoute = (method: string, resource: string): RestRoute | undefined =>
  restRoutesByKey.get(restRouteKey(method, resource));

export const findWebSocketRoute = (routeKey: string): WebSocketRoute | undefined =>
  (webSocketRoutes as readonly WebSocketRoute[]).find((route) => route.routeKey === routeKey);
