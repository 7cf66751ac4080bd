/**
 * Typed registry of the app's paths (docs/product.md#screens). Each entry builds an href and carries the router
 * `pattern`, so links and route definitions cannot drift apart:
 *   paths.login({ ReturnUrl: '/Patients' }) -> '/Login?ReturnUrl=%2FPatients'
 *   paths.patients.booking('b1')            -> '/Patients/Agenda/b1'
 *   paths.patients.booking.pattern          -> '/Patients/Agenda/:bookingId'
 */
import type { LoginReason } from '@nutri/shared';

type QueryValues = Record<string, string | number | boolean | null | undefined>;

export type PathBuilder<Args extends unknown[]> = ((...args: Args) => string) & { readonly pattern: string };

const route = <Args extends unknown[]>(
  pattern: string,
  build: (...args: Args) => string,
): PathBuilder<Args> => Object.assign(build, { pattern });

const fixed = (pattern: string) => route(pattern, () => pattern);

export const withQuery = (path: string, query: QueryValues = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * Query parameter of links that sign the user in (instant-login token). Same value as shared
 * INSTANT_LOGIN_QUERY_PARAM (a unit test keeps them equal): that module builds zod schemas, which the
 * landing chunk must not load.
 */
export const INSTANT_LOGIN_PARAM = 'InstantLoginToken';

export interface LoginQuery {
  ReturnUrl?: string;
  ApplicationId?: string;
  InvalidAccessToken?: boolean;
  reason?: LoginReason;
}

export const paths = {
  home: fixed('/'),
  login: route('/Login', (query: LoginQuery = {}) => withQuery('/Login', { ...query })),
  recoverPassword: fixed('/RecoverPassword'),
  resetPassword: route('/ResetPassword', (query: { Username?: string; Token?: string } = {}) =>
    withQuery('/ResetPassword', query),
  ),
  unsubscribe: route('/Unsubscribe/:userId', (userId: string, query: { signature?: string } = {}) =>
    withQuery(`/Unsubscribe/${segment(userId)}`, query),
  ),
  notFound: fixed('/error/404'),
  /** Links mailed with a single-use token in the fragment (docs/product.md#nutritionist-accounts). */
  acceptInvitation: fixed('/Invito'),
  confirmEmail: fixed('/ConfermaEmail'),
  findNutritionist: fixed('/Trova-il-tuo-Nutrizionista'),
  thanks: route('/Grazie', (query: { submission_id?: string } = {}) => withQuery('/Grazie', query)),
  googleAuth: fixed('/GoogleAuth'),
  verifyEmail: route('/VerifyEmail/:verificationToken', (token: string) => `/VerifyEmail/${segment(token)}`),
  joinTeam: fixed('/entra-nel-team'),
  contact: fixed('/ContactUs'),
  faq: fixed('/FAQ'),
  about: fixed('/About'),
  privacyGoogleCalendar: fixed('/PrivacyGoogleCalendar'),
  termsGoogleCalendar: fixed('/TermsAndConditionsGoogleCalendar'),
  nutritionists: {
    list: fixed('/Nutritionists'),
    profile: route(
      '/Nutritionists/:friendlyUrl',
      (friendlyUrl: string) => `/Nutritionists/${segment(friendlyUrl)}`,
    ),
  },
  blog: {
    list: fixed('/Blog'),
    article: route('/Blog/:friendlyUrl', (friendlyUrl: string) => `/Blog/${segment(friendlyUrl)}`),
  },
  account: {
    profile: fixed('/Account/Profile'),
    changePassword: fixed('/Account/ChangePassword'),
    privacy: fixed('/Account/Privacy'),
  },
  chat: route('/Chat', (query: { UserId?: string } = {}) => withQuery('/Chat', query)),
  patients: {
    home: fixed('/Patients'),
    agenda: fixed('/Patients/Agenda'),
    booking: route(
      '/Patients/Agenda/:bookingId',
      (bookingId: string) => `/Patients/Agenda/${segment(bookingId)}`,
    ),
    bookingSuccess: route(
      '/Patients/Agenda/:bookingId/Success',
      (bookingId: string) => `/Patients/Agenda/${segment(bookingId)}/Success`,
    ),
    bookingVideoRoom: route(
      '/Patients/Agenda/:bookingId/VideoRoom',
      (bookingId: string) => `/Patients/Agenda/${segment(bookingId)}/VideoRoom`,
    ),
    bookingReview: route(
      '/Patients/Agenda/:bookingId/Review',
      (bookingId: string) => `/Patients/Agenda/${segment(bookingId)}/Review`,
    ),
    checkout: fixed('/Patients/Checkout'),
    invoices: fixed('/Patients/Invoices'),
    testPayment: fixed('/Patients/TestPayment'),
    privacyService: fixed('/Patients/Privacy/Servizio'),
    privacyNutritionist: fixed('/Patients/Privacy/Nutrizionista'),
  },
  nutritionistArea: {
    home: fixed('/AreaNutritionists'),
    patients: fixed('/AreaNutritionists/Patients'),
    bookings: fixed('/AreaNutritionists/Bookings'),
    calendar: fixed('/AreaNutritionists/Calendar'),
    booking: route(
      '/AreaNutritionists/Bookings/:bookingId',
      (bookingId: string) => `/AreaNutritionists/Bookings/${segment(bookingId)}`,
    ),
    patientBookings: route(
      '/AreaNutritionists/Bookings/Patient/:userId',
      (userId: string) => `/AreaNutritionists/Bookings/Patient/${segment(userId)}`,
    ),
    googleCalendarConnect: fixed('/AreaNutritionists/GoogleCalendarConnect'),
    invoices: fixed('/AreaNutritionists/Invoices'),
    videoRoom: route(
      '/AreaNutritionists/Bookings/:bookingId/VideoRoom',
      (bookingId: string) => `/AreaNutritionists/Bookings/${segment(bookingId)}/VideoRoom`,
    ),
  },
  admin: {
    home: fixed('/Admin'),
    bookings: fixed('/Admin/Bookings'),
    patientEvents: route(
      '/Admin/Patients/:patientUserId/Events',
      (patientUserId: string) => `/Admin/Patients/${segment(patientUserId)}/Events`,
    ),
    tallyWebhooks: fixed('/Admin/TallyWebhooks'),
    bouncedMails: fixed('/Admin/BouncedMails'),
    nutritionistProfile: route(
      '/Admin/NutritionistProfile/:userId',
      (userId: string) => `/Admin/NutritionistProfile/${segment(userId)}`,
    ),
    nutritionists: fixed('/Admin/Nutritionists'),
    tags: fixed('/Admin/Tags'),
    whatsapp: fixed('/Admin/Whatsapp'),
    dashboard: fixed('/Admin/Dashboard'),
    dashboardMonthlySummary: fixed('/Admin/Dashboard/MonthlySummary'),
    dashboardConversionTimeline: fixed('/Admin/Dashboard/ConversionTimeline'),
    dashboardPivot: fixed('/Admin/Dashboard/Pivot'),
    dashboardNutritionistConversionRates: fixed('/Admin/Dashboard/NutritionistConversionRates'),
    dashboardNutritionistPatientTimeline: fixed('/Admin/Dashboard/NutritionistPatientTimeline'),
    dashboardDailyPayments: fixed('/Admin/Dashboard/DailyPayments'),
    content: route('/Admin/Content', (query: { tab?: 'StaticContent' | 'Galleries' } = {}) =>
      withQuery('/Admin/Content', query),
    ),
    contentNew: fixed('/Admin/Content/StaticContent/New'),
    contentEdit: route(
      '/Admin/Content/StaticContent/:contentId',
      (contentId: number | string) => `/Admin/Content/StaticContent/${segment(contentId)}`,
    ),
    gallery: route(
      '/Admin/Content/Galleries/:galleryId',
      (galleryId: number | string) => `/Admin/Content/Galleries/${segment(galleryId)}`,
    ),
    invoicing: fixed('/Admin/Invoicing'),
    bookingsToInvoice: fixed('/Admin/Invoicing/BookingsToInvoice'),
    unassignedPatients: fixed('/Admin/UnassignedPatients'),
    reviews: fixed('/Admin/Reviews'),
  },
  users: {
    home: fixed('/Users'),
    list: fixed('/Users/UserList'),
    edit: route('/Users/EditUser/:userId', (userId: string) => `/Users/EditUser/${segment(userId)}`),
  },
  system: {
    home: fixed('/SystemSettings'),
    logViewer: fixed('/SystemSettings/LogViewer'),
    emailTemplates: fixed('/SystemSettings/EmailTemplates'),
    contracts: fixed('/SystemSettings/Contracts'),
    chatViewer: fixed('/SystemSettings/ChatViewer'),
    audit: fixed('/SystemSettings/Audit'),
    privacyRequests: fixed('/SystemSettings/PrivacyRequests'),
  },
} as const;
