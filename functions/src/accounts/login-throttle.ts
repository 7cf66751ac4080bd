/**
 * Throttling of failed sign-ins, built so it cannot be used to lock someone out:
 * - per account and client IP, the attacker's own pair is slowed: 5 free failures an hour, then a wait
 *   of 15 s after each failure, doubled each time, at most 15 minutes. The owner signing in from another
 *   client is not slowed at all;
 * - per IP, 100 failures in 15 minutes (any accounts) block that IP, for whoever guesses many accounts;
 * - per account (every client), failures are only counted: the 10th within an hour mails the owner, once
 *   per hour-long window, through the outbox.
 * Unknown accounts count the same (no mail), so throttling does not tell which accounts exist.
 */
import * as z from 'zod';
import type { OutboxHandlers } from '../platform/outbox';
import { putOutboxEntry } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import {
  backoffSeconds,
  blockedForSeconds,
  clearFailures,
  recordFailure,
  type BackoffRule,
  type ThrottleRule,
} from '../platform/throttle';
import { loginAttackNoticeMail } from './mails';
import { getUser, type User } from './users-repo';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

export const CLIENT_LOGIN_RULE: BackoffRule = {
  scope: 'LOGIN-ACCOUNT-CLIENT',
  limit: 5,
  windowSeconds: ONE_HOUR,
  firstDelaySeconds: 15,
  maxDelaySeconds: FIFTEEN_MINUTES,
};
export const IP_LOGIN_RULE: ThrottleRule = { scope: 'LOGIN-IP', limit: 100, windowSeconds: FIFTEEN_MINUTES };
/** `limit` failures on one account within the window, from any clients, mail its owner once. */
export const ACCOUNT_ATTACK_RULE: ThrottleRule = {
  scope: 'LOGIN-ACCOUNT',
  limit: 10,
  windowSeconds: ONE_HOUR,
};

const clientKey = (account: string, ip: string) => `${account}\n${ip}`;

/** Seconds this client must wait before trying this account again (0: go ahead). */
export const loginWaitSeconds = async (account: string, ip: string, at: Date) =>
  Math.max(
    await backoffSeconds(CLIENT_LOGIN_RULE, clientKey(account, ip), at),
    await blockedForSeconds(IP_LOGIN_RULE, ip, at),
  );

/** "Riprova tra 30 secondi" / "tra 4 minuti": the wait in words. */
export const waitInWords = (seconds: number) =>
  seconds < 60
    ? `${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}`
    : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minuto' : 'minuti'}`;

export const LOGIN_ATTACK_TOPIC = 'login-attack-notice';

/** The account owner's notice of repeated failed sign-ins: one schema for the writer and the handler. */
const loginAttackTopic = defineOutboxTopic(
  LOGIN_ATTACK_TOPIC,
  z.object({ userId: z.string().min(1), failures: z.number().int().positive() }),
);

const handleLoginAttackNotice: OutboxHandlers[string] = async (entry, step) => {
  const notice = loginAttackTopic.payload(entry);
  const user = await getUser(notice.userId);
  if (!user) return;
  await step('mail', async () => {
    await sendMail({
      to: user.Email,
      ...loginAttackNoticeMail(
        user.DisplayName,
        notice.failures,
        `${config().PUBLIC_BASE_URL}/RecoverPassword`,
      ),
    });
  });
};

export const loginOutboxHandlers: OutboxHandlers = { [LOGIN_ATTACK_TOPIC]: handleLoginAttackNotice };

/** Counts a failed sign-in everywhere it counts; the owner of a known account is told once per window. */
export const recordLoginFailure = async (account: string, ip: string, user: User | null, at: Date) => {
  const [, , accountFailures] = await Promise.all([
    recordFailure(CLIENT_LOGIN_RULE, clientKey(account, ip), at),
    recordFailure(IP_LOGIN_RULE, ip, at),
    recordFailure(ACCOUNT_ATTACK_RULE, account, at),
  ]);
  // Exactly one failure of the window is the limit-th, however many arrive at once.
  if (!user || accountFailures !== ACCOUNT_ATTACK_RULE.limit) return;
  logger.warn('Repeated failed sign-ins: owner notice queued', { userId: user.Id });
  const entry = loginAttackTopic.entry({ userId: user.Id, failures: accountFailures }, at);
  await putOutboxEntry(entry);
};

/** A successful sign-in frees this client only; the count of the account's failures stays for the notice. */
export const recordLoginSuccess = (account: string, ip: string) =>
  clearFailures(CLIENT_LOGIN_RULE, clientKey(account, ip));
