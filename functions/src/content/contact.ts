/** Contact form operations: POST ContactForm (public) and GET ContactMessages (BusinessAdmin). */
import { contactFormSchema, pageQuerySchema } from '@nutri/shared';
import { clientIp } from '../http/client-ip';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { listContactMessagePage, submitContactMessage } from './contact-service';

export const submitContactForm = defineOperation(
  'public',
  { body: contactFormSchema },
  async ({ body, event }) => {
    await submitContactMessage(body, clientIp(event), now());
    return noContent();
  },
);

export const listContactMessages = defineOperation(
  ['BusinessAdmin'],
  { query: pageQuerySchema },
  ({ query }) => listContactMessagePage(query),
);
