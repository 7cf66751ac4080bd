/**
 * Request schemas and Italian texts of the booking, availability and reminder calls (docs/product.md#validation and #api),
 * used by the handlers and by the web forms alike.
 */
import * as z from 'zod';
import { TIME_PICKER_STEP_MINUTES } from './constants';
import { isLocalDateTime } from './local-date-time';
import { requiredMultiLineText } from './text';

export const bookingTexts = {
  slotTaken: 'L’orario scelto non è più disponibile: scegline un altro.',
  slotNotOffered: 'L’orario scelto non è tra quelli disponibili: scegline un altro.',
  intervalOverlap: 'L’intervallo si sovrappone a un altro intervallo dello stesso giorno.',
  intervalOrder: 'L’ora di inizio deve precedere l’ora di fine.',
  intervalPast: 'Non puoi aggiungere disponibilità nel passato.',
  timeStep: `Scegli un orario a passi di ${TIME_PICKER_STEP_MINUTES} minuti.`,
  invalidDate: 'Data non valida (AAAA-MM-GG).',
  invalidTime: 'Orario non valido (HH:mm).',
  invalidDateTime: 'Data e ora non valide (AAAA-MM-GGTHH:mm).',
  inThePast: 'Non puoi fissare un appuntamento nel passato.',
  notYourPatient: 'Puoi prenotare solo per i tuoi pazienti.',
  notYourself: 'Puoi creare appuntamenti solo nel tuo calendario.',
  noNutritionist: 'Non ti abbiamo ancora abbinato un nutrizionista.',
  introNotAllowed:
    'Non puoi prenotare un altro incontro conoscitivo: scrivi in chat al tuo nutrizionista per fissarne uno.',
  introAlreadyBooked: 'Hai già un incontro conoscitivo prenotato.',
  cannotCancel: 'Questo appuntamento non può essere annullato nel suo stato attuale.',
  cannotModify: 'Questo appuntamento non può essere spostato nel suo stato attuale.',
  cannotComplete: 'Solo un appuntamento confermato può essere completato.',
  completeBeforeStart: 'L’appuntamento non è ancora iniziato: potrai completarlo dall’ora di inizio.',
  reasonRequired: 'Scegli il motivo dell’annullamento.',
  reasonNotForType: 'Il motivo “Paziente assente” vale solo per gli incontri conoscitivi.',
  onlyIntroByPatient: 'Puoi annullare da qui solo il tuo incontro conoscitivo.',
  sameTime: 'L’appuntamento è già a quest’ora.',
} as const;

const isTimeOfDay = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
/** Minutes of the day of an `HH:mm` time. */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const onStep = (minutes: number) => minutes % TIME_PICKER_STEP_MINUTES === 0;

export const calendarDateSchema = z.string().refine(isCalendarDate, { error: bookingTexts.invalidDate });
export const timeOfDaySchema = z
  .string()
  .refine(isTimeOfDay, { error: bookingTexts.invalidTime })
  .refine((value) => !isTimeOfDay(value) || onStep(minutesOfDay(value)), { error: bookingTexts.timeStep });
/** A Rome wall-clock `YYYY-MM-DDTHH:mm`, on the 5-minute grid of the date-time picker. */
export const bookingTimeSchema = z
  .string()
  .refine(isLocalDateTime, { error: bookingTexts.invalidDateTime })
  .refine((value) => !isLocalDateTime(value) || onStep(minutesOfDay(value.slice(11))), {
    error: bookingTexts.timeStep,
  });

export const createIntervalSchema = z
  .strictObject({
    IntervalDate: calendarDateSchema,
    IntervalStart: timeOfDaySchema,
    IntervalEnd: timeOfDaySchema,
  })
  .refine((value) => minutesOfDay(value.IntervalStart) < minutesOfDay(value.IntervalEnd), {
    error: bookingTexts.intervalOrder,
    path: ['IntervalEnd'],
  });
export type CreateIntervalRequest = z.infer<typeof createIntervalSchema>;

export const selectedSlotSchema = z.strictObject({
  SelectedDate: calendarDateSchema,
  SelectedTime: timeOfDaySchema,
});

export const createBookingSchema = z.strictObject({
  PatientUserId: z.string().min(1).max(100),
  NutritionistUserId: z.string().min(1).max(100),
  BookingTypeId: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'Tipo di appuntamento non valido.',
  }),
  BookingTime: bookingTimeSchema,
});
export type CreateBookingRequest = z.infer<typeof createBookingSchema>;

export const modifyBookingTimeSchema = z.strictObject({ BookingTime: bookingTimeSchema });

export const REMINDER_DESCRIPTION_MAX = 1000;

export const createReminderSchema = z.strictObject({
  PatientUserId: z.string().min(1).max(100),
  Description: requiredMultiLineText(REMINDER_DESCRIPTION_MAX),
  Date: calendarDateSchema,
  Checked: z.boolean().default(false),
});
export type CreateReminderRequest = z.infer<typeof createReminderSchema>;

export const updateReminderSchema = z
  .strictObject({
    Checked: z.boolean().optional(),
    Description: requiredMultiLineText(REMINDER_DESCRIPTION_MAX).optional(),
  })
  .refine((value) => value.Checked !== undefined || value.Description !== undefined, {
    error: 'Indica Checked o Description.',
  });
