/**
 * Google Calendar of a partner nutritionist (docs/product.md#google-calendar): the connection's view, the
 * OAuth callback and the choice of calendars, shared by the page and the handlers.
 */
import * as z from 'zod';
import { validationTexts } from './texts';

export const googleCalendarTexts = {
  partnersOnly: 'Il collegamento con Google Calendar è riservato ai nutrizionisti partner.',
  notConfigured: 'Il collegamento con Google Calendar non è disponibile in questo momento.',
  notConnected: 'Google Calendar non è collegato.',
  stateInvalid:
    'La richiesta di collegamento non è valida o è scaduta: ricomincia da «Collega Google Calendar».',
  grantRefused: 'Google non ha confermato il collegamento: ricomincia da «Collega Google Calendar».',
  unavailable: 'Google Calendar non risponde: riprova tra qualche minuto.',
  unknownCalendar: 'Scegli un calendario del tuo account Google.',
  targetNotWritable: 'Su questo calendario non puoi scrivere: scegline uno tuo.',
  busyRequired: 'Scegli almeno un calendario da cui leggere gli impegni.',
  warningUnavailable:
    'Google Calendar non ha risposto: ai pazienti mostriamo solo la tua disponibilità, senza togliere gli impegni di Google.',
  warningRefused:
    'Google ha revocato l’accesso al tuo calendario (o è scaduto): ai pazienti mostriamo solo la tua disponibilità. Scollega e ricollega Google Calendar.',
} as const;

export const googleCalendarCallbackSchema = z.strictObject({
  Code: z.string({ error: validationTexts.required }).min(1, { error: validationTexts.required }).max(2048),
  State: z.string({ error: validationTexts.required }).min(1, { error: validationTexts.required }).max(200),
});
export type GoogleCalendarCallbackRequest = z.infer<typeof googleCalendarCallbackSchema>;

const calendarId = z.string().min(1).max(1024);
export const googleCalendarChoiceSchema = z.strictObject({
  BusyCalendarIds: z
    .array(calendarId)
    .min(1, { error: googleCalendarTexts.busyRequired })
    .max(20, { error: validationTexts.invalidValue }),
  TargetCalendarId: calendarId,
});
export type GoogleCalendarChoiceRequest = z.infer<typeof googleCalendarChoiceSchema>;

export interface GoogleCalendarEntryView {
  Id: string;
  Summary: string;
  Primary: boolean;
  Writable: boolean;
}

/** GET CurrentNutritionist/GoogleCalendar. */
export interface GoogleCalendarView {
  Connected: boolean;
  /** The account's calendars, read live from Google (empty when not connected or Google did not answer). */
  Calendars: GoogleCalendarEntryView[];
  BusyCalendarIds: string[];
  TargetCalendarId: string | null;
  /** Why the slots currently ignore Google (docs/product.md#google-calendar), in Italian; null if they do not. */
  Warning: string | null;
}

/** POST CurrentNutritionist/GoogleCalendar/Authorization: where the browser goes to give consent. */
export interface GoogleCalendarAuthorization {
  AuthorizationUrl: string;
}

/** DELETE CurrentNutritionist/GoogleCalendar. */
export interface GoogleCalendarDisconnection {
  /** False when Google could not be reached or no longer knew the grant: the page says how to revoke there. */
  RevokedAtGoogle: boolean;
}
