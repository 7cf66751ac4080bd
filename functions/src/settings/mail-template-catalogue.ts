/**
 * Every e-mail template of the product, and the SMS and WhatsApp texts (docs/product.md#e-mail-templates):
 * each area owns its own, in its mails file, and lists them on its index. Loaded only by the editor's operations, never at the system
 * Lambda's start (the health check stays lean).
 */
import { accountMailTemplates } from '../accounts';
import { bookingMailTemplates } from '../bookings';
import { chatNotificationTemplate, urgentNoticeWhatsAppTemplate } from '../chat';
import { contentMailTemplates } from '../content';
import { onboardingMailTemplates } from '../onboarding';
import { paymentMailTemplates } from '../payments';
import type { MailTemplateDefinition } from '../platform/mail-templates';
import { privacyMailTemplates } from '../privacy';

export const MAIL_TEMPLATES: readonly MailTemplateDefinition[] = [
  ...accountMailTemplates,
  ...onboardingMailTemplates,
  ...bookingMailTemplates,
  ...paymentMailTemplates,
  chatNotificationTemplate,
  ...contentMailTemplates,
  ...privacyMailTemplates,
  urgentNoticeWhatsAppTemplate,
];

export const templateByKey = new Map(MAIL_TEMPLATES.map((template) => [template.key, template]));
