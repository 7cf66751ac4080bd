/**
 * The contact form (docs/product.md#validation and #api): a valid message is stored, then mailed to support with the
 * visitor as reply-to. Honeypot submissions are answered exactly like accepted ones and dropped.
 */
import type { ContactMessage } from '@nutri/shared';
import { config } from '../platform/config';
import { pageCursor } from '../platform/db/cursor';
import { newId } from '../platform/ids';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { listContactMessages, putContactMessage } from './contact-repo';
import { contactMessageMail } from './mails';
import { CONTACT_RATE_RULE, admitSubmission, isHoneypotFilled } from './spam-guard';

export interface ContactSubmission {
  Name: string;
  Email: string;
  PhoneNo: string;
  Message: string;
  Website: string;
}

export const submitContactMessage = async (submission: ContactSubmission, ip: string, now: Date) => {
  await admitSubmission(CONTACT_RATE_RULE, ip, now);
  if (isHoneypotFilled(submission.Website)) {
    logger.info('Contact form honeypot filled: dropped');
    return;
  }
  const message: ContactMessage = {
    ContactMessageId: newId(),
    Name: submission.Name,
    Email: submission.Email,
    PhoneNo: submission.PhoneNo,
    Message: submission.Message,
    CreatedAt: now.toISOString(),
  };
  await putContactMessage(message);
  // The message is safe in the back office: a mail failure is logged (ids only), not the visitor's problem.
  try {
    await sendMail({ to: config().SUPPORT_EMAIL, replyTo: message.Email, ...contactMessageMail(message) });
  } catch (error) {
    logger.error('Contact message stored but not mailed to support', {
      contactMessageId: message.ContactMessageId,
      error: (error as Error).name,
    });
  }
};

export const listContactMessagePage = async (query: { limit: number; cursor?: string | undefined }) => {
  const cursor = pageCursor('contact-messages');
  const page = await listContactMessages(query.limit, await cursor.decode(query.cursor));
  return { Data: page.items, Count: page.items.length, NextCursor: await cursor.encode(page.next) };
};
