/**
 * Deployment settings of the cloud app. They come from explicit options (tests), then CDK context
 * (`cdk.json` or `-c nutri:key=value`), then defaults that keep `cdk synth` working offline on a fresh clone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from 'aws-cdk-lib';
import type { RestRoute } from '@nutri/functions/routes';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Milan keeps health data in Italy; an operator may still choose another region explicitly. */
export const DEFAULT_REGION = 'eu-south-1';

/**
 * Kinesis Video Streams (the video rooms' TURN credentials) is not offered in Milan: its signalling channel
 * lives in the nearest region that has it. Only encrypted media crosses its TURN relays (DTLS-SRTP between
 * the two browsers), never stored (docs/decisions/0022-video-room.md).
 */
export const DEFAULT_VIDEO_REGION = 'eu-central-1';

export interface NutriAppOptions {
  /** Cloud assembly directory; tests pass a temporary one. */
  outdir?: string;
  region?: string;
  account?: string;
  /** Prefix of the stack names, so two environments can live in one account. */
  stackPrefix?: string;
  /** Region of the video rooms' Kinesis Video Streams signalling channel (default eu-central-1). */
  videoRegion?: string;
  /** Origin users open (`https://host`), used for e-mail links, CORS of uploads and the JWT issuer. */
  publicBaseUrl?: string;
  /** ACM certificate in us-east-1 for the public host; without it CloudFront serves its own domain only. */
  certificateArn?: string;
  /** Sender of every e-mail, `Name <address@domain>`; the domain becomes the SES identity. */
  mailFrom?: string;
  /** Support mailbox (contact form, join-the-team); default `supporto@<mail domain>`. */
  supportEmail?: string;
  /** The built web app (`web/dist`); a placeholder page is deployed when it does not exist. */
  webDistDir?: string;
  /** Tally form embedded at /Trova-il-tuo-Nutrizionista (without it the built-in questionnaire shows). */
  tallyFormId?: string;
  /** Support's WhatsApp number in international digits (e.g. 393331234567); links are hidden without it. */
  supportWhatsAppNumber?: string;
  /** Google OAuth client id for "Accedi con Google"; the button is hidden without it. */
  googleClientId?: string;
  /**
   * Google OAuth client id of the partners' Google Calendar connection (a web client of the service's Google
   * Cloud project; its secret is a Secrets Manager secret); the connection is not offered without it.
   */
  googleCalendarClientId?: string;
  /** WhatsApp Business Cloud API: the sending number's Phone Number ID (urgent notices fail without it). */
  whatsappPhoneNumberId?: string;
  /** The approved template of the urgent notice (default `avviso_messaggio_urgente`, language `it`). */
  whatsappTemplateName?: string;
  whatsappTemplateLanguage?: string;
  /** The service's company data printed on its invoices, its VAT rate and who bears the stamp duty. */
  providerLegalName?: string;
  providerVatNumber?: string;
  providerAddress?: string;
  providerVatRate?: string;
  stampDutyPayer?: string;
  /** The REST routes the api stack builds (default: the route table); tests vary them. */
  restRoutes?: readonly RestRoute[];
  /** Run cdk-nag's AWS Solutions checks during synthesis (default true). */
  nag?: boolean;
  /** Extra CDK context, layered over cdk.json's. */
  context?: Record<string, unknown>;
}

export interface NutriSettings {
  region: string;
  account: string | undefined;
  stackPrefix: string;
  videoRegion: string;
  publicBaseUrl: string;
  publicHost: string;
  certificateArn: string | undefined;
  mailFrom: string;
  mailFromAddress: string;
  mailDomain: string;
  supportEmail: string;
  webDistDir: string;
  apiStageName: string;
  tallyFormId: string | undefined;
  supportWhatsAppNumber: string | undefined;
  googleClientId: string | undefined;
  googleCalendarClientId: string | undefined;
  whatsappPhoneNumberId: string | undefined;
  whatsappTemplateName: string | undefined;
  whatsappTemplateLanguage: string | undefined;
  /** The service's company data on its invoices (context nutri:providerLegalName, …). */
  providerLegalName: string | undefined;
  providerVatNumber: string | undefined;
  providerAddress: string | undefined;
  providerVatRate: string | undefined;
  stampDutyPayer: string | undefined;
}

/** cdk.json's context (feature flags included), so tests build exactly what the CLI builds. */
export const cdkJsonContext = (): Record<string, unknown> => {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
};

const contextString = (app: App, key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(`nutri:${key}`);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context nutri:${key} must be a string.`);
  return value;
};

const parsePublicBaseUrl = (value: string) => {
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`nutri:publicBaseUrl must be an https origin without a path, got ${value}`);
  }
  return { publicBaseUrl: url.origin, publicHost: url.hostname };
};

const parseMailFrom = (value: string) => {
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value)?.[1] ?? value.trim();
  const domain = /^[^@\s]+@([a-z0-9.-]+\.[a-z]{2,})$/i.exec(address)?.[1];
  if (!domain) throw new Error(`nutri:mailFrom must be "Name <address@domain>" or an address, got ${value}`);
  return { mailFrom: value, mailFromAddress: address, mailDomain: domain.toLowerCase() };
};

const CLOUDFRONT_CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;

export const resolveSettings = (app: App, options: NutriAppOptions): NutriSettings => {
  const certificateArn = options.certificateArn ?? contextString(app, 'certificateArn');
  if (certificateArn && !CLOUDFRONT_CERTIFICATE_ARN.test(certificateArn)) {
    throw new Error(
      `nutri:certificateArn must be an ACM certificate in us-east-1 (CloudFront), got ${certificateArn}`,
    );
  }
  const mail = parseMailFrom(
    options.mailFrom ?? contextString(app, 'mailFrom') ?? 'Nutrì <noreply@nutri.example>',
  );
  const supportEmail =
    options.supportEmail ?? contextString(app, 'supportEmail') ?? `supporto@${mail.mailDomain}`;
  if (!/^[^@\s]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(supportEmail)) {
    throw new Error(`nutri:supportEmail must be an e-mail address, got ${supportEmail}`);
  }
  return {
    region:
      options.region ?? contextString(app, 'region') ?? process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    account: options.account ?? process.env.CDK_DEFAULT_ACCOUNT,
    stackPrefix: options.stackPrefix ?? contextString(app, 'stackPrefix') ?? 'Nutri',
    videoRegion: options.videoRegion ?? contextString(app, 'videoRegion') ?? DEFAULT_VIDEO_REGION,
    ...parsePublicBaseUrl(
      options.publicBaseUrl ?? contextString(app, 'publicBaseUrl') ?? 'https://nutri.example',
    ),
    certificateArn,
    ...mail,
    supportEmail,
    webDistDir: options.webDistDir ?? path.join(REPO_ROOT, 'web', 'dist'),
    apiStageName: 'prod',
    tallyFormId: options.tallyFormId ?? contextString(app, 'tallyFormId'),
    supportWhatsAppNumber: options.supportWhatsAppNumber ?? contextString(app, 'supportWhatsAppNumber'),
    googleClientId: options.googleClientId ?? contextString(app, 'googleClientId'),
    googleCalendarClientId: options.googleCalendarClientId ?? contextString(app, 'googleCalendarClientId'),
    whatsappPhoneNumberId: options.whatsappPhoneNumberId ?? contextString(app, 'whatsappPhoneNumberId'),
    whatsappTemplateName: options.whatsappTemplateName ?? contextString(app, 'whatsappTemplateName'),
    whatsappTemplateLanguage:
      options.whatsappTemplateLanguage ?? contextString(app, 'whatsappTemplateLanguage'),
    providerLegalName: options.providerLegalName ?? contextString(app, 'providerLegalName'),
    providerVatNumber: options.providerVatNumber ?? contextString(app, 'providerVatNumber'),
    providerAddress: options.providerAddress ?? contextString(app, 'providerAddress'),
    providerVatRate: options.providerVatRate ?? contextString(app, 'providerVatRate'),
    stampDutyPayer: options.stampDutyPayer ?? contextString(app, 'stampDutyPayer'),
  };
};
