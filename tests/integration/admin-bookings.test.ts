/**
 * The back office's bookings (docs/product.md#back-office-bookings) on the running local stack: every
 * filter narrows to exactly the matching bookings, the routes refuse other roles and bad input in Italian,
 * each admin action changes the booking and leaves its history event and audit entry, mails carry their
 * delivery status into the history, and a patient's booking events come newest first.
 */
import { describe, expect, it } from 'vitest';
import {
  BookingStatus,
  BookingType,
  type AdminBookingDetail,
  type BookingView,
  type CursorPage,
} from '@nutri/shared';
import { api, createTestUser, login, waitForMail } from './support/api';
import { eventually } from './support/outbox';
import {
  bookStartedVisit,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from './support/visits';

const REASON = 'Richiesta del paziente al telefono';

describe('back-office bookings', () => {
  it('filters, pages, exports, acts with audit and records the history', async () => {
    const adminUser = await createTestUser(['BusinessAdmin']);
    const admin = (await login(adminUser.email, adminUser.password)).accessToken;
    const nutritionist = await createNutritionist();
    const other = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Ada Filtri');
    const othersPatient = await createPatientOf(other.id, 'Bruno Filtri');

    const intro = await bookVisitFor(nutritionist, patient.id, BookingType.FREE, `${romeDateIn(5)}T09:00`);
    const visit = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${romeDateIn(6)}T10:00`);
    const othersVisit = await bookVisitFor(
      other,
      othersPatient.id,
      BookingType.NORMAL,
      `${romeDateIn(6)}T10:00`,
    );

    const list = async (query: string, token = admin) => {
      const result = await api<CursorPage<BookingView>>('GET', `Admin/Bookings?${query}`, { token });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body;
    };
    const ids = (page: CursorPage<BookingView>) => page.Data.map((booking) => booking.BookingId);
    const mine = `nutritionistUserId=${nutritionist.id}`;

    expect(ids(await list(mine))).toEqual([visit.BookingId, intro.BookingId]);
    expect(ids(await list(`${mine}&order=asc`))).toEqual([intro.BookingId, visit.BookingId]);
    expect(ids(await list(`${mine}&statusId=${BookingStatus.WAITINGFORPAYMENT}`))).toEqual([visit.BookingId]);
    expect(ids(await list(`${mine}&bookingTypeId=${BookingType.FREE}`))).toEqual([intro.BookingId]);
    expect(ids(await list(`${mine}&paid=false`))).toEqual([visit.BookingId]);
    expect(ids(await list(`${mine}&paid=true`))).toEqual([]);
    expect(ids(await list(`${mine}&from=${romeDateIn(5)}&to=${romeDateIn(5)}`))).toEqual([intro.BookingId]);
    expect(ids(await list(`patientUserId=${othersPatient.id}`))).toEqual([othersVisit.BookingId]);
    const waiting = await list(`statusId=${BookingStatus.WAITINGFORPAYMENT}&limit=50`);
    expect(waiting.Data.every((booking) => booking.BookingStatusId === BookingStatus.WAITINGFORPAYMENT)).toBe(
      true,
    );
    // Every booking, newest appointment first, in pages joined by the cursor.
    const first = await list(`${mine}&limit=1`);
    expect(ids(first)).toEqual([visit.BookingId]);
    const second = await list(`${mine}&limit=1&cursor=${encodeURIComponent(first.NextCursor!)}`);
    expect(ids(second)).toEqual([intro.BookingId]);
    // A cursor of one filter is refused on another.
    const replayed = await api(
      'GET',
      `Admin/Bookings?limit=1&cursor=${encodeURIComponent(first.NextCursor!)}`,
      {
        token: admin,
      },
    );
    expect(replayed.status).toBe(400);

    const csv = await fetch(
      `${(await import('./support/api')).stack.baseUrl}/api/v2/Admin/Bookings/Export?${mine}`,
      { headers: { Authorization: `Bearer ${admin}` } },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Id;Data;Ora;Stato');
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([
      visit.BookingId,
      intro.BookingId,
    ]);

    const act = (id: number, action: string, body: unknown) =>
      api<AdminBookingDetail & { message?: string; Errors?: Record<string, string[]> }>(
        'POST',
        `Admin/Bookings/${id}/${action}`,
        { token: admin, body },
      );

    // Cancel with a reason: the nutritionist's policy, the history names the admin and the reason.
    const cancelled = await act(intro.BookingId, 'Cancel', { CancelReasonId: 1, Reason: REASON });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.Booking.BookingStatusId).toBe(BookingStatus.CANCELLED);
    const cancelEvent = cancelled.body.History.find((event) => event.Kind === 'cancelled');
    expect(cancelEvent).toMatchObject({
      ActorRole: 'BusinessAdmin',
      ActorUserId: adminUser.id,
      Reason: REASON,
    });
    expect(cancelled.body.History.find((event) => event.Kind === 'created')).toMatchObject({
      ActorRole: 'Nutritionist',
      ActorUserId: nutritionist.id,
    });
    expect(cancelled.body.Audit[0]).toMatchObject({
      Action: 'booking.cancel',
      ActorUserId: adminUser.id,
      Reason: REASON,
    });

    // Both sides are told that the service cancelled, not the nutritionist.
    const patientMail = await waitForMail(patient.email, (mail) =>
      mail.subject.startsWith('Appuntamento annullato'),
    );
    expect(patientMail.body.text).toContain('Il servizio clienti di Nutrì ha annullato il tuo appuntamento');
    await waitForMail(nutritionist.email, (mail) =>
      mail.subject.startsWith('Appuntamento annullato dal servizio clienti'),
    );

    // Move, then send the payment link again: the patient gets it and its delivery shows in the history.
    const moved = await act(visit.BookingId, 'Move', {
      BookingTime: `${romeDateIn(7)}T11:00`,
      Reason: REASON,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.History[0]).toMatchObject({ Kind: 'moved', ActorRole: 'BusinessAdmin' });
    expect(moved.body.Audit.map((entry) => entry.Action)).toContain('booking.move');
    const linked = await act(visit.BookingId, 'SendPaymentLink', { Reason: REASON });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.History[0]).toMatchObject({ Kind: 'payment-link', Reason: REASON });
    await waitForMail(patient.email, (mail) => mail.subject === 'Il link per pagare il tuo appuntamento');
    const delivered = await eventually(
      async () =>
        (await api<AdminBookingDetail>('GET', `Admin/Bookings/${visit.BookingId}`, { token: admin })).body,
      (detail) =>
        detail.History.some(
          (event) =>
            event.Kind === 'mail' &&
            event.Details.MailKind === 'booking-payment-link' &&
            typeof event.Details.LastEvent === 'string',
        ),
      'the payment-link mail with its delivery status',
    );
    expect(delivered.History.filter((event) => event.Kind === 'mail').length).toBeGreaterThanOrEqual(2);

    // Complete: refused before the visit starts, done once it has.
    expect((await act(intro.BookingId, 'Complete', { Reason: REASON })).status).toBe(422);
    const started = await bookStartedVisit(nutritionist, patient.id, BookingType.MEALPLAN);
    const completed = await act(started.BookingId, 'Complete', { Reason: REASON });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.Booking.BookingStatusId).toBe(BookingStatus.COMPLETE);
    expect(completed.body.History[0]).toMatchObject({ Kind: 'completed', ActorRole: 'BusinessAdmin' });

    // The patient's booking events, newest first, one Query (the patient timeline builds on it).
    const { listPatientBookingEvents } = await import('../../functions/src/bookings');
    const events = await listPatientBookingEvents(patient.id, { limit: 50 });
    const times = events.map((event) => event.At);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(events.map((event) => event.BookingId))).toEqual(
      new Set([intro.BookingId, visit.BookingId, started.BookingId]),
    );
    const older = await listPatientBookingEvents(patient.id, { limit: 50, before: events[1]!.At });
    expect(older.every((event) => event.At < events[1]!.At)).toBe(true);
  });

  it('refuses other roles, bad input in Italian and unknown bookings', async () => {
    const adminUser = await createTestUser(['BusinessAdmin']);
    const admin = (await login(adminUser.email, adminUser.password)).accessToken;
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Carla Ruoli');
    const visit = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${romeDateIn(8)}T10:00`);
    const routes: [string, string, unknown][] = [
      ['GET', 'Admin/Bookings', undefined],
      ['GET', 'Admin/Bookings/Export', undefined],
      ['GET', `Admin/Bookings/${visit.BookingId}`, undefined],
      ['POST', `Admin/Bookings/${visit.BookingId}/Cancel`, { CancelReasonId: 1, Reason: REASON }],
      [
        'POST',
        `Admin/Bookings/${visit.BookingId}/Move`,
        { BookingTime: `${romeDateIn(9)}T10:00`, Reason: REASON },
      ],
      ['POST', `Admin/Bookings/${visit.BookingId}/Complete`, { Reason: REASON }],
      ['POST', `Admin/Bookings/${visit.BookingId}/SendPaymentLink`, { Reason: REASON }],
      ['GET', 'Patients/Search?userInput=carla', undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      for (const token of [patient.token, nutritionist.token])
        expect((await api(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    // Nothing happened to the booking.
    const detail = await api<AdminBookingDetail>('GET', `Admin/Bookings/${visit.BookingId}`, {
      token: admin,
    });
    expect(detail.body.Booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
    // The creation's own mail goes through the outbox and may be in the history by now, or not yet.
    expect(detail.body.History.filter((event) => event.Kind !== 'mail').map((event) => event.Kind)).toEqual([
      'created',
    ]);

    const bad = async (method: string, path: string, body?: unknown) => {
      const result = await api<{ message: string; Errors?: Record<string, string[]> }>(method, path, {
        token: admin,
        body,
      });
      expect(result.status, `${method} ${path}`).toBe(400);
      return result.body;
    };
    expect((await bad('GET', 'Admin/Bookings?statusId=9')).Errors?.statusId).toBeDefined();
    expect((await bad('GET', 'Admin/Bookings?paid=forse')).Errors?.paid).toEqual([
      'Scegli pagato o non pagato',
    ]);
    expect((await bad('GET', `Admin/Bookings?from=${romeDateIn(3)}&to=${romeDateIn(1)}`)).Errors?.to).toEqual(
      ['La data di inizio deve precedere quella di fine'],
    );
    expect((await bad('GET', 'Admin/Bookings?colore=rosso')).message).toMatch(/[a-zà-ù]/);
    const noReason = await bad('POST', `Admin/Bookings/${visit.BookingId}/Cancel`, { CancelReasonId: 1 });
    expect(noReason.Errors?.Reason).toEqual(['Scrivi il motivo dell’operazione (almeno 5 caratteri)']);
    const shortReason = await bad('POST', `Admin/Bookings/${visit.BookingId}/Complete`, { Reason: 'ok' });
    expect(shortReason.Errors?.Reason).toEqual(['Scrivi il motivo dell’operazione (almeno 5 caratteri)']);
    const noCancelReason = await bad('POST', `Admin/Bookings/${visit.BookingId}/Cancel`, { Reason: REASON });
    expect(noCancelReason.Errors?.CancelReasonId).toEqual(['Scegli il motivo dell’annullamento']);
    await bad('POST', `Admin/Bookings/${visit.BookingId}/Move`, { BookingTime: 'domani', Reason: REASON });
    await bad('GET', 'Patients/Search?limit=500');
    // Only free meetings can be cancelled for the patient's absence.
    expect(
      (await bad('POST', `Admin/Bookings/${visit.BookingId}/Cancel`, { CancelReasonId: 3, Reason: REASON }))
        .Errors?.cancelReasonId,
    ).toBeDefined();

    expect((await api('GET', 'Admin/Bookings/999999999', { token: admin })).status).toBe(404);
    const paidLink = await api('POST', `Admin/Bookings/${visit.BookingId}/Complete`, {
      token: admin,
      body: { Reason: REASON },
    });
    expect(paidLink.status).toBe(422);
  });
});
