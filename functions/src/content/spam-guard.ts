/**
 * Spam protection of the public forms (contact, join-the-team): a honeypot field people never see and
 * bots fill in, and a limit of submissions per client IP.
 */
import { admitWithinLimit } from '../http/rate-limit';
import type { ThrottleRule } from '../platform/throttle';

const ONE_HOUR = 60 * 60;

/** Contact form messages per IP and hour. */
export const CONTACT_RATE_RULE: ThrottleRule = { scope: 'CONTACT-IP', limit: 5, windowSeconds: ONE_HOUR };
/** Join-the-team applications per IP and hour. */
export const JOIN_TEAM_RATE_RULE: ThrottleRule = { scope: 'JOINTEAM-IP', limit: 5, windowSeconds: ONE_HOUR };
/** CV upload slots per IP and hour: each lets a browser store up to 10 MB, so they are limited too. */
export const CV_UPLOAD_RATE_RULE: ThrottleRule = { scope: 'CVUPLOAD-IP', limit: 10, windowSeconds: ONE_HOUR };

/** Bots fill in every field; the form hides `Website` from people (and from screen readers). */
export const isHoneypotFilled = (website: string | undefined) => (website ?? '').trim() !== '';

/** Counts one submission from this IP, refusing it with 429 once the hour's allowance is used up. */
export const admitSubmission = (rule: ThrottleRule, ip: string, now: Date) =>
  admitWithinLimit(
    rule,
    ip,
    now,
    (minutes) => `Hai inviato troppe richieste. Riprova tra ${minutes} minuti.`,
  );
