/**
 * A request allowance per subject (an IP, a user) and window, counted with the throttle items: each
 * admitted request takes one, atomically (concurrent requests cannot exceed it); once the window's allowance
 * is used up the request is refused with 429, Retry-After and an Italian message saying how long to wait.
 * Refused requests are not counted, so waiting always helps.
 */
import { takeAllowance, type ThrottleRule } from '../platform/throttle';
import { tooManyRequests } from './errors';

export const admitWithinLimit = async (
  rule: ThrottleRule,
  subject: string,
  now: Date,
  refusal: (minutes: number) => string,
) => {
  const wait = await takeAllowance(rule, subject, now);
  if (wait > 0) throw tooManyRequests(wait, refusal(Math.ceil(wait / 60)));
};
