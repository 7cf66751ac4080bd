/**
 * The business dashboards (docs/product.md#business-dashboards): the six views' query schemas, shapes and
 * labels, shared by the back office's pages and the handlers.
 */
import * as z from 'zod';
import { calendarDateSchema } from './booking-api';

export const dashboardTexts = {
  invalidMonth: 'Mese non valido (AAAA-MM)',
  invalidRange: 'La data di inizio deve precedere quella di fine',
  monthRangeTooLong: 'Scegli al massimo 36 mesi',
  dayRangeTooLong: 'Scegli al massimo 400 giorni',
  invalidDimension: 'Dimensione non valida',
  sameDimensions: 'Righe e colonne devono essere dimensioni diverse',
  invalidMeasure: 'Misura non valida',
  nutritionistRequired: 'Scegli un nutrizionista',
  invalidPage: 'Pagina non valida',
} as const;

export const DASHBOARD_MAX_MONTHS = 36;
export const DASHBOARD_MAX_DAYS = 400;

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: dashboardTexts.invalidMonth });
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const DAY_MS = 86_400_000;
const dayIndex = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export const monthRangeSchema = z
  .strictObject({ from: monthSchema, to: monthSchema })
  .refine((query) => query.from <= query.to, { error: dashboardTexts.invalidRange, path: ['to'] })
  .refine((query) => monthIndex(query.to) - monthIndex(query.from) < DASHBOARD_MAX_MONTHS, {
    error: dashboardTexts.monthRangeTooLong,
    path: ['from'],
  });
export type MonthRangeQuery = z.infer<typeof monthRangeSchema>;

const dayRangeShape = { from: calendarDateSchema, to: calendarDateSchema };
const dayRangeRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((query) => query.from <= query.to, { error: dashboardTexts.invalidRange, path: ['to'] })
    .refine((query) => dayIndex(query.to) - dayIndex(query.from) < DASHBOARD_MAX_DAYS, {
      error: dashboardTexts.dayRangeTooLong,
      path: ['from'],
    });

export const dayRangeSchema = dayRangeRules(z.strictObject(dayRangeShape));
export type DayRangeQuery = z.infer<typeof dayRangeSchema>;

export const PIVOT_DIMENSIONS = ['nutritionist', 'month', 'bookingType', 'status', 'source'] as const;
export type PivotDimension = (typeof PIVOT_DIMENSIONS)[number];
export const PIVOT_MEASURES = ['count', 'revenue'] as const;
export type PivotMeasure = (typeof PIVOT_MEASURES)[number];

export const pivotDimensionLabels: Record<PivotDimension, string> = {
  nutritionist: 'Nutrizionista',
  month: 'Mese',
  bookingType: 'Tipo di appuntamento',
  status: 'Stato',
  source: 'Provenienza del paziente',
};
export const pivotMeasureLabels: Record<PivotMeasure, string> = {
  count: 'Numero di appuntamenti',
  revenue: 'Incasso netto (EUR)',
};

/** How a patient reached their nutritionist (docs/product.md#business-dashboards). */
export const patientSourceLabels: Record<string, string> = {
  questionnaire: 'Questionario',
  rematch: 'Abbinamento successivo',
  admin: 'Assegnato dal back office',
  none: 'Senza nutrizionista',
};

export const pivotQuerySchema = z
  .strictObject({
    from: monthSchema,
    to: monthSchema,
    rows: z.enum(PIVOT_DIMENSIONS, { error: dashboardTexts.invalidDimension }).default('nutritionist'),
    columns: z.enum(PIVOT_DIMENSIONS, { error: dashboardTexts.invalidDimension }).default('month'),
    measure: z.enum(PIVOT_MEASURES, { error: dashboardTexts.invalidMeasure }).default('count'),
  })
  .refine((query) => query.from <= query.to, { error: dashboardTexts.invalidRange, path: ['to'] })
  .refine((query) => monthIndex(query.to) - monthIndex(query.from) < DASHBOARD_MAX_MONTHS, {
    error: dashboardTexts.monthRangeTooLong,
    path: ['from'],
  })
  .refine((query) => query.rows !== query.columns, {
    error: dashboardTexts.sameDimensions,
    path: ['columns'],
  });
export type PivotQuery = z.input<typeof pivotQuerySchema>;

export const patientTimelineQuerySchema = dayRangeRules(
  z.strictObject({
    ...dayRangeShape,
    nutritionistUserId: z
      .string({ error: dashboardTexts.nutritionistRequired })
      .trim()
      .min(1, { error: dashboardTexts.nutritionistRequired })
      .max(100),
    page: z.coerce
      .number({ error: dashboardTexts.invalidPage })
      .int({ error: dashboardTexts.invalidPage })
      .min(1, { error: dashboardTexts.invalidPage })
      .max(10_000, { error: dashboardTexts.invalidPage })
      .default(1),
  }),
);
export type PatientTimelineQuery = z.input<typeof patientTimelineQuerySchema>;
/**
 * Patients per page of the swimlane: a lane is about 30 px, and the names of a page are read by id on the
 * request (a nutritionist of a busy year has a thousand patients).
 */
export const PATIENT_TIMELINE_PAGE_SIZE = 25;

export const dailyPaymentsQuerySchema = dayRangeRules(
  z.strictObject({ ...dayRangeShape, day: calendarDateSchema.optional() }),
);
export type DailyPaymentsQuery = z.infer<typeof dailyPaymentsQuerySchema>;

export interface MonthlySummaryRow {
  Month: string;
  Questionnaires: number;
  Registrations: number;
  IntroBooked: number;
  IntroDone: number;
  FirstPaidVisits: number;
  PaidVisits: number;
  /** Cents. */
  Revenue: number;
  Refunds: number;
  /** Cents. */
  Refunded: number;
  Cancellations: number;
  CancellationsWithFee: number;
}

export const FUNNEL_STEP_LABELS = {
  questionnaire: 'Questionario',
  registered: 'Registrazione',
  introBooked: 'Conoscitivo prenotato',
  introDone: 'Conoscitivo svolto',
  firstPaid: 'Prima visita pagata',
  secondPaid: 'Seconda visita pagata',
} as const;
export type FunnelStepName = keyof typeof FUNNEL_STEP_LABELS;

export interface ConversionCohort {
  /** Monday of the cohort's week, `YYYY-MM-DD`. */
  Week: string;
  Counts: Record<FunnelStepName, number>;
  /** Each step over the one before it (null when the one before is 0); the first step has none. */
  Rates: Record<FunnelStepName, number | null>;
  /** Median whole days from the step before (null when nobody made both steps). */
  MedianDays: Record<FunnelStepName, number | null>;
}

export interface PivotTable {
  Measure: PivotMeasure;
  Rows: { Key: string; Label: string }[];
  Columns: { Key: string; Label: string }[];
  /** Values[row][column]; revenue in cents. */
  Values: number[][];
  RowTotals: number[];
  ColumnTotals: number[];
  Total: number;
}

export interface NutritionistConversionRate {
  NutritionistUserId: string;
  Name: string;
  /** Patients registered in the period with this nutritionist. */
  Patients: number;
  IntroDone: number;
  IntroToPaid: number;
  /** IntroToPaid over IntroDone, null when no intro was done. */
  ConversionRate: number | null;
  ThreeVisits: number;
  Cancellations: number;
  Ratings: number;
  AverageRating: number | null;
}

export interface TimelineVisit {
  BookingId: number;
  BookingTime: string;
  BookingTypeId: number;
  BookingStatusId: number;
}

export interface PatientTimelineRow {
  PatientUserId: string;
  Name: string;
  Visits: TimelineVisit[];
  /** The last visit held (completed) in the range, or null. */
  LastVisit: string | null;
}

export interface PatientTimeline {
  NutritionistUserId: string;
  Name: string;
  /** The page's patients, in the swimlane's order. */
  Patients: PatientTimelineRow[];
  /** Patients with a visit in the period, on every page. */
  PatientCount: number;
  Page: number;
  PageSize: number;
}

export interface DailyPaymentsDay {
  Date: string;
  Payments: number;
  /** Cents. */
  Amount: number;
  Refunds: number;
  Refunded: number;
  Net: number;
}

export interface DailyPaymentEntry {
  At: string;
  Kind: 'payment' | 'refund';
  BookingId: number;
  PatientName: string;
  NutritionistName: string;
  /** Cents. */
  Amount: number;
}

export interface DailyPayments {
  Days: DailyPaymentsDay[];
  Day: string | null;
  Entries: DailyPaymentEntry[];
}

export const DASHBOARD_VIEWS = [
  { path: 'MonthlySummary', title: 'Riepilogo mensile' },
  { path: 'ConversionTimeline', title: 'Conversioni per settimana' },
  { path: 'Pivot', title: 'Tabella pivot' },
  { path: 'NutritionistConversionRates', title: 'Conversioni per nutrizionista' },
  { path: 'NutritionistPatientTimeline', title: 'Pazienti di un nutrizionista' },
  { path: 'DailyPayments', title: 'Pagamenti giornalieri' },
] as const;
