/**
 * /VerifyEmail rules (docs/product.md#screens, #api and #errors): the progress that fills while the account is prepared,
 * and what each answer of Verify means for the page.
 */
import { ACCOUNT_PROGRESS } from '../../lib/shared-values';
import type { VerifyAnswer } from './api/verify-email';

/** The bar stops short of full until the answer arrives, so it never looks done while it is not. */
export const PROGRESS_CAP_WHILE_LOADING = 95;

/** +5 every 400 ms (ACCOUNT_PROGRESS), held at the cap while waiting. */
export const nextProgress = (value: number) =>
  Math.min(value + ACCOUNT_PROGRESS.step, PROGRESS_CAP_WHILE_LOADING);

export type VerificationResult =
  | { kind: 'instantLogin'; token: string }
  /** Already verified, or any failure: the page shows the same 'account already exists' notice. */
  | { kind: 'alreadyExists' }
  /** A link previewer was answered without using the token. */
  | { kind: 'preview' };

export const verificationResult = (answer: VerifyAnswer): VerificationResult => {
  if ('InstantLoginToken' in answer) return { kind: 'instantLogin', token: answer.InstantLoginToken };
  if ('Preview' in answer) return { kind: 'preview' };
  // { message: 'User already exists.' } (shared USER_ALREADY_EXISTS_MESSAGE); any other message reads the same.
  return { kind: 'alreadyExists' };
};
