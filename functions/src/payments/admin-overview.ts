/**
 * The back office's operations overview (docs/product.md#back-office): the admin home's figures and a
 * patient's whole timeline. Both gather what other areas own, each read through the area's index.ts; they
 * live here because payments is the area that already depends on every one of those areas (bookings,
 * onboarding, chat, accounts), so no new dependency direction is added.
 *
 * Every figure is a counted read of a sparse index partition or a key range (no Scan). The timeline merges
 * its sources newest first: each source gives at most `limit` events before the cursor, so the merged page
 * is exact, and the cursor is the last event's instant and id.
 */
import * as z from 'zod';
import {
  ADMIN_OVERVIEW_WINDOW_DAYS,
  PATIENT_EVENT_KINDS,
  ONBOARDING_STEPS,
  UNPAID_DUE_WITHIN_DAYS,
  addRomeDays,
  bookingHistoryKindLabels,
  romeDate,
  romeInstant,
  whatsAppStatusLabels,
  type AdminOverview,
  type PatientEventKind,
  type PatientEventView,
} from '@nutri/shared';
import { getUser, getUserNames } from '../accounts';
import {
  countBookedBetween,
  countOwedBookingRefunds,
  countUnpaidBetween,
  listPatientBookingEvents,
  type BookingHistoryEvent,
} from '../bookings';
import { chatActivityOfUser, listUrgentNotices } from '../chat';
import { notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { pageLimitSchema } from '../http/page-query';
import {
  countFailedTallyDeliveriesSince,
  countUnassignedPatients,
  countUnclaimedQuestionnairesSince,
  getPatientProfile,
  getQuestionnaireOverview,
  listConsents,
} from '../onboarding';
import { recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { countBouncedMailsSince, listBouncedMails, listUserMails } from '../platform/mail-log';
import { pageCursor } from '../platform/db/cursor';
import { countUnappliedRefundsOwed } from './unapplied-payments-repo';

const DAY_MS = 86_400_000;

// GET Admin/Overview: today's figures (Rome calendar day).
export const getAdminOverview = defineOperation(['BusinessAdmin'], {}, async (): Promise<AdminOverview> => {
  const at = now();
  const today = romeDate(at);
  const since = new Date(at.getTime() - ADMIN_OVERVIEW_WINDOW_DAYS * DAY_MS).toISOString();
  const [visits, unpaid, waiting, unclaimed, failed, bounced, owedBookings, owedPayments] = await Promise.all(
    [
      countBookedBetween(
        romeInstant(today, '00:00').toISOString(),
        romeInstant(addRomeDays(today, 1), '00:00').toISOString(),
      ),
      countUnpaidBetween(
        at.toISOString(),
        new Date(at.getTime() + UNPAID_DUE_WITHIN_DAYS * DAY_MS).toISOString(),
      ),
      countUnassignedPatients(),
      countUnclaimedQuestionnairesSince(since),
      countFailedTallyDeliveriesSince(since),
      countBouncedMailsSince(since),
      countOwedBookingRefunds(),
      countUnappliedRefundsOwed(),
    ],
  );
  return {
    Date: today,
    VisitsToday: visits,
    UnpaidDueSoon: unpaid,
    PatientsWaiting: waiting,
    QuestionnairesWithoutAccount: unclaimed,
    FailedWebhooks: failed,
    BouncedMails: bounced,
    OpenRefunds: owedBookings + owedPayments,
  };
});

const PAYMENT_KINDS = new Set<BookingHistoryEvent['Kind']>(['paid', 'late-payment', 'refund']);
const euro = (cents: unknown) =>
  typeof cents === 'number' ? `${(cents / 100).toFixed(2).replace('.', ',')} €` : null;

const bookingEventView = (event: BookingHistoryEvent): PatientEventView => {
  const details = event.Details;
  const parts = [
    `Appuntamento n. ${event.BookingId}`,
    typeof details.From === 'string' && typeof details.To === 'string'
      ? `da ${details.From} a ${details.To}`
      : null,
    euro(details.Amount),
    event.Reason,
  ].filter(Boolean);
  return {
    Id: `booking-${event.EventId}`,
    Kind: PAYMENT_KINDS.has(event.Kind) ? 'payment' : 'booking',
    At: event.At,
    Title: bookingHistoryKindLabels[event.Kind],
    Detail: parts.join(' · '),
    Status: typeof details.State === 'string' ? details.State : null,
    BookingId: event.BookingId,
    HasAnswers: false,
  };
};

const CONSENT_NAMES: Record<number, string> = {
  2: 'informativa privacy del servizio',
  3: 'informativa privacy del nutrizionista',
};

const patientEventsQuery = z.strictObject({
  limit: pageLimitSchema(50),
  kind: z.enum(PATIENT_EVENT_KINDS, { error: 'Tipo di evento non valido.' }).optional(),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[\w:.-]{1,300}$/, 'Segnalibro della pagina non valido.')
    .optional(),
});

const sortKey = (event: Pick<PatientEventView, 'At' | 'Id'>) => `${event.At}|${event.Id}`;

// GET Admin/Patients/{userId}/Events: the patient's whole timeline, newest first.
export const listPatientEvents = defineOperation(
  ['BusinessAdmin'],
  {
    path: z.object({ userId: z.string().min(1).max(100, 'Identificativo non valido.') }),
    query: patientEventsQuery,
  },
  async ({ path, query, actor }) => {
    const patientUserId = path.userId;
    const [user, patient] = await Promise.all([getUser(patientUserId), getPatientProfile(patientUserId)]);
    if (!user || !patient) throw notFound('Paziente non trovato.');
    const { limit, kind } = query;
    // The timeline tells the patient's bookings, payments and chat activity: its reading is audited
    // (docs/product.md#audit-trail) before anything is returned.
    await recordAudit(
      {
        Action: 'patient.timeline.read',
        ActorUserId: actor.userId,
        SubjectType: 'patient',
        SubjectId: patientUserId,
        Details: { kind: kind ?? null, before: query.cursor ?? null },
      },
      now(),
    );
    const before = query.cursor?.split('|')[0];
    const wants = (wanted: PatientEventKind | readonly PatientEventKind[]) =>
      !kind || (typeof wanted === 'string' ? kind === wanted : wanted.includes(kind));

    // Every source first (each through its area), then the people they name, then the events.
    const [questionnaire, consents, bookingEvents, mails, notices, chats] = await Promise.all([
      patient.TallySubmissionId && wants(['questionnaire', 'nutritionist'])
        ? getQuestionnaireOverview(patient.TallySubmissionId)
        : null,
      wants('onboarding') ? listConsents(patientUserId) : [],
      wants(['booking', 'payment', 'onboarding'])
        ? listPatientBookingEvents(patientUserId, { limit: limit * 2, ...(before ? { before } : {}) })
        : [],
      wants('mail') ? listUserMails(patientUserId, limit, before) : [],
      wants('whatsapp')
        ? listUrgentNotices({ patientUserId, ...(before ? { to: before } : {}) }, limit).then(
            (page) => page.notices,
          )
        : [],
      wants('chat') ? chatActivityOfUser(patientUserId) : [],
    ]);
    const people = await getUserNames(
      [
        patient.DefaultNutritionistUserId,
        questionnaire?.NutritionistUserId,
        ...notices.map((notice) => notice.NutritionistUserId),
        ...chats.map((chat) => chat.OtherUserId),
      ].filter((id): id is string => Boolean(id)),
    );
    const nameOf = (userId: string | null | undefined) =>
      userId ? (people.get(userId)?.DisplayName ?? 'utente non trovato') : null;

    const events: PatientEventView[] = [];
    const add = (
      event: Omit<PatientEventView, 'Status' | 'BookingId' | 'HasAnswers'> & Partial<PatientEventView>,
    ) => events.push({ Status: null, BookingId: null, HasAnswers: false, ...event });

    // The account: registration, verification, onboarding (consents, password, current step).
    if (wants('registration'))
      add({
        Id: 'registration',
        Kind: 'registration',
        At: user.createdAt,
        Title: 'Registrazione',
        Detail: patient.TallySubmissionId ? 'Con il questionario' : 'Senza questionario',
      });
    if (wants('verification') && user.emailVerified)
      add({
        Id: 'verification',
        Kind: 'verification',
        At: user.emailVerifiedAt ?? user.createdAt,
        Title: 'E-mail verificata',
        Detail: user.emailVerifiedAt ? null : 'Data della verifica non registrata (account meno recente)',
      });
    for (const consent of consents)
      add({
        Id: `consent-${consent.contractType}-${consent.acceptedAt}`,
        Kind: 'onboarding',
        At: consent.acceptedAt,
        Title: 'Consenso accettato',
        Detail: `${CONSENT_NAMES[consent.contractType] ?? `contratto ${consent.contractType}`} (versione ${consent.version})`,
      });
    if (wants('onboarding'))
      add({
        Id: 'step',
        Kind: 'onboarding',
        At: patient.updatedAt,
        Title: `Passo attuale del percorso: ${patient.OnboardingStep}`,
        Detail: patient.IsPasswordSet ? 'Password impostata' : 'Password non ancora impostata',
      });

    // The questionnaire and the nutritionist it matched, or who was assigned later.
    if (questionnaire && wants('questionnaire'))
      add({
        Id: `questionnaire-${questionnaire.SubmissionId}`,
        Kind: 'questionnaire',
        At: questionnaire.ReceivedAt,
        Title: 'Questionario ricevuto',
        Detail: `Invio ${questionnaire.SubmissionId}`,
        Status: questionnaire.MatchOutcome,
        HasAnswers: true,
      });
    if (wants('nutritionist')) {
      if (questionnaire?.MatchOutcome === 'matched' && !questionnaire.AssignedLater)
        add({
          Id: 'nutritionist-matched',
          Kind: 'nutritionist',
          At: questionnaire.ReceivedAt,
          Title: 'Nutrizionista abbinato dal questionario',
          Detail: nameOf(questionnaire.NutritionistUserId),
        });
      if (patient.AssignedAt)
        add({
          Id: 'nutritionist-assigned',
          Kind: 'nutritionist',
          At: patient.AssignedAt,
          Title:
            patient.AssignedBy?.kind === 'admin'
              ? 'Nutrizionista assegnato dall’amministrazione'
              : 'Nutrizionista assegnato dal nuovo abbinamento automatico',
          Detail: nameOf(patient.DefaultNutritionistUserId),
        });
      // The change itself is not dated: the profile's last change is when it happened at the latest.
      if (patient.HasChangedNutritionist)
        add({
          Id: 'nutritionist-changed',
          Kind: 'nutritionist',
          At: patient.updatedAt,
          Title: 'Nutrizionista cambiato dal paziente (unico cambio gratuito)',
          Detail: `Ora con ${nameOf(patient.DefaultNutritionistUserId) ?? 'nessuno'}`,
        });
    }

    // A booking mail is in the mail log with its delivery events: shown there, once.
    // Each move of the onboarding step is recorded with the booking change that made it.
    for (const event of bookingEvents) {
      if (event.Kind !== 'mail') events.push(bookingEventView(event));
      const { StepFrom: from, StepTo: to } = event.Details;
      if (typeof to === 'number')
        add({
          Id: `step-${event.EventId}`,
          Kind: 'onboarding',
          At: event.At,
          Title: `Passo del percorso: ${typeof from === 'number' ? `da ${from} a ` : ''}${to}`,
          Detail: `«${ONBOARDING_STEPS.find(({ step }) => step === to)?.headline ?? ''}» · ${bookingHistoryKindLabels[event.Kind]}, appuntamento n. ${event.BookingId}`,
        });
    }
    for (const mail of mails)
      add({
        Id: `mail-${mail.SesMessageId}`,
        Kind: 'mail',
        At: mail.SentAt,
        Title: mail.Subject ?? 'E-mail',
        Detail: Object.entries(mail.Events)
          .sort(([, a], [, b]) => (a < b ? -1 : 1))
          .map(([name]) => name)
          .join(' → '),
        Status: mail.LastEvent,
      });
    for (const notice of notices)
      add({
        Id: `whatsapp-${notice.NoticeId}`,
        Kind: 'whatsapp',
        At: notice.SentAt,
        Title: 'Avviso urgente su WhatsApp',
        Detail: `Da ${nameOf(notice.NutritionistUserId)}${notice.FailureReason ? ` · ${notice.FailureReason}` : ''}`,
        Status: whatsAppStatusLabels[notice.Status],
      });
    for (const chat of chats)
      add({
        Id: `chat-${chat.ConversationSid}`,
        Kind: 'chat',
        At: chat.LastMessageAt ?? chat.StartedAt,
        Title: 'Attività in chat',
        Detail: `${chat.MessageCount} messaggi con ${nameOf(chat.OtherUserId)}, ${chat.UnseenCount} non letti dal paziente`,
      });

    const cursorKey = query.cursor ?? '~';
    const page = events
      .filter((event) => (!kind || event.Kind === kind) && sortKey(event) < cursorKey)
      .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1));
    const Data = page.slice(0, limit);
    const last = Data[Data.length - 1];
    return {
      Patient: {
        UserId: user.Id,
        DisplayName: user.DisplayName,
        Email: user.Email,
        OnboardingStep: patient.OnboardingStep,
        NutritionistName: nameOf(patient.DefaultNutritionistUserId),
      },
      Data,
      Count: Data.length,
      NextCursor: page.length > limit && last ? sortKey(last) : null,
    };
  },
);

// GET Admin/Mails/Bounced: mails that did not arrive, newest first, with the person they were for.
export const listBouncedMailsForAdmin = defineOperation(
  ['BusinessAdmin'],
  {
    query: z.strictObject({
      limit: pageLimitSchema(),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ query }) => {
    const cursor = pageCursor('bounced-mails');
    const page = await listBouncedMails(query.limit, await cursor.decode(query.cursor));
    const people = await getUserNames([...new Set(page.mails.map((mail) => mail.UserId))]);
    const Data = page.mails.map((mail) => ({
      ...mail,
      UserName: people.get(mail.UserId)?.DisplayName ?? null,
      IsPatient: people.get(mail.UserId)?.roles.includes('Patient') ?? false,
    }));
    return { Data, Count: Data.length, NextCursor: await cursor.encode(page.next) };
  },
);
