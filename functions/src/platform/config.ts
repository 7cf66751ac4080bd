/**
 * Configuration parsed once per process from the environment. Adapters pick their endpoints from here:
 * this is what lets the local runtime swap in DynamoDB Local, the S3 emulator, the local SES and the
 * local `@connections` endpoint without any handler knowing which runtime it is in.
 */
import * as z from 'zod';

const optionalUrl = z.url().optional();

const configSchema = z.object({
  AWS_REGION: z.string().default('eu-south-1'),
  TABLE_NAME: z.string().min(3),
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  FILES_BUCKET: z.string().min(3),
  ASSETS_BUCKET: z.string().min(3),
  /** Public base URL of the assets bucket (CloudFront path in the cloud, emulator locally). */
  ASSETS_BASE_URL: z.url(),
  SES_ENDPOINT: optionalUrl,
  SES_CONFIGURATION_SET: z.string().optional(),
  MAIL_FROM: z.string().default('Nutrì <noreply@nutri.local>'),
  /** Mailbox of the support team: contact-form messages and join-the-team applications go there. */
  SUPPORT_EMAIL: z.email().default('supporto@nutri.local'),
  /** `https://{api-id}.execute-api.{region}.amazonaws.com/{stage}` in the cloud, the local gateway locally. */
  WS_MANAGEMENT_ENDPOINT: optionalUrl,
  /** Origin the web app is served from; used in links in e-mails. */
  PUBLIC_BASE_URL: z.url(),
  /** Secrets Manager ARN holding `{ "privateJwk": ..., "publicJwk": ... }` (cloud). */
  JWT_SECRET_ARN: z.string().optional(),
  /** The same JSON inline (local runtime only, generated under .data/). */
  JWT_KEYS_JSON: z.string().optional(),
  JWT_ISSUER: z.string().default('https://nutri.local'),
  /** Tally signs its webhooks with this secret: a Secrets Manager ARN in the cloud, inline locally. */
  TALLY_SIGNING_SECRET_ARN: z.string().optional(),
  TALLY_SIGNING_SECRET: z.string().optional(),
  /** The Tally form embedded at /Trova-il-tuo-Nutrizionista; without it the built-in questionnaire shows. */
  TALLY_FORM_ID: z.string().optional(),
  /** Google sign-in: the OAuth client id (the ID token's audience); without it the button is hidden. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Where Google publishes its signing keys (tests point it at a key set served on localhost). */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Support's WhatsApp number, international digits only (e.g. 393331234567), for wa.me links. */
  SUPPORT_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/)
    .optional(),
  JWT_AUDIENCE: z.string().default('nutri-api'),
  /** Stripe's secret API key: a Secrets Manager ARN in the cloud. */
  STRIPE_SECRET_KEY_ARN: z.string().optional(),
  /** The key inline (local runtime only: a test-mode key, or the local stand-in's key). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Origin of Stripe's API when it is not Stripe's own (local runtime only: its Stripe stand-in). */
  STRIPE_API_URL: z.url().optional(),
  /** Secret Stripe signs webhook events with: a Secrets Manager ARN in the cloud, inline locally. */
  STRIPE_WEBHOOK_SECRET_ARN: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().default('whsec_local_nutri'),
  /**
   * WhatsApp Business Cloud API (the nutritionist's urgent notice): the access token, a Secrets Manager
   * ARN in the cloud or inline locally. Without either the notice is only recorded (local mail viewer).
   */
  WHATSAPP_ACCESS_TOKEN_ARN: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  /** The sending number's id in WhatsApp Business (Meta's Phone Number ID). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
  /** The approved message template of the notice (body parameters: patient's name, nutritionist's name). */
  WHATSAPP_TEMPLATE_NAME: z.string().default('avviso_messaggio_urgente'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('it'),
  /**
   * The Meta app's secret, which signs the status webhook (`X-Hub-Signature-256`): a Secrets Manager ARN
   * in the cloud, inline locally (the WhatsApp stand-in's). Without either every status call is refused.
   */
  WHATSAPP_APP_SECRET_ARN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  /**
   * The verify token of the webhook subscription: an operator chooses it and types it in the Meta app
   * dashboard, and Meta sends it back once (`GET WhatsApp/Webhook?hub.verify_token=…`) to check the
   * callback. A Secrets Manager ARN in the cloud, inline locally. Without either the check is refused.
   */
  WHATSAPP_WEBHOOK_VERIFY_TOKEN_ARN: z.string().optional(),
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: z.string().optional(),
  /**
   * Video rooms' ICE servers (docs/product.md#video-room): the name of the stage's Kinesis Video Streams
   * signalling channel, whose GetIceServerConfig gives short-lived TURN credentials. Unset: no TURN.
   */
  VIDEO_SIGNALING_CHANNEL_NAME: z.string().optional(),
  /** The channel's region (Kinesis Video Streams is not in every region); default AWS_REGION. */
  VIDEO_REGION: z.string().optional(),
  /** Endpoint of the Kinesis Video Streams API when it is not AWS's (local runtime only: its stand-in). */
  KINESIS_VIDEO_ENDPOINT: optionalUrl,
  /** The STUN server handed to the browsers (the cloud: Kinesis Video Streams'); unset locally. */
  VIDEO_STUN_URL: z
    .string()
    .regex(/^stuns?:/)
    .optional(),
  /**
   * The service's own company data, printed on its invoices (docs/product.md#invoicing). The local defaults
   * are a demo company; the cloud stack sets the real ones.
   */
  PROVIDER_LEGAL_NAME: z.string().min(2).default('Nutrì S.r.l.'),
  PROVIDER_VAT_NUMBER: z
    .string()
    .regex(/^\d{11}$/)
    .default('01234567897'),
  PROVIDER_ADDRESS: z.string().min(5).default('Via dei Mille 1, 00185 Roma (RM)'),
  /** VAT rate of the service's own part, percent (the rate in force for online services: 22). */
  PROVIDER_VAT_RATE: z.coerce.number().min(0).max(100).default(22),
  /** Who bears the 2 EUR stamp duty of an exempt document above 77.47 EUR. */
  STAMP_DUTY_PAYER: z.enum(['patient', 'issuer']).default('patient'),
  /** Graph API origin (tests point it at a local server that records the request). */
  WHATSAPP_API_BASE_URL: z.url().default('https://graph.facebook.com'),
  /**
   * The log viewer's sources (docs/product.md#log-viewer): in the cloud every Lambda's log group is named
   * `<LOG_GROUP_PREFIX><area>` and searched with CloudWatch Logs Insights; locally the runtime writes
   * `<LOCAL_LOG_DIR>/<area>.log` and the search reads those files.
   */
  LOG_GROUP_PREFIX: z.string().optional(),
  LOCAL_LOG_DIR: z.string().optional(),
  /**
   * Google Calendar for partner nutritionists (docs/product.md#google-calendar): the OAuth client (a web
   * client of the service's Google Cloud project); unset, the connection is not offered.
   */
  GOOGLE_CALENDAR_CLIENT_ID: z.string().optional(),
  /** The client's secret: a Secrets Manager ARN in the cloud, inline locally (the Google stand-in's). */
  GOOGLE_CALENDAR_CLIENT_SECRET_ARN: z.string().optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().optional(),
  /** Google's consent page, token and revoke endpoints and API root (local runtime: its Google stand-in). */
  GOOGLE_OAUTH_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_OAUTH_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_CALENDAR_API_URL: z.url().default('https://www.googleapis.com/'),
  /**
   * Google tokens are stored encrypted: with this KMS key in the cloud, or with the inline AES-256 key
   * (base64, 32 bytes; the local runtime generates it under .data/keys) locally.
   */
  GOOGLE_TOKEN_KMS_KEY_ID: z.string().optional(),
  GOOGLE_TOKEN_KEY: z.string().optional(),
  /**
   * The prerendered public pages (docs/decisions/0034-prerendered-public-pages.md): the web bucket they are
   * written to (`prerendered/<path>.html`), the CloudFront KeyValueStore listing them for the viewer-request
   * function, and the prerenderer module (web/dist-ssr, bundled beside the Lambda's code). Unset locally:
   * the local gateway renders the pages on request.
   */
  WEB_BUCKET: z.string().optional(),
  PUBLIC_PAGES_KVS_ARN: z.string().optional(),
  PRERENDER_MODULE: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export const config = (): Config => {
  cached ??= configSchema.parse(process.env);
  return cached;
};

/** For the local runtime and tests, which set the environment after import. */
export const resetConfigCache = () => {
  cached = undefined;
};
