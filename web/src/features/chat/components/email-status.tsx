/**
 * On a nutritionist's own message that was e-mailed to the patient because it stayed unseen
 * (docs/product.md#chat: e-mail delivery icons): the icon of the last delivery event while still unseen, a check
 * mark once the patient saw it. The label says the same in words (tooltip and accessible name).
 */
import { Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconClock,
  IconMail,
  IconMailCheck,
  IconMailExclamation,
  IconMailForward,
  IconMailOff,
  IconMailOpened,
  IconPointer,
  type Icon,
} from '@tabler/icons-react';
import {
  emailEventLabels,
  emailNotificationPendingLabel,
  type ChatMessage,
  type EmailEvent,
  type EmailNotificationSentEvent,
} from '@nutri/shared';

/**
 * A message as a report of its e-mail changes it. Reports come from the job that sent the mail and from
 * each SES event, and may arrive in any order: an older report never replaces a newer event.
 */
export const withEmailReport = (message: ChatMessage, report: EmailNotificationSentEvent): ChatMessage => {
  const newer =
    report.EmailLastEvent !== null &&
    (message.EmailLastEventAt === null ||
      (report.EmailLastEventAt !== null && report.EmailLastEventAt >= message.EmailLastEventAt));
  return newer
    ? {
        ...message,
        EmailNotificationSent: true,
        EmailLastEvent: report.EmailLastEvent,
        EmailLastEventAt: report.EmailLastEventAt,
      }
    : { ...message, EmailNotificationSent: true };
};

// Shapes, not colours: the icon sits on the white text of my green bubble and inherits its colour.
const ICONS: Record<EmailEvent, Icon> = {
  processed: IconMailForward,
  delivered: IconMailCheck,
  open: IconMailOpened,
  click: IconPointer,
  dropped: IconMailOff,
  bounce: IconMailExclamation,
  spamreport: IconMailExclamation,
  deferred: IconClock,
};

interface EmailStatusProps {
  message: Pick<ChatMessage, 'EmailNotificationSent' | 'EmailLastEvent'>;
  /** The patient has seen this message. */
  seen: boolean;
}

export const EMAIL_STATUS_SEEN_LABEL = 'Notifica e-mail inviata, messaggio visualizzato';

export function EmailStatus({ message, seen }: EmailStatusProps) {
  if (!message.EmailNotificationSent) return null;
  const StatusIcon = seen ? IconCheck : message.EmailLastEvent ? ICONS[message.EmailLastEvent] : IconMail;
  const label = seen
    ? EMAIL_STATUS_SEEN_LABEL
    : message.EmailLastEvent
      ? emailEventLabels[message.EmailLastEvent]
      : emailNotificationPendingLabel;
  return (
    <Tooltip label={label} withArrow>
      <span
        role="img"
        aria-label={label}
        data-testid="chat-email-status"
        data-email-event={seen ? 'seen' : (message.EmailLastEvent ?? 'pending')}
        style={{ display: 'inline-flex', verticalAlign: 'middle', marginLeft: 4 }}
      >
        <StatusIcon size={14} stroke={2} aria-hidden />
      </span>
    </Tooltip>
  );
}
