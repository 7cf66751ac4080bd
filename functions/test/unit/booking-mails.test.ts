import { describe, expect, it } from 'vitest';
import { romeInstant } from '@nutri/shared';
import { mailRecipients } from '../../src/bookings/booking-effects';
import {
  bookingMail,
  bookingMessageBody,
  nutritionistReference,
  romeDayTimeLabel,
  type BookingMailInput,
  type BookingSnapshot,
} from '../../src/bookings/booking-mails';

const paidVisit: BookingSnapshot = {
  BookingId: 42,
  BookingTime: romeInstant('2026-12-10', '18:30').toISOString(),
  PreviousBookingTime: null,
  BookingTypeId: 2,
  BookingStatusId: 4,
  Duration: 50,
  TotalPaymentAmount: 5500,
  RefundOwed: false,
  ScheduledAt: romeInstant('2026-12-01', '12:00').toISOString(),
};

const input = (overrides: Partial<BookingMailInput> = {}): BookingMailInput => ({
  event: 'created',
  by: 'nutritionist',
  booking: paidVisit,
  urgent: false,
  recipientName: 'Paola',
  patientName: 'Paola Bianchi',
  nutritionistName: 'Chiara Verdi',
  nutritionistPersonalTitle: 'dottoressa',
  baseUrl: 'https://nutri.example',
  ...overrides,
});

describe('dates and names', () => {
  it('writes Rome wall-clock dates in Italian, also on the daylight-saving days', () => {
    expect(romeDayTimeLabel(paidVisit.BookingTime)).toBe('giovedì 10 dicembre 2026 alle 18:30');
    expect(romeDayTimeLabel(romeInstant('2027-03-28', '03:00'))).toBe('domenica 28 marzo 2027 alle 03:00');
    expect(romeDayTimeLabel(romeInstant('2027-10-31', '09:00'))).toBe('domenica 31 ottobre 2027 alle 09:00');
  });

  it('refers to the nutritionist with the title of their profile', () => {
    expect(nutritionistReference('Chiara Verdi', 'dottoressa')).toEqual({
      subject: 'la Dott.sa Chiara Verdi',
      Subject: 'La Dott.sa Chiara Verdi',
      with: 'con la Dott.sa Chiara Verdi',
      to: 'alla Dott.sa Chiara Verdi',
    });
    expect(nutritionistReference('Marco Neri', null).to).toBe('al Dott. Marco Neri');
  });
});

describe('booking mails', () => {
  it('asks the patient to pay a new paid visit by its deadline, with a button to the agenda', () => {
    const mail = bookingMail(input(), 'patient')!;
    expect(mail.subject).toBe('Nuovo appuntamento: completa il pagamento per confermarlo');
    expect(mail.text).toContain('Ciao Paola,');
    expect(mail.text).toContain('La Dott.sa Chiara Verdi ha fissato un appuntamento per te.');
    expect(mail.text).toContain(
      'Visita Nutrizionale: giovedì 10 dicembre 2026 alle 18:30 (ora italiana), durata 50 minuti, importo 55,00\u00a0€.',
    );
    expect(mail.text).toContain('entro martedì 8 dicembre 2026 alle 18:30');
    expect(mail.text).toContain('Paga ora: https://nutri.example/Patients/Agenda/42');
  });

  it('tells the nutritionist only what the patient did, with a link to their booking page', () => {
    expect(bookingMail(input(), 'nutritionist')).toBeNull();
    const booked = bookingMail(input({ by: 'patient', recipientName: 'Chiara' }), 'nutritionist')!;
    expect(booked.subject).toBe('Nuova prenotazione: Paola Bianchi, giovedì 10 dicembre 2026 alle 18:30');
    expect(booked.text).toContain('https://nutri.example/AreaNutritionists/Bookings/42');
    expect(bookingMail(input({ event: 'cancelled' }), 'nutritionist')).toBeNull();
    expect(bookingMail(input({ event: 'cancelled', by: 'patient' }), 'nutritionist')!.subject).toBe(
      'Appuntamento annullato da Paola Bianchi',
    );
    expect(bookingMail(input({ event: 'completed' }), 'nutritionist')).toBeNull();
  });

  it('says what a cancellation means for the money', () => {
    const refunded = bookingMail(
      input({ event: 'cancelled', booking: { ...paidVisit, BookingStatusId: 3, RefundOwed: true } }),
      'patient',
    )!;
    expect(refunded.text).toContain('Riceverai il rimborso completo dell’importo pagato.');
    const withFee = bookingMail(
      input({ event: 'cancelled', booking: { ...paidVisit, BookingStatusId: 5 } }),
      'patient',
    )!;
    expect(withFee.text).toContain('la visita è considerata svolta');
    expect(withFee.text).not.toContain('rimborso completo');
  });

  it('shows the old and the new time of a moved visit', () => {
    const moved = bookingMail(
      input({
        event: 'modified',
        booking: { ...paidVisit, PreviousBookingTime: romeInstant('2026-12-09', '09:00').toISOString() },
      }),
      'patient',
    )!;
    expect(moved.subject).toBe('Appuntamento spostato: giovedì 10 dicembre 2026 alle 18:30');
    expect(moved.text).toContain('prima era mercoledì 9 dicembre 2026 alle 09:00');
  });

  it('says the service changed it when the back office cancels or moves, and tells both sides', () => {
    const bySupport = { by: 'nutritionist' as const, bySupport: true };
    expect(mailRecipients('cancelled', 'nutritionist', true)).toEqual(['patient', 'nutritionist']);
    expect(mailRecipients('modified', 'nutritionist', true)).toEqual(['patient', 'nutritionist']);
    const cancelled = bookingMail(input({ event: 'cancelled', ...bySupport }), 'patient')!;
    expect(cancelled.text).toContain(
      'Il servizio clienti di Nutrì ha annullato il tuo appuntamento (Visita Nutrizionale) di giovedì 10 dicembre 2026 alle 18:30 con la Dott.sa Chiara Verdi.',
    );
    const told = bookingMail(
      input({ event: 'cancelled', ...bySupport, recipientName: 'Chiara' }),
      'nutritionist',
    )!;
    expect(told.subject).toBe(
      'Appuntamento annullato dal servizio clienti: Paola Bianchi, giovedì 10 dicembre 2026 alle 18:30',
    );
    expect(told.text).toContain('L’orario è di nuovo libero nel tuo calendario.');
    const previous = romeInstant('2026-12-09', '09:00').toISOString();
    const moved = { ...paidVisit, PreviousBookingTime: previous };
    expect(
      bookingMail(input({ event: 'modified', ...bySupport, booking: moved }), 'patient')!.text,
    ).toContain(
      'Il servizio clienti di Nutrì ha spostato il tuo appuntamento (Visita Nutrizionale) con la Dott.sa Chiara Verdi.',
    );
    const movedForNutritionist = bookingMail(
      input({ event: 'modified', ...bySupport, booking: moved }),
      'nutritionist',
    )!;
    expect(movedForNutritionist.text).toContain('prima era mercoledì 9 dicembre 2026 alle 09:00');
    // The nutritionist's own move still mails only the patient.
    expect(bookingMail(input({ event: 'modified', booking: moved }), 'nutritionist')).toBeNull();
  });

  it('words the payment reminder as urgent at 3 days or less', () => {
    const ordinary = bookingMail(input({ event: 'payment-reminder', by: 'system' }), 'patient')!;
    expect(ordinary.subject).toBe('Promemoria: completa il pagamento del tuo appuntamento');
    expect(ordinary.text).toContain('entro 2 giorni dall’appuntamento');
    const urgent = bookingMail(input({ event: 'payment-reminder', by: 'system', urgent: true }), 'patient')!;
    expect(urgent.subject).toBe(
      'Urgente: paga entro martedì 8 dicembre 2026 alle 18:30 per non perdere l’appuntamento',
    );
  });

  it('reminds the appointment the day before and asks for a review once completed', () => {
    const booked = { ...paidVisit, BookingStatusId: 1 as const };
    const reminder = bookingMail(
      input({ event: 'appointment-reminder', by: 'system', booking: booked }),
      'patient',
    )!;
    expect(reminder.subject).toBe('Promemoria: domani alle 18:30 il tuo appuntamento');
    const completed = bookingMail(input({ event: 'completed', booking: booked }), 'patient')!;
    expect(completed.text).toContain(
      'Lascia una recensione: https://nutri.example/Patients/Agenda/42/Review',
    );
  });

  it('explains an expiry to both', () => {
    expect(bookingMail(input({ event: 'expired', by: 'system' }), 'patient')!.text).toContain(
      'è stato annullato perché il pagamento non è arrivato entro la scadenza (martedì 8 dicembre 2026 alle 18:30)',
    );
    expect(bookingMail(input({ event: 'expired', by: 'system' }), 'nutritionist')!.text).toContain(
      'L’orario è di nuovo libero nel tuo calendario.',
    );
  });

  it('escapes names in the HTML version', () => {
    const mail = bookingMail(input({ recipientName: '<b>Paola</b>' }), 'patient')!;
    expect(mail.html).toContain('Ciao &lt;b&gt;Paola&lt;/b&gt;,');
  });
});

describe('who is mailed', () => {
  it('the patient about every change, the nutritionist about what they did not do', () => {
    expect(mailRecipients('created', 'nutritionist')).toEqual(['patient']);
    expect(mailRecipients('created', 'patient')).toEqual(['patient', 'nutritionist']);
    expect(mailRecipients('cancelled', 'patient')).toEqual(['patient', 'nutritionist']);
    expect(mailRecipients('completed', 'nutritionist')).toEqual(['patient']);
    expect(mailRecipients('expired', 'system')).toEqual(['patient', 'nutritionist']);
    expect(mailRecipients('payment-reminder', 'system')).toEqual(['patient']);
    expect(mailRecipients('appointment-reminder', 'system')).toEqual(['patient']);
  });
});

describe('chat message bodies', () => {
  it('summarise the booking event in one line', () => {
    expect(bookingMessageBody('BookingCreated', paidVisit)).toBe(
      'Appuntamento fissato: Visita Nutrizionale, giovedì 10 dicembre 2026 alle 18:30. In attesa di pagamento.',
    );
    expect(bookingMessageBody('BookingExpired', paidVisit)).toBe(
      'Appuntamento annullato per mancato pagamento: Visita Nutrizionale di giovedì 10 dicembre 2026 alle 18:30.',
    );
    expect(bookingMessageBody('PaymentCompleted', paidVisit)).toBe(
      'Pagamento ricevuto, appuntamento del 10/12/2026 è confermato!',
    );
  });
});

describe('mails that promise the call', () => {
  const room = 'https://nutri.example/Patients/Agenda/42/VideoRoom';

  it('point to the video room: the confirmation names it, the reminder of the day before opens it', () => {
    const confirmed = bookingMail(input({ booking: { ...paidVisit, BookingStatusId: 1 } }), 'patient')!;
    expect(confirmed.text).toContain(room);
    expect(confirmed.text).toContain('da 15 minuti prima dell’inizio');
    const reminder = bookingMail(
      input({ event: 'appointment-reminder', booking: { ...paidVisit, BookingStatusId: 1 } }),
      'patient',
    )!;
    expect(reminder.html).toContain(`href="${room}"`);
    expect(reminder.html).toContain('Entra nella videochiamata');
  });
});
