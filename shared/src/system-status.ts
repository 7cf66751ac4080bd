/**
 * The SystemAdmin's view of the running system (docs/product.md#system-settings): the state at a glance on
 * the /SystemSettings home and the log search of /SystemSettings/LogViewer.
 */
import * as z from 'zod';

/** Where log lines come from: a feature area's Lambda, or one of the background Lambdas. */
export const LOG_AREAS = [
  'accounts',
  'aggregates',
  'billing',
  'bookings',
  'chat',
  'content',
  'dashboards',
  'jobs',
  'nutritionists',
  'onboarding',
  'outbox',
  'payments',
  'privacy',
  'realtime',
  'settings',
  'system',
  'video',
] as const;
export type LogArea = (typeof LOG_AREAS)[number];

/** Powertools' levels, least severe first; a search asks for one level and every more severe one. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_PAGE_SIZE = 50;
/** The longest period one search covers (CloudWatch Logs Insights scans every line of the period). */
export const LOG_SEARCH_MAX_DAYS = 7;

export const logSearchTexts = {
  invalidInstant: 'Indica data e ora in un formato valido.',
  periodReversed: 'L’inizio deve venire prima della fine.',
  periodTooLong: `Cerca al massimo ${LOG_SEARCH_MAX_DAYS} giorni alla volta.`,
  invalidId: 'L’identificativo contiene caratteri non ammessi.',
  invalidCursor: 'La pagina richiesta non è valida: ripeti la ricerca.',
  unavailable: 'La ricerca nei log non ha risposto in tempo: riprova o restringi il periodo.',
} as const;

/** Request and user ids are UUIDs or similar: letters, digits and dashes only, so they are safe in a query. */
const id = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, logSearchTexts.invalidId);
const instant = z.iso.datetime({ offset: true, message: logSearchTexts.invalidInstant });

/** `GET SystemSettings/Logs`: period (ISO instants), minimum level, area, request id, user id, page. */
export const logSearchQuerySchema = z
  .strictObject({
    from: instant,
    to: instant,
    level: z.enum(LOG_LEVELS).optional(),
    area: z.enum(LOG_AREAS).optional(),
    requestId: id.optional(),
    userId: id.optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, logSearchTexts.invalidCursor)
      .optional(),
  })
  .superRefine((query, context) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    if (from > to)
      context.addIssue({ code: 'custom', path: ['from'], message: logSearchTexts.periodReversed });
    if (to - from > LOG_SEARCH_MAX_DAYS * 86_400_000)
      context.addIssue({ code: 'custom', path: ['from'], message: logSearchTexts.periodTooLong });
  });
export type LogSearchQuery = z.infer<typeof logSearchQuerySchema>;

export interface LogLineView {
  /** ISO instant the line was written. */
  At: string;
  Level: string;
  Area: string;
  Message: string;
  RequestId: string | null;
  UserId: string | null;
  /** The line's other fields as JSON (shortened when long). */
  Details: string;
}

export interface LogSearchResponse {
  Data: LogLineView[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  NextCursor: string | null;
}

/** One scheduled job with its last run (null: not run since its run record exists). */
export interface JobRunView {
  Name: string;
  Description: string;
  LastRun: {
    StartedAt: string;
    FinishedAt: string;
    Outcome: 'ok' | 'failed';
    DurationMs: number;
    /** The error's name when it failed, never its message (which may quote data). */
    Error: string | null;
  } | null;
}

/** `GET SystemSettings/Status`: the /SystemSettings home's figures. */
export interface SystemStatus {
  At: string;
  Jobs: JobRunView[];
  /** Outbox items still to be delivered, and the oldest one's creation instant. */
  OutboxPending: number;
  OutboxOldestAt: string | null;
  /** Mails bounced, dropped or reported as spam in the last 24 hours. */
  BouncedMails24h: number;
  /** Webhook deliveries that failed in the last 24 hours, every source together (FailedWebhooksBySource). */
  FailedWebhooks24h: number;
  /**
   * By source: questionnaire (Tally) deliveries that failed and were not replayed; Stripe and WhatsApp calls
   * refused (signature, unreadable body) or whose handling failed (hourly counters: up to an hour more).
   */
  FailedWebhooksBySource: { Tally: number; Stripe: number; WhatsApp: number };
  /** Patients' account erasure requests not yet carried out. */
  ErasureRequestsWaiting: number;
  /** Export or erasure requests whose job failed in the last 24 hours and no retry has finished yet. */
  FailedPrivacyRequests24h: number;
}
