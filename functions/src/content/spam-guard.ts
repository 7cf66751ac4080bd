/**
 * Spam protection of the public forms (contact, join-the-team): a honeypot field people never see and
 * bots fill in, and a limit of submissions per client IP.
 */
import { tooManyRequests } from '../http/errors';
import { blockedForSeconds, recordFailure, type ThrottleRule } from '../platform/throttle';

const ONE_HOUR = 60 * 60;

/** Contact form messages per IP and hour. */
export const CONTACT_RATE_RULE: ThrottleRule = { scope: 'CONTACT-IP', limit: 5, windowSeconds: ONE_HOUR };
/** Join-the-team applications per IP and hour. */
export const JOIN_TEAM_RATE_RULE: ThrottleRule = { scope: 'JOINTEAM-IP', limit: 5, windowSeconds: ONE_HOUR };
/** CV upload slots per IP and hour: each lets a browser store up to 10 MB, so they are limited too. */
export const CV_UPLOAD_RATE_RULE: ThrottleRule = { scope: 'CVUPLOAD-IP', limit: 10, windowSeconds: ONE_HOUR };

/** Bots fill in every field; the form hides `Website` from people (and from screen readers). */
export const isHoneypotFilled = (website: string | undefined) => (website ?? '').trim() !== '';

/**
 * Counts one submission from this IP, refusing it with 429 and Retry-After once the hour's allowance is
 * used up. Refused submissions are not counted, so waiting always helps.
 */
export const admitSubmission = async (rule: ThrottleRule, ip: string, now: Date) => {
  const wait = await blockedForSeconds(rule, ip, now);
  if (wait > 0) {
    throw tooManyRequests(
      wait,
      `Hai inviato troppe richieste. Riprova tra ${Math.max(1, Math.ceil(wait / 60))} minuti.`,
    );
  }
  await recordFailure(rule, ip, now);
};
