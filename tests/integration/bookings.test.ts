/**
 * Availability, slots, bookings and reminders on the running local stack: no double booking under
 * concurrency (lock items), every state-machine transition through the API, the 2-day rule at its
 * boundary, object-level authorization and availability validation.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  addRomeDays,
  bookingTexts,
  inRome,
  occupiedTimeUnits,
  romeDate,
  BookingStatus,
  BookingType,
  CancelReason,
  type CancelReasonId,
} from '@nutri/shared';
import { api } from './support/api';
import { handlerApiAt } from './support/in-process';
import { completeAtStart, createNutritionist, createPatientOf } from './support/visits';

/** The action path that cancels a booking for `reason`. */
const cancelPath = (reason: CancelReasonId) => `CancelBooking?cancelReasonId=${reason}`;

/** A nutritionist with a (hidden) profile, signed in. */
const newNutritionist = createNutritionist;

/** A patient of the given nutritionist at onboarding step 1, signed in, with a name of their own. */
const newPatient = async (nutritionistUserId: string) => {
  const patient = await createPatientOf(nutritionistUserId, `Paola Bianchi ${randomUUID().slice(0, 4)}`);
  return { ...patient, displayName: patient.name };
};

const patientProfile = async (userId: string) => {
  const { getPatientProfile } = await import('../../functions/src/onboarding/patients-repo');
  return (await getPatientProfile(userId))!;
};

/** `YYYY-MM-DDTHH:mm` (Rome) of now + the given minutes, rounded up to the 5-minute grid. */
const localTimeIn = (minutes: number) => {
  const unit = 5 * 60_000;
  const instant = Math.ceil((Date.now() + minutes * 60_000) / unit) * unit;
  return inRome(instant).format('YYYY-MM-DDTHH:mm');
};

const DAY = 24 * 60;

interface BookingBody {
  BookingId: number;
  BookingTime: string;
  BookingStatusId: number;
  BookingTypeId: number;
  RefundOwed: boolean;
  Price: number;
  TotalPaymentAmount: number;
  Duration: number;
  Patient: { DisplayName: string };
  Nutritionist: { DisplayName: string };
  BookingType: { Name: string };
}

const book = (
  nutritionist: { id: string; token: string },
  patientUserId: string,
  bookingTypeId: number,
  bookingTime: string,
) =>
  api<BookingBody>('POST', 'CurrentNutritionist/Bookings', {
    token: nutritionist.token,
    body: {
      PatientUserId: patientUserId,
      NutritionistUserId: nutritionist.id,
      BookingTypeId: bookingTypeId,
      BookingTime: bookingTime,
    },
  });

const action = (token: string, bookingId: number, path: string, body?: unknown) =>
  api<BookingBody & { message: string }>('POST', `CurrentNutritionist/Bookings/${bookingId}/${path}`, {
    token,
    ...(body ? { body } : {}),
  });

/** Simulates the payment (the payments area's job): WAITINGFORPAYMENT -> BOOKED, moving its job queue too. */
const markPaid = async (bookingId: number) => {
  const { db, tableName } = await import('../../functions/src/platform/db/client');
  const { BOOKING_QUEUES } = await import('../../functions/src/bookings/bookings-repo');
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `BOOKING#${bookingId}`, sk: 'BOOKING' },
      UpdateExpression: 'SET BookingStatusId = :booked, gsi3pk = :queue, version = version + :one',
      ExpressionAttributeValues: { ':booked': 1, ':queue': BOOKING_QUEUES[1], ':one': 1 },
    }),
  );
};

/** Every lock item belongs to a booking that still holds time and covers the lock's unit; none missing. */
const expectNoOrphanLocks = async (nutritionistUserId: string) => {
  const { listSlotLocks, listNutritionistBookingsBetween } =
    await import('../../functions/src/bookings/bookings-repo');
  const locks = await listSlotLocks(nutritionistUserId);
  const bookings = await listNutritionistBookingsBetween(nutritionistUserId, '0', '9');
  const holding = bookings.filter((booking) => [1, 2, 4].includes(booking.BookingStatusId));
  const expected = holding
    .flatMap((booking) =>
      occupiedTimeUnits(new Date(booking.BookingTime), booking.Duration).map(
        (unit) => `${unit}:${booking.BookingId}`,
      ),
    )
    .sort();
  expect(locks.map((lock) => `${lock.unit}:${lock.BookingId}`).sort()).toEqual(expected);
};

describe('DailyAvailabilities', () => {
  it('adds, lists and removes own intervals and keeps CalendarSlotsAvailable in step', async () => {
    const nutritionist = await newNutritionist();
    const other = await newNutritionist();
    const date = addRomeDays(romeDate(new Date()), 2);
    const { getNutritionistProfile } = await import('../../functions/src/nutritionists/public-profiles-repo');
    expect((await getNutritionistProfile(nutritionist.id))!.CalendarSlotsAvailable).toBe(false);

    const added = await api<{ IntervalId: number }>('POST', 'CurrentNutritionist/DailyAvailabilities', {
      token: nutritionist.token,
      body: { IntervalDate: date, IntervalStart: '09:00', IntervalEnd: '12:00' },
    });
    expect(added.status).toBe(201);
    expect((await getNutritionistProfile(nutritionist.id))!.CalendarSlotsAvailable).toBe(true);

    const overlap = await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
      token: nutritionist.token,
      body: { IntervalDate: date, IntervalStart: '11:55', IntervalEnd: '13:00' },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(bookingTexts.intervalOverlap);
    const touching = await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
      token: nutritionist.token,
      body: { IntervalDate: date, IntervalStart: '12:00', IntervalEnd: '13:00' },
    });
    expect(touching.status).toBe(201);

    const list = await api<{ Data: { IntervalId: number; IntervalStart: string }[] }>(
      'GET',
      'CurrentNutritionist/DailyAvailabilities',
      { token: nutritionist.token },
    );
    expect(list.body.Data.map((interval) => interval.IntervalStart)).toEqual(['09:00', '12:00']);
    const otherList = await api<{ Data: unknown[] }>('GET', 'CurrentNutritionist/DailyAvailabilities', {
      token: other.token,
    });
    expect(otherList.body.Data).toEqual([]);

    const stolen = await api('DELETE', `CurrentNutritionist/DailyAvailabilities/${added.body.IntervalId}`, {
      token: other.token,
    });
    expect(stolen.status).toBe(404);
    for (const interval of list.body.Data) {
      const removed = await api('DELETE', `CurrentNutritionist/DailyAvailabilities/${interval.IntervalId}`, {
        token: nutritionist.token,
      });
      expect(removed.status).toBe(204);
    }
    expect((await getNutritionistProfile(nutritionist.id))!.CalendarSlotsAvailable).toBe(false);
  });

  it('refuses invalid intervals with Italian messages', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const date = addRomeDays(romeDate(new Date()), 2);
    const post = (body: unknown, token = nutritionist.token) =>
      api<{ message: string; Errors?: Record<string, string[]> }>(
        'POST',
        'CurrentNutritionist/DailyAvailabilities',
        {
          token,
          body,
        },
      );
    const step = await post({ IntervalDate: date, IntervalStart: '09:03', IntervalEnd: '10:00' });
    expect(step.status).toBe(400);
    expect(step.body.Errors?.IntervalStart).toContain(bookingTexts.timeStep);
    const order = await post({ IntervalDate: date, IntervalStart: '10:00', IntervalEnd: '10:00' });
    expect(order.status).toBe(400);
    expect(order.body.Errors?.IntervalEnd).toContain(bookingTexts.intervalOrder);
    const past = await post({
      IntervalDate: addRomeDays(date, -3),
      IntervalStart: '09:00',
      IntervalEnd: '10:00',
    });
    expect(past.status).toBe(400);
    expect(past.body.Errors?.IntervalStart).toContain(bookingTexts.intervalPast);
    expect(
      (await post({ IntervalDate: '2026-02-30', IntervalStart: '09:00', IntervalEnd: '10:00' })).status,
    ).toBe(400);
    expect(
      (await post({ IntervalDate: date, IntervalStart: '09:00', IntervalEnd: '10:00' }, patient.token))
        .status,
    ).toBe(403);
  });
});

describe('slots and patient booking', () => {
  it('offers free slots, books an intro (step 2), hides the taken time and refuses a second intro', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const other = await newPatient(nutritionist.id);
    const date = addRomeDays(romeDate(new Date()), 2);
    await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
      token: nutritionist.token,
      body: { IntervalDate: date, IntervalStart: '09:00', IntervalEnd: '11:00' },
    });
    const intro = await api<Record<string, string[]>>(
      'GET',
      'CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit',
      {
        token: patient.token,
      },
    );
    expect(intro.body).toEqual({ [date]: ['09:00', '09:30', '10:00', '10:30'] });
    const paid = await api<Record<string, string[]>>(
      'GET',
      'CurrentPatient/AvailableSlots/GetSlotsForPaidVisit',
      {
        token: patient.token,
      },
    );
    expect(paid.body).toEqual({ [date]: ['09:00', '09:30', '10:00'] });

    const created = await api<{ BookingId: number }>(
      'POST',
      'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
      {
        token: patient.token,
        body: { SelectedDate: date, SelectedTime: '09:30' },
      },
    );
    expect(created.status).toBe(201);
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(2);
    const after = await api<Record<string, string[]>>(
      'GET',
      'CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit',
      {
        token: other.token,
      },
    );
    expect(after.body).toEqual({ [date]: ['09:00', '10:00', '10:30'] });

    const taken = await api<{ message: string }>(
      'POST',
      'CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot',
      {
        token: other.token,
        body: { SelectedDate: date, SelectedTime: '09:00' },
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(bookingTexts.slotTaken);
    const notOffered = await api('POST', 'CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot', {
      token: other.token,
      body: { SelectedDate: date, SelectedTime: '15:00' },
    });
    expect(notOffered.status).toBe(422);
    const second = await api<{ message: string }>(
      'POST',
      'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
      {
        token: patient.token,
        body: { SelectedDate: date, SelectedTime: '10:30' },
      },
    );
    expect(second.status).toBe(422);
    expect(second.body.message).toBe(bookingTexts.introAlreadyBooked);

    const agenda = await api<{ Data: BookingBody[] }>('GET', 'CurrentPatient/Bookings', {
      token: patient.token,
    });
    expect(agenda.body.Data).toHaveLength(1);
    expect(agenda.body.Data[0]).toMatchObject({
      BookingId: created.body.BookingId,
      BookingStatusId: BookingStatus.BOOKED,
      BookingTypeId: BookingType.FREE,
      BookingType: { Name: 'Incontro Conoscitivo' },
      Patient: { DisplayName: patient.displayName },
      Duration: 30,
      Price: 0,
    });
    await expectNoOrphanLocks(nutritionist.id);
  });

  it('lets exactly one of 50 simultaneous requests take a slot, 20 times over, leaving no orphan locks', async () => {
    const nutritionist = await newNutritionist();
    // The patients sign in five at a time: the contention under test is the booking, and a container
    // hashes one password at a time with a bounded queue (50 sign-ins at once would be refused with 429).
    const patients: Awaited<ReturnType<typeof newPatient>>[] = [];
    while (patients.length < 50)
      patients.push(...(await Promise.all(Array.from({ length: 5 }, () => newPatient(nutritionist.id)))));
    const days = [addRomeDays(romeDate(new Date()), 2), addRomeDays(romeDate(new Date()), 3)];
    for (const date of days) {
      const interval = await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
        token: nutritionist.token,
        body: { IntervalDate: date, IntervalStart: '08:00', IntervalEnd: '18:00' },
      });
      expect(interval.status).toBe(201);
    }
    for (let round = 0; round < 20; round += 1) {
      const date = days[round % 2]!;
      const time = `${String(8 + Math.floor(round / 2)).padStart(2, '0')}:00`;
      const results = await Promise.all(
        patients.map((patient) =>
          api<{ message?: string }>('POST', 'CurrentPatient/Bookings/CreatePaidVisitFromCalendarSlot', {
            token: patient.token,
            body: { SelectedDate: date, SelectedTime: time },
          }),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      for (const loser of results.filter((result) => result.status === 409))
        expect(loser.body.message).toBe(bookingTexts.slotTaken);
    }
    await expectNoOrphanLocks(nutritionist.id);
    const bookings = await api<{ Data: BookingBody[] }>('GET', 'CurrentNutritionist/Bookings?limit=50', {
      token: nutritionist.token,
    });
    expect(bookings.body.Data).toHaveLength(20);
    // 50 sign-ins and 1000 booking requests (the 20 winners also deliver their chat message and mails):
    // over two minutes on a loaded 2-core machine.
  }, 300_000);

  it('books visits of the same hours at once when they do not overlap, each with an id of its own', async () => {
    const nutritionist = await newNutritionist();
    const patients: Awaited<ReturnType<typeof newPatient>>[] = [];
    while (patients.length < 8)
      patients.push(...(await Promise.all(Array.from({ length: 4 }, () => newPatient(nutritionist.id)))));
    const date = addRomeDays(romeDate(new Date()), 2);
    const interval = await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
      token: nutritionist.token,
      body: { IntervalDate: date, IntervalStart: '09:00', IntervalEnd: '13:00' },
    });
    expect(interval.status).toBe(201);
    // Two 30-minute intros in each hour, all requested at the same moment: they share the hours' lock
    // items, and only overlapping time may be refused.
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const results = await Promise.all(
      patients.map((patient, n) =>
        api<{ BookingId: number }>(
          'POST',
          'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
          {
            token: patient.token,
            body: { SelectedDate: date, SelectedTime: times[n] },
          },
        ),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(times.map(() => 201));
    expect(new Set(results.map((result) => result.body.BookingId)).size).toBe(times.length);
    await expectNoOrphanLocks(nutritionist.id);
    const slots = await api<Record<string, string[]>>(
      'GET',
      'CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit',
      { token: (await newPatient(nutritionist.id)).token },
    );
    expect(slots.body[date]).toBeUndefined();
  });

  it('treats overlapping durations as a conflict and frees the time on cancel and move', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const base = localTimeIn(5 * DAY);
    const first = await book(nutritionist, patient.id, BookingType.NORMAL, base);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      BookingStatusId: BookingStatus.WAITINGFORPAYMENT,
      Price: 5500,
      TotalPaymentAmount: 5500,
      Duration: 50,
    });
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(4);
    const overlapping = await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(5 * DAY + 45));
    expect(overlapping.status).toBe(409);
    expect((overlapping.body as unknown as { message: string }).message).toBe(bookingTexts.slotTaken);
    expect(
      (await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(5 * DAY + 50))).status,
    ).toBe(201);

    const moved = await action(nutritionist.token, first.body.BookingId, 'ModifyBookingTime', {
      BookingTime: localTimeIn(6 * DAY),
    });
    expect(moved.status).toBe(200);
    expect(
      (await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(5 * DAY + 10))).status,
    ).toBe(201);
    const blocked = await action(nutritionist.token, first.body.BookingId, 'ModifyBookingTime', {
      BookingTime: localTimeIn(5 * DAY + 60),
    });
    expect(blocked.status).toBe(409);
    // Moving by a few minutes keeps the shared units and moves the rest.
    expect(
      (
        await action(nutritionist.token, first.body.BookingId, 'ModifyBookingTime', {
          BookingTime: localTimeIn(6 * DAY + 15),
        })
      ).status,
    ).toBe(200);
    await expectNoOrphanLocks(nutritionist.id);
    expect(
      (await action(nutritionist.token, first.body.BookingId, cancelPath(CancelReason.NUTRITIONIST_CHOICE)))
        .status,
    ).toBe(200);
    await expectNoOrphanLocks(nutritionist.id);
    expect((await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(6 * DAY + 15))).status).toBe(
      201,
    );
  });
});

describe('state machine through the API', () => {
  it('BOOKED intro: complete (step 3), then nothing more', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const intro = await book(nutritionist, patient.id, BookingType.FREE, localTimeIn(3 * DAY));
    expect(intro.body.BookingStatusId).toBe(BookingStatus.BOOKED);
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(2);
    const done = await completeAtStart(nutritionist, intro.body);
    expect(done.status).toBe(200);
    expect(done.body.BookingStatusId).toBe(BookingStatus.COMPLETE);
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(3);
    const again = await action(nutritionist.token, intro.body.BookingId, 'Complete');
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(bookingTexts.cannotComplete);
    const cancel = await action(
      nutritionist.token,
      intro.body.BookingId,
      cancelPath(CancelReason.NUTRITIONIST_CHOICE),
    );
    expect(cancel.status).toBe(422);
    expect(cancel.body.message).toBe(bookingTexts.cannotCancel);
    const move = await action(nutritionist.token, intro.body.BookingId, 'ModifyBookingTime', {
      BookingTime: localTimeIn(4 * DAY),
    });
    expect(move.status).toBe(422);
    expect(move.body.message).toBe(bookingTexts.cannotModify);
    // A completed booking keeps its time.
    await expectNoOrphanLocks(nutritionist.id);
  });

  it('a BOOKED visit cannot be completed before its start (Rome business clock), from its start it can', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const handOver = await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(3 * DAY));
    expect(handOver.body.BookingStatusId).toBe(BookingStatus.BOOKED);
    const early = await action(nutritionist.token, handOver.body.BookingId, 'Complete');
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(bookingTexts.completeBeforeStart);
    const start = new Date(handOver.body.BookingTime);
    const aMinuteBefore = await handlerApiAt<{ message: string }>(
      new Date(start.getTime() - 60_000),
      'POST',
      `CurrentNutritionist/Bookings/${handOver.body.BookingId}/Complete`,
      nutritionist.token,
    );
    expect(aMinuteBefore).toMatchObject({ status: 422, body: { message: bookingTexts.completeBeforeStart } });
    const stillBooked = await api<BookingBody>(
      'GET',
      `CurrentNutritionist/Bookings/${handOver.body.BookingId}`,
      {
        token: nutritionist.token,
      },
    );
    expect(stillBooked.body.BookingStatusId).toBe(BookingStatus.BOOKED);
    const atStart = await completeAtStart(nutritionist, handOver.body);
    expect(atStart.status).toBe(200);
    expect(atStart.body.BookingStatusId).toBe(BookingStatus.COMPLETE);
  });

  it('WAITINGFORPAYMENT: cannot be completed; can be moved and cancelled (CANCELLED, nothing owed)', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const paid = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(DAY));
    expect(paid.body.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
    expect((await action(nutritionist.token, paid.body.BookingId, 'Complete')).status).toBe(422);
    expect(
      (
        await action(nutritionist.token, paid.body.BookingId, 'ModifyBookingTime', {
          BookingTime: localTimeIn(DAY + 60),
        })
      ).status,
    ).toBe(200);
    const missingReason = await action(nutritionist.token, paid.body.BookingId, 'CancelBooking');
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.message).toBe(bookingTexts.reasonRequired);
    const absent = await action(
      nutritionist.token,
      paid.body.BookingId,
      cancelPath(CancelReason.PATIENT_ABSENT),
    );
    expect(absent.status).toBe(400);
    expect(absent.body.message).toBe(bookingTexts.reasonNotForType);
    const cancelled = await action(
      nutritionist.token,
      paid.body.BookingId,
      cancelPath(CancelReason.PATIENT_CHOICE),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ BookingStatusId: BookingStatus.CANCELLED, RefundOwed: false });
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(1);
    for (const [path, body] of [
      [cancelPath(CancelReason.NUTRITIONIST_CHOICE), undefined],
      ['Complete', undefined],
      ['ModifyBookingTime', { BookingTime: localTimeIn(2 * DAY) }],
    ] as const) {
      expect((await action(nutritionist.token, paid.body.BookingId, path, body)).status).toBe(422);
    }
    expect(
      (
        await action(nutritionist.token, paid.body.BookingId, 'ModifyBookingTime', {
          BookingTime: localTimeIn(-60),
        })
      ).status,
    ).toBe(422);
  });

  it('the 2-day rule at its boundary: paid in time -> CANCELLED with refund; paid late -> CANCELLEDWITHFEE', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const inTime = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(2 * DAY + 15));
    const late = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(2 * DAY - 60));
    expect(inTime.status).toBe(201);
    expect(late.status).toBe(201);
    await markPaid(inTime.body.BookingId);
    await markPaid(late.body.BookingId);
    const refunded = await action(
      nutritionist.token,
      inTime.body.BookingId,
      cancelPath(CancelReason.PATIENT_CHOICE),
    );
    expect(refunded.body).toMatchObject({ BookingStatusId: BookingStatus.CANCELLED, RefundOwed: true });
    const withFee = await action(
      nutritionist.token,
      late.body.BookingId,
      cancelPath(CancelReason.PATIENT_CHOICE),
    );
    expect(withFee.body).toMatchObject({
      BookingStatusId: BookingStatus.CANCELLEDWITHFEE,
      RefundOwed: false,
    });
    for (const path of [cancelPath(CancelReason.NUTRITIONIST_CHOICE), 'Complete']) {
      expect((await action(nutritionist.token, late.body.BookingId, path)).status).toBe(422);
    }
    // The late cancellation counts as done: the next paid visit is a recurring one (step 7).
    await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(9 * DAY));
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(7);
    await expectNoOrphanLocks(nutritionist.id);
  });

  it('a paid BOOKED visit can be completed (step 6)', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const visit = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(4 * DAY));
    await markPaid(visit.body.BookingId);
    expect((await completeAtStart(nutritionist, visit.body)).body.BookingStatusId).toBe(
      BookingStatus.COMPLETE,
    );
    expect((await patientProfile(patient.id)).OnboardingStep).toBe(6);
  });

  it('patient cancels their intro: in time it can be rebooked; late it sets HasLateCancelledIc', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const early = await book(nutritionist, patient.id, BookingType.FREE, localTimeIn(3 * DAY));
    const cancelled = await api<BookingBody>(
      'POST',
      `CurrentPatient/Bookings/${early.body.BookingId}/CancelIntroductionVisit`,
      {
        token: patient.token,
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.BookingStatusId).toBe(BookingStatus.CANCELLED);
    expect(await patientProfile(patient.id)).toMatchObject({ HasLateCancelledIc: false, OnboardingStep: 1 });
    const lateIntro = await book(nutritionist, patient.id, BookingType.FREE, localTimeIn(DAY));
    expect(lateIntro.status).toBe(201);
    expect(
      (
        await api('POST', `CurrentPatient/Bookings/${lateIntro.body.BookingId}/CancelIntroductionVisit`, {
          token: patient.token,
        })
      ).status,
    ).toBe(200);
    expect(await patientProfile(patient.id)).toMatchObject({ HasLateCancelledIc: true, OnboardingStep: 1 });
    const again = await book(nutritionist, patient.id, BookingType.FREE, localTimeIn(4 * DAY));
    expect(again.status).toBe(422);
    expect((again.body as unknown as { message: string }).message).toBe(bookingTexts.introNotAllowed);
    const paid = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(4 * DAY));
    const notIntro = await api(
      'POST',
      `CurrentPatient/Bookings/${paid.body.BookingId}/CancelIntroductionVisit`,
      {
        token: patient.token,
      },
    );
    expect(notIntro.status).toBe(422);
    await expectNoOrphanLocks(nutritionist.id);
  });
});

describe('object-level authorization', () => {
  it('keeps each nutritionist and patient to their own bookings', async () => {
    const owner = await newNutritionist();
    const stranger = await newNutritionist();
    const patient = await newPatient(owner.id);
    const otherPatient = await newPatient(owner.id);
    const strangersPatient = await newPatient(stranger.id);
    const booking = await book(owner, patient.id, BookingType.NORMAL, localTimeIn(5 * DAY));
    const id = booking.body.BookingId;

    expect((await api('GET', `CurrentNutritionist/Bookings/${id}`, { token: owner.token })).status).toBe(200);
    expect((await api('GET', `CurrentNutritionist/Bookings/${id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await action(stranger.token, id, cancelPath(CancelReason.NUTRITIONIST_CHOICE))).status).toBe(404);
    expect(
      (await action(stranger.token, id, 'ModifyBookingTime', { BookingTime: localTimeIn(6 * DAY) })).status,
    ).toBe(404);
    expect((await action(stranger.token, id, 'Complete')).status).toBe(404);
    const strangerList = await api<{ Data: unknown[] }>(
      'GET',
      `CurrentNutritionist/Bookings?patientUserId=${patient.id}`,
      { token: stranger.token },
    );
    expect(strangerList.body.Data).toEqual([]);

    expect((await api('GET', `CurrentPatient/Bookings/${id}`, { token: patient.token })).status).toBe(200);
    expect((await api('GET', `CurrentPatient/Bookings/${id}`, { token: otherPatient.token })).status).toBe(
      404,
    );
    expect(
      (
        await api('POST', `CurrentPatient/Bookings/${id}/CancelIntroductionVisit`, {
          token: otherPatient.token,
        })
      ).status,
    ).toBe(404);
    expect((await api('GET', `CurrentNutritionist/Bookings/${id}`, { token: patient.token })).status).toBe(
      403,
    );

    expect((await book(stranger, patient.id, BookingType.NORMAL, localTimeIn(7 * DAY))).status).toBe(403);
    expect((await book(owner, strangersPatient.id, BookingType.NORMAL, localTimeIn(7 * DAY))).status).toBe(
      403,
    );
    const asSomeoneElse = await api('POST', 'CurrentNutritionist/Bookings', {
      token: stranger.token,
      body: {
        PatientUserId: patient.id,
        NutritionistUserId: owner.id,
        BookingTypeId: BookingType.NORMAL,
        BookingTime: localTimeIn(7 * DAY),
      },
    });
    expect(asSomeoneElse.status).toBe(403);

    expect(
      (await api('GET', `CurrentNutritionist/Patients/${patient.id}/Price/2`, { token: owner.token })).body,
    ).toEqual({
      Price: 5500,
      Duration: 50,
    });
    expect(
      (await api('GET', `CurrentNutritionist/Patients/${patient.id}/Price/2`, { token: stranger.token }))
        .status,
    ).toBe(404);
    const search = await api<{ Data: { UserId: string }[] }>(
      'GET',
      'CurrentNutritionist/Patients/Search?userInput=paola',
      {
        token: owner.token,
      },
    );
    expect(search.body.Data.map((found) => found.UserId).sort()).toEqual(
      [patient.id, otherPatient.id].sort(),
    );
  });
});

describe('nutritionist lists', () => {
  it('home window: not complete or cancelled, up to today + 3 days, soonest first', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const soon = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(DAY));
    const done = await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(DAY + 120));
    expect((await completeAtStart(nutritionist, done.body)).status).toBe(200);
    const cancelled = await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(2 * DAY));
    await action(nutritionist.token, cancelled.body.BookingId, cancelPath(CancelReason.CREATED_BY_MISTAKE));
    const far = await book(nutritionist, patient.id, BookingType.MEALPLAN, localTimeIn(6 * DAY));
    const home = await api<{ Data: BookingBody[] }>('GET', 'CurrentNutritionist/Bookings?view=home', {
      token: nutritionist.token,
    });
    expect(home.body.Data.map((booking) => booking.BookingId)).toEqual([soon.body.BookingId]);
    const all = await api<{ Data: BookingBody[] }>(
      'GET',
      'CurrentNutritionist/Bookings?excludeCancelled=true',
      {
        token: nutritionist.token,
      },
    );
    expect(all.body.Data.map((booking) => booking.BookingId)).toEqual([
      far.body.BookingId,
      done.body.BookingId,
      soon.body.BookingId,
    ]);
  });
});

describe('Reminders', () => {
  it('creates, lists by patient and on the home, updates and deletes own reminders only', async () => {
    const nutritionist = await newNutritionist();
    const stranger = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const today = romeDate(new Date());
    const post = (Description: string, Date: string) =>
      api<{ ReminderId: number }>('POST', 'CurrentNutritionist/Reminders', {
        token: nutritionist.token,
        body: { PatientUserId: patient.id, Description, Date, Checked: false },
      });
    const later = await post('Chiedere il diario alimentare', addRomeDays(today, 10));
    const soon = await post('Inviare il piano', addRomeDays(today, 1));
    expect(soon.status).toBe(201);
    const byPatient = await api<{
      Data: { ReminderId: number; PatientUserProfile: { DisplayName: string } }[];
    }>('GET', `CurrentNutritionist/Reminders?PatientUserId=${patient.id}`, { token: nutritionist.token });
    expect(byPatient.body.Data.map((reminder) => reminder.ReminderId)).toEqual([
      soon.body.ReminderId,
      later.body.ReminderId,
    ]);
    expect(byPatient.body.Data[0]!.PatientUserProfile.DisplayName).toBe(patient.displayName);
    const home = await api<{ Data: { ReminderId: number }[] }>('GET', 'CurrentNutritionist/Reminders', {
      token: nutritionist.token,
    });
    expect(home.body.Data.map((reminder) => reminder.ReminderId)).toEqual([soon.body.ReminderId]);
    const checked = await api('PATCH', `CurrentNutritionist/Reminders/${soon.body.ReminderId}`, {
      token: nutritionist.token,
      body: { Checked: true },
    });
    expect(checked.body).toMatchObject({ Checked: true, Description: 'Inviare il piano' });
    expect(
      (await api<{ Data: unknown[] }>('GET', 'CurrentNutritionist/Reminders', { token: nutritionist.token }))
        .body.Data,
    ).toEqual([]);
    expect(
      (
        await api('PATCH', `CurrentNutritionist/Reminders/${soon.body.ReminderId}`, {
          token: stranger.token,
          body: { Checked: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('DELETE', `CurrentNutritionist/Reminders/${later.body.ReminderId}`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);
    const strangerPost = await api('POST', 'CurrentNutritionist/Reminders', {
      token: stranger.token,
      body: { PatientUserId: patient.id, Description: 'x', Date: today, Checked: false },
    });
    expect(strangerPost.status).toBe(404);
    expect(
      (
        await api('DELETE', `CurrentNutritionist/Reminders/${later.body.ReminderId}`, {
          token: nutritionist.token,
        })
      ).status,
    ).toBe(204);
  });
});
