/**
 * The back office's operations views (docs/product.md#back-office): the admin home's figures
 * (GET Admin/Overview), a patient's timeline (GET Admin/Patients/{userId}/Events), the questionnaire
 * webhook log with its audited payload viewer and replay (GET Tally/WebhookLog, GET/POST
 * Admin/TallyWebhooks/{logId}/...), the WhatsApp log (GET Admin/Whatsapp) and a patient's answers
 * (GET Tally/Patient/{userId}, audited).
 */
import useSWR from 'swr';
import { z } from 'zod';
import {
  PATIENT_EVENT_KINDS,
  WHATSAPP_NOTICE_STATUSES,
  type PatientEventKind,
  type TallyLogFilter,
  type WhatsAppNoticeStatus,
} from '@nutri/shared';
import { api, apiPath } from '../../../../api/client';
import { useCursorList } from '../../../../api/cursor-list';

const PAGE_SIZE = 25;

const overviewSchema = z.object({
  Date: z.string(),
  VisitsToday: z.number(),
  UnpaidDueSoon: z.number(),
  PatientsWaiting: z.number(),
  QuestionnairesWithoutAccount: z.number(),
  FailedWebhooks: z.number(),
  BouncedMails: z.number(),
  OpenRefunds: z.number(),
});
export type AdminOverviewView = z.infer<typeof overviewSchema>;

export const useAdminOverview = () =>
  useSWR('/Admin/Overview', async (path: string) => overviewSchema.parse(await api.get(path)));

const patientEventSchema = z.object({
  Id: z.string(),
  Kind: z.enum(PATIENT_EVENT_KINDS),
  At: z.string(),
  Title: z.string(),
  Detail: z.string().nullable(),
  Status: z.string().nullable(),
  BookingId: z.number().nullable(),
  HasAnswers: z.boolean(),
});
export type PatientEvent = z.infer<typeof patientEventSchema>;

const patientSchema = z.object({
  UserId: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  OnboardingStep: z.number(),
  NutritionistName: z.string().nullable(),
});
export type TimelinePatient = z.infer<typeof patientSchema>;

const eventsPageSchema = z.object({
  Patient: patientSchema,
  Data: z.array(patientEventSchema),
  Count: z.number(),
  NextCursor: z.string().nullable(),
});

export const usePatientEvents = (userId: string | undefined, kind: PatientEventKind | null) => {
  const { items, ...list } = useCursorList(
    userId ? apiPath('Admin', 'Patients', userId, 'Events') : null,
    { limit: PAGE_SIZE, kind: kind ?? undefined },
    async ([path, query]) => eventsPageSchema.parse(await api.get(path, { query })),
  );
  return { ...list, events: items ?? [] };
};

/** The patient's header, read with the first page (same request, kept by SWR). */
export const usePatientHeader = (userId: string | undefined) =>
  useSWR(
    userId ? [apiPath('Admin', 'Patients', userId, 'Events'), 'header'] : null,
    async ([path]) => eventsPageSchema.parse(await api.get(path, { query: { limit: 1 } })).Patient,
  );

const answerSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.string(),
  value: z.unknown(),
  options: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
});
export type QuestionnaireAnswer = z.infer<typeof answerSchema>;

/** The answers (health data): each read is audited by the server. */
export const fetchPatientAnswers = async (userId: string) => {
  const body = z
    .object({ Data: z.string(), SubmittedAt: z.string() })
    .parse(await api.get(apiPath('Tally', 'Patient', userId)));
  return { SubmittedAt: body.SubmittedAt, Answers: z.array(answerSchema).parse(JSON.parse(body.Data)) };
};

const logEntrySchema = z.object({
  LogId: z.string(),
  ReceivedAt: z.string(),
  Outcome: z.string(),
  StatusCode: z.number(),
  SubmissionId: z.string().nullable(),
  EventId: z.string().nullable(),
  MatchOutcome: z.string().nullable(),
  SignatureValid: z.boolean().optional(),
  PayloadStored: z.boolean().optional(),
  ErrorName: z.string().nullable().optional(),
  ReplayedAt: z.string().optional(),
  ReplayOutcome: z.string().optional(),
  PatientUserId: z.string().nullable(),
  PatientName: z.string().nullable(),
  NutritionistUserId: z.string().nullable(),
  NutritionistName: z.string().nullable(),
});
export type TallyLogEntry = z.infer<typeof logEntrySchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Data: z.array(item), Count: z.number(), NextCursor: z.string().nullable() });

export const useTallyWebhookLog = (filter: TallyLogFilter) => {
  const { items, ...list } = useCursorList(
    '/Tally/WebhookLog',
    { limit: PAGE_SIZE, filter },
    async ([path, query]) => listOf(logEntrySchema).parse(await api.get(path, { query })),
  );
  return { ...list, entries: items ?? [] };
};

/** The delivery's body as Tally sent it (answers included): each view is audited by the server. */
export const fetchTallyPayload = async (logId: string) =>
  z
    .object({ LogId: z.string(), Payload: z.unknown(), RawBody: z.string().nullable() })
    .parse(await api.get(apiPath('Admin', 'TallyWebhooks', logId, 'Payload')));

export const replayTallyDelivery = async (logId: string) =>
  z
    .object({
      LogId: z.string(),
      Outcome: z.string(),
      SubmissionId: z.string().nullable(),
      AlreadyReplayed: z.boolean(),
    })
    .parse(await api.post(apiPath('Admin', 'TallyWebhooks', logId, 'Replay')));

const noticeSchema = z.object({
  NoticeId: z.string(),
  PatientUserId: z.string(),
  NutritionistUserId: z.string(),
  PatientName: z.string().nullable(),
  NutritionistName: z.string().nullable(),
  SentAt: z.string(),
  Status: z.enum(WHATSAPP_NOTICE_STATUSES),
  StatusAt: z.string(),
  StatusTimes: z.record(z.string(), z.string()),
  FailureCode: z.number().nullable(),
  FailureReason: z.string().nullable(),
});
export type WhatsAppNotice = z.infer<typeof noticeSchema>;

export interface WhatsAppFilters {
  status?: WhatsAppNoticeStatus;
  nutritionistUserId?: string;
  patientUserId?: string;
  from?: string;
  to?: string;
}

export const useWhatsAppNotices = (filters: WhatsAppFilters) => {
  const { items, ...list } = useCursorList(
    '/Admin/Whatsapp',
    { limit: PAGE_SIZE, ...filters },
    async ([path, query]) => listOf(noticeSchema).parse(await api.get(path, { query })),
  );
  return { ...list, notices: items ?? [] };
};

const bouncedMailSchema = z.object({
  SesMessageId: z.string(),
  UserId: z.string(),
  UserName: z.string().nullable(),
  IsPatient: z.boolean(),
  Subject: z.string().nullable(),
  SentAt: z.string(),
  LastEvent: z.string(),
  LastEventAt: z.string(),
});
export type BouncedMail = z.infer<typeof bouncedMailSchema>;

export const useBouncedMails = () => {
  const { items, ...list } = useCursorList(
    '/Admin/Mails/Bounced',
    { limit: PAGE_SIZE },
    async ([path, query]) => listOf(bouncedMailSchema).parse(await api.get(path, { query })),
  );
  return { ...list, mails: items ?? [] };
};
