/**
 * Scheduled jobs. In the cloud each is an EventBridge Scheduler schedule invoking the jobs Lambda with
 * `{ "job": name }`; locally the in-process scheduler of infra/local runs the same handler on the same
 * schedule. Every job must be safe to run twice and to run late.
 */
export type JobSchedule =
  | { kind: 'rate'; minutes: number }
  /** Every day at hour:minute, Europe/Rome wall-clock time (daylight saving handled by the scheduler). */
  | { kind: 'daily'; hour: number; minute: number };

export interface JobDefinition {
  name: string;
  description: string;
  schedule: JobSchedule;
}

export const jobDefinitions = [
  {
    name: 'sweep-connections',
    description:
      'Removes WebSocket connections older than API Gateway allows (2 h) or no longer known to the gateway (410).',
    schedule: { kind: 'rate', minutes: 15 },
  },
  {
    name: 'rematch-unassigned-patients',
    description:
      'Runs the matching again for patients left without a nutritionist (onboarding step 0) and mails those assigned.',
    schedule: { kind: 'rate', minutes: 60 },
  },
  {
    name: 'load-comuni',
    description:
      'Loads the current Italian municipalities from the dataset package when its version differs from the one in the table (one read otherwise).',
    schedule: { kind: 'rate', minutes: 60 },
  },
  {
    name: 'deliver-outbox',
    description:
      'Safety net of the outbox Lambda: delivers the chat messages and e-mails of changes its stream delivery did not complete (outbox items older than 30 s).',
    schedule: { kind: 'rate', minutes: 1 },
  },
  {
    name: 'expire-unpaid-bookings',
    description:
      'Cancels WAITINGFORPAYMENT bookings not paid by their deadline (2 days before), with a BookingExpired chat message and e-mails.',
    schedule: { kind: 'rate', minutes: 5 },
  },
  {
    name: 'payment-reminders',
    description:
      'E-mails patients whose visit awaits payment (urgent at 3 days or less before it), each reminder once.',
    schedule: { kind: 'daily', hour: 9, minute: 0 },
  },
  {
    name: 'appointment-reminders',
    description: 'E-mails patients the day before each confirmed appointment, once.',
    schedule: { kind: 'daily', hour: 18, minute: 0 },
  },
  {
    name: 'issue-refunds',
    description:
      'Refunds in full, through the card payment provider, paid bookings cancelled with 2 days notice or more, and payments a booking did not take (a second payment of a paid booking), once each.',
    schedule: { kind: 'rate', minutes: 5 },
  },
  {
    name: 'notify-unseen-chat-messages',
    description:
      'E-mails the recipient of chat messages still unseen 5 minutes after they were sent: one mail per recipient and conversation, never quoting the messages.',
    schedule: { kind: 'rate', minutes: 1 },
  },
  {
    name: 'index-patient-names',
    description:
      'Indexes the name words of patients stored before the patient search by any word of the name (writes only profiles still without them).',
    schedule: { kind: 'daily', hour: 3, minute: 30 },
  },
  {
    name: 'index-back-office',
    description:
      'Writes the back office indexes of data stored before them: the patient search entries (name, e-mail, phone, codice fiscale), the copy of each booking the bookings list reads and the export keys of contract acceptances.',
    schedule: { kind: 'daily', hour: 3, minute: 45 },
  },
  {
    name: 'invoice-reminders',
    description:
      'E-mails nutritionists whose health invoice of a paid visit is still a draft, on day 7 and day 11 after the payment, each reminder once.',
    schedule: { kind: 'daily', hour: 9, minute: 30 },
  },
  {
    name: 'rebuild-dashboards',
    description:
      'Recomputes every business dashboard aggregate from the bookings, patients, questionnaires and reviews, reports the differences from what the stream kept, and writes the recomputed values where they differ.',
    schedule: { kind: 'daily', hour: 4, minute: 15 },
  },
  {
    name: 'regenerate-public-pages',
    description:
      'Prerenders every public page (fixed pages, public nutritionist profiles, published articles) into the web bucket from current data, and deletes the copies of pages no longer public (docs/decisions/0034-prerendered-public-pages.md).',
    schedule: { kind: 'rate', minutes: 10 },
  },
] as const satisfies readonly JobDefinition[];

export type JobName = (typeof jobDefinitions)[number]['name'];

export const isJobName = (value: unknown): value is JobName =>
  typeof value === 'string' && jobDefinitions.some((job) => job.name === value);
