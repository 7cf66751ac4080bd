/**
 * How each feature Lambda is configured and what it may touch. Configuration is the same for all (every
 * Lambda parses the whole of functions/src/platform/config.ts at start-up); permissions are per feature,
 * declared once in `featureAccess` and applied only through the typed binders.
 */
import { Duration } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { Config } from '@nutri/functions/platform/config';
import {
  bindBucket,
  bindConnections,
  bindGoogleCalendar,
  bindMail,
  bindSecret,
  bindSms,
  bindTable,
  bindLogSearch,
  bindVideoChannel,
  type AccessMode,
  type VideoChannel,
} from './constructs/bindings';
import { FeatureFunction, type FeatureFunctionProps, type FeatureName } from './constructs/feature-function';
import type { NutriSettings } from './settings';
import { ASSETS_PATH } from './web-bundle';
import type { DataStack } from './stacks/data-stack';

/** Audience of access tokens; the issuer is the public origin. */
export const JWT_AUDIENCE = 'nutri-api';

type ConfigVariable = Exclude<keyof Config, 'AWS_REGION'>;

/** Third-party secrets, each read only by the features listed as needing it (functions read `<NAME>_ARN`). */
export const THIRD_PARTY_SECRETS = {
  stripeSecretKey: 'STRIPE_SECRET_KEY_ARN',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET_ARN',
  tallySigningSecret: 'TALLY_SIGNING_SECRET_ARN',
  whatsappAccessToken: 'WHATSAPP_ACCESS_TOKEN_ARN',
  whatsappAppSecret: 'WHATSAPP_APP_SECRET_ARN',
  whatsappWebhookVerifyToken: 'WHATSAPP_WEBHOOK_VERIFY_TOKEN_ARN',
  googleCalendarClientSecret: 'GOOGLE_CALENDAR_CLIENT_SECRET_ARN',
} as const;
export type ThirdPartySecret = keyof typeof THIRD_PARTY_SECRETS;

export interface FeatureAccess {
  table: AccessMode;
  files?: AccessMode;
  assets?: AccessMode;
  /** Verify access tokens (every area serving users does). */
  jwt?: boolean;
  mail?: boolean;
  /** Text messages to phone numbers (SNS). */
  sms?: boolean;
  /** Push to or close WebSocket connections. */
  realtimePush?: boolean;
  /** ICE servers of the video rooms (the stage's signalling channel: TURN credentials). */
  videoCalls?: boolean;
  secrets?: readonly ThirdPartySecret[];
  /**
   * The partners' Google Calendar connection (docs/decisions/0030-gcal-google-calendar.md): the OAuth client
   * id (when the stage has one) and the Google tokens' key; listed with the `googleCalendarClientSecret`.
   */
  googleCalendar?: boolean;
  timeout?: Duration;
  /** Search the Lambdas' logs with CloudWatch Logs Insights (the log viewer). */
  logSearch?: boolean;
  /** Packages with native binaries to ship beside the bundle (see FeatureFunctionProps.nativeModules). */
  nativeModules?: readonly string[];
  /**
   * Writes the prerendered public pages (functions/src/site): the prerenderer ships with the bundle, and the
   * jobs stack binds the web bucket's `prerendered/*` and the page list (bindPublicPages).
   */
  publicPages?: boolean;
}

/**
 * Every Lambda's log group is `<prefix><feature>`, one prefix per stage, so the log viewer's grant and its
 * queries name the product's groups and nothing else (docs/product.md#log-viewer).
 */
export const logGroupPrefix = (settings: Pick<NutriSettings, 'stackPrefix'>) =>
  `/nutri/${settings.stackPrefix}/lambda/`;

/** What an area gets until it is listed below: the table and token verification, nothing else. */
export const DEFAULT_FEATURE_ACCESS: FeatureAccess = { table: 'readWrite', jwt: true };

/**
 * Partial on purpose: a new area in routes.ts deploys with the default access and gains more only by a
 * line here, reviewed with the rest of the infrastructure.
 */
export const featureAccess: Partial<Record<FeatureName, FeatureAccess>> = {
  system: { table: 'read', jwt: true },
  // The SystemAdmin's tools: e-mail template versions, test mails to the SystemAdmin, the log viewer.
  settings: { table: 'readWrite', jwt: true, mail: true, logSearch: true },
  realtime: { table: 'readWrite', jwt: true, realtimePush: true },
  // Sign-up and password mails, phone verification codes, profile photos (public renditions); ending a
  // session (sign-out, password change) closes its WebSocket connections.
  accounts: {
    table: 'readWrite',
    jwt: true,
    mail: true,
    realtimePush: true,
    sms: true,
    assets: 'readWrite',
    nativeModules: ['sharp'],
  },
  // Cover and gallery images (public renditions), CVs of join-the-team applications (private files,
  // presigned POST and GET), contact and application mails to support.
  content: {
    table: 'readWrite',
    jwt: true,
    mail: true,
    files: 'readWrite',
    assets: 'readWrite',
    nativeModules: ['sharp'],
  },
  // Nutritionists' profile photos (public renditions, resized with sharp).
  nutritionists: { table: 'readWrite', jwt: true, assets: 'readWrite', nativeModules: ['sharp'] },
  // Questionnaire webhook (Tally's signing secret), registration and verification mails; a new or changed
  // nutritionist pairing pushed to the chat lists (ConversationAdded / ConversationRemoved).
  onboarding: {
    table: 'readWrite',
    jwt: true,
    mail: true,
    realtimePush: true,
    secrets: ['tallySigningSecret'],
  },
  // Availability, bookings and reminders; booking notices by mail, booking messages pushed to the chat.
  // A partner's Google Calendar: connecting and disconnecting it, its busy times in the offered slots and in
  // the availability calendar (the OAuth client and the tokens' key).
  bookings: {
    table: 'readWrite',
    jwt: true,
    mail: true,
    realtimePush: true,
    secrets: ['googleCalendarClientSecret'],
    googleCalendar: true,
  },
  // Billing profiles and the municipalities they name; the codice fiscale check bundles its dataset.
  billing: { table: 'readWrite', jwt: true },
  // Chat tickets, conversations and history; archive changes pushed to the nutritionist's tabs; chat files
  // (private files: presigned POST and GET, checked and previewed with sharp after upload); the urgent
  // WhatsApp notice (the Cloud API token) and its status webhook (the Meta app secret that signs it).
  chat: {
    table: 'readWrite',
    jwt: true,
    realtimePush: true,
    files: 'readWrite',
    nativeModules: ['sharp'],
    secrets: ['whatsappAccessToken', 'whatsappAppSecret', 'whatsappWebhookVerifyToken'],
  },
  // Stripe Checkout and its webhook (both Stripe secrets); payment notices by mail and in the chat.
  // Invoices: presigned links to their PDFs, the nutritionist's own PDF (presigned POST, checked).
  payments: {
    table: 'readWrite',
    jwt: true,
    mail: true,
    files: 'readWrite',
    realtimePush: true,
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  // Connection sweeps; the outbox, booking expiry, reminders and unseen-message notices send mail and
  // push chat messages; SES delivery events (SNS subscription, jobs stack) update chat messages.
  // The issue-refunds job refunds through Stripe (the secret key; the webhook secret signs local events).
  // The deliver-outbox job is the outbox Lambda's safety net: it runs the same steps, Google Calendar
  // events of visits included. The regenerate-public-pages job writes the prerendered public pages.
  jobs: {
    table: 'readWrite',
    mail: true,
    realtimePush: true,
    publicPages: true,
    timeout: Duration.minutes(5),
    secrets: ['stripeSecretKey', 'stripeWebhookSecret', 'googleCalendarClientSecret'],
    googleCalendar: true,
  },
  // Effects of committed changes, from the table's stream (jobs stack): chat messages (stored and pushed),
  // invoices, e-mails. A batch of ten items with SES calls may take a while; the event source retries it.
  // Invoice PDFs are drawn here and kept in the private files bucket; the privacy centre's export zips
  // are built here too (docs/product.md#privacy-centre).
  outbox: {
    table: 'readWrite',
    mail: true,
    realtimePush: true,
    files: 'readWrite',
    // A patient's erasure (privacy jobs) removes their profile photo's renditions.
    assets: 'readWrite',
    timeout: Duration.minutes(1),
    // A visit's event in a partner's Google Calendar follows each booking change (booking outbox items).
    secrets: ['googleCalendarClientSecret'],
    googleCalendar: true,
    // The pages a published change shows on are prerendered again (public-pages outbox items).
    publicPages: true,
  },
  // The video room: signalling relayed between the two members' connections, entries and exits recorded on
  // the booking, and the ICE servers of a call (the stage's Kinesis Video Streams signalling channel).
  video: { table: 'readWrite', jwt: true, realtimePush: true, videoCalls: true },
  // The business dashboards only read their aggregates (and names); the aggregation Lambda (jobs stack)
  // keeps them from the table's stream.
  dashboards: { table: 'read', jwt: true },
  aggregates: { table: 'readWrite', timeout: Duration.minutes(1) },
  // The privacy centre: requests and their outbox items only (the export and the erasure run in the
  // outbox Lambda); the SystemAdmin's list of requests.
  privacy: { table: 'readWrite', jwt: true },
};

export const accessOf = (feature: FeatureName): FeatureAccess =>
  featureAccess[feature] ?? DEFAULT_FEATURE_ACCESS;

export interface RealtimeEndpoint {
  /** `https://{api}.execute-api.{region}.amazonaws.com/{stage}`, the `@connections` endpoint. */
  callbackUrl: string;
  manageConnections: iam.IManagedPolicy;
  /** The stage's signalling channel of the video rooms (ICE servers), for the areas with `videoCalls`. */
  videoChannel: VideoChannel;
}

export interface FeatureWiring {
  settings: NutriSettings;
  data: DataStack;
  realtime: RealtimeEndpoint;
}

/** The environment functions/src/platform/config.ts parses; keyed by its schema so a rename fails typecheck. */
export const runtimeEnvironment = ({
  settings,
  data,
  realtime,
}: FeatureWiring): Record<ConfigVariable, string | undefined> => ({
  TABLE_NAME: data.table.tableName,
  FILES_BUCKET: data.filesBucket.bucketName,
  ASSETS_BUCKET: data.assetsBucket.bucketName,
  ASSETS_BASE_URL: `${settings.publicBaseUrl}/${ASSETS_PATH}`,
  PUBLIC_BASE_URL: settings.publicBaseUrl,
  WS_MANAGEMENT_ENDPOINT: realtime.callbackUrl,
  MAIL_FROM: settings.mailFrom,
  SUPPORT_EMAIL: settings.supportEmail,
  SES_CONFIGURATION_SET: data.mailConfigurationSet.configurationSetName,
  JWT_ISSUER: settings.publicBaseUrl,
  JWT_AUDIENCE,
  // Set only for features that may read the secret (bindSecret below); emulator endpoints stay unset.
  JWT_SECRET_ARN: undefined,
  JWT_KEYS_JSON: undefined,
  TALLY_SIGNING_SECRET_ARN: undefined,
  // The secret itself never sits in the environment in the cloud: only its ARN, for onboarding (below).
  TALLY_SIGNING_SECRET: undefined,
  TALLY_FORM_ID: settings.tallyFormId,
  SUPPORT_WHATSAPP_NUMBER: settings.supportWhatsAppNumber,
  GOOGLE_CLIENT_ID: settings.googleClientId,
  // Google's published key set (the config default) is the one the cloud uses.
  GOOGLE_JWKS_URL: undefined,
  // Only ARNs in the cloud, bound to the payments area (featureAccess); the inline values are local only.
  STRIPE_SECRET_KEY_ARN: undefined,
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET_ARN: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  // Stripe's own API: the other origin is the local runtime's Stripe stand-in, never deployed.
  STRIPE_API_URL: undefined,
  // The token's ARN only, bound to the chat area (featureAccess); the inline token is local only.
  WHATSAPP_ACCESS_TOKEN_ARN: undefined,
  WHATSAPP_ACCESS_TOKEN: undefined,
  WHATSAPP_APP_SECRET_ARN: undefined,
  WHATSAPP_APP_SECRET: undefined,
  WHATSAPP_WEBHOOK_VERIFY_TOKEN_ARN: undefined,
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: undefined,
  WHATSAPP_PHONE_NUMBER_ID: settings.whatsappPhoneNumberId,
  WHATSAPP_TEMPLATE_NAME: settings.whatsappTemplateName,
  WHATSAPP_TEMPLATE_LANGUAGE: settings.whatsappTemplateLanguage,
  PROVIDER_LEGAL_NAME: settings.providerLegalName,
  PROVIDER_VAT_NUMBER: settings.providerVatNumber,
  PROVIDER_ADDRESS: settings.providerAddress,
  PROVIDER_VAT_RATE: settings.providerVatRate,
  STAMP_DUTY_PAYER: settings.stampDutyPayer,
  // Meta's Graph API (the config default) is the one the cloud uses.
  WHATSAPP_API_BASE_URL: undefined,
  // Google Calendar (docs/decisions/0030-gcal-google-calendar.md): Google's own endpoints (the config
  // defaults) in the cloud. The client id (the nutri:googleCalendarClientId setting; without it the
  // connection is not offered), the secret's ARN and the tokens' KMS key are set only for the areas with
  // `googleCalendar` (bindGoogleCalendar, bindSecret below); the inline secret and AES key are local only.
  GOOGLE_CALENDAR_CLIENT_ID: undefined,
  GOOGLE_CALENDAR_CLIENT_SECRET_ARN: undefined,
  GOOGLE_CALENDAR_CLIENT_SECRET: undefined,
  GOOGLE_OAUTH_AUTH_URL: undefined,
  GOOGLE_OAUTH_TOKEN_URL: undefined,
  GOOGLE_OAUTH_REVOKE_URL: undefined,
  GOOGLE_CALENDAR_API_URL: undefined,
  GOOGLE_TOKEN_KMS_KEY_ID: undefined,
  GOOGLE_TOKEN_KEY: undefined,
  DYNAMODB_ENDPOINT: undefined,
  S3_ENDPOINT: undefined,
  SES_ENDPOINT: undefined,
  // Set only for the areas with `videoCalls` (bindVideoChannel below); the endpoint override is local only.
  VIDEO_SIGNALING_CHANNEL_NAME: undefined,
  VIDEO_REGION: undefined,
  VIDEO_STUN_URL: undefined,
  KINESIS_VIDEO_ENDPOINT: undefined,
  // Every Lambda's log group is named by it (feature-function.ts); only the settings area searches them.
  LOG_GROUP_PREFIX: logGroupPrefix(settings),
  // Set only for the Lambdas that write the prerendered pages (bindPublicPages, jobs stack).
  WEB_BUCKET: undefined,
  PUBLIC_PAGES_KVS_ARN: undefined,
  PRERENDER_MODULE: undefined,
  LOCAL_LOG_DIR: undefined,
});

const definedOnly = (environment: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/** A feature's Lambda with its configuration and exactly the permissions `featureAccess` grants it. */
export const createFeatureFunction = (
  scope: Construct,
  feature: FeatureName,
  wiring: FeatureWiring,
  overrides: Pick<FeatureFunctionProps, 'deadLetterQueue'> = {},
) => {
  const access = accessOf(feature);
  const { data, realtime } = wiring;
  const fn = new FeatureFunction(scope, `${pascalCase(feature)}Function`, {
    feature,
    logGroupName: `${logGroupPrefix(wiring.settings)}${feature}`,
    environment: {
      ...definedOnly(runtimeEnvironment(wiring)),
      // CloudFront stands in front of API Gateway: the client IP is the last X-Forwarded-For entry it adds.
      TRUSTED_PROXY_HOPS: '1',
    },
    ...(access.timeout ? { timeout: access.timeout } : {}),
    ...(access.nativeModules ? { nativeModules: access.nativeModules } : {}),
    ...(access.publicPages ? { prerenderer: true } : {}),
    ...overrides,
  });
  bindTable(fn, data.tableAccess, access.table);
  if (access.files) bindBucket(fn, data.filesAccess, access.files);
  if (access.assets) bindBucket(fn, data.assetsAccess, access.assets);
  if (access.jwt) bindSecret(fn, data.jwtSecret, 'JWT_SECRET_ARN');
  for (const secret of access.secrets ?? []) bindSecret(fn, data[secret], THIRD_PARTY_SECRETS[secret]);
  if (access.mail) bindMail(fn, data.mailSend);
  if (access.sms) bindSms(fn, data.smsSend);
  if (access.realtimePush) bindConnections(fn, realtime.manageConnections);
  if (access.videoCalls) bindVideoChannel(fn, realtime.videoChannel);
  if (access.logSearch) bindLogSearch(fn, logGroupPrefix(wiring.settings));
  if (access.googleCalendar)
    bindGoogleCalendar(fn, {
      clientId: wiring.settings.googleCalendarClientId,
      tokenKey: data.googleTokenKey,
      tokenKeyUse: data.googleTokensUse,
    });
  return fn;
};

export const pascalCase = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
