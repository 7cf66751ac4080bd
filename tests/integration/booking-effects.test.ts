/**
 * What booking changes cause, on the running local stack: exactly one chat message and the expected mails
 * per change (transaction + outbox, delivered from the table's stream after the answer), delivery after a
 * crashed delivery, retries and the failure destination of the stream's deliverer, the booking jobs
 * (expiry at its boundary, payment and appointment reminders, each safe to run twice), gap-free message
 * indexes under concurrent senders, and free slots across the 2027 daylight-saving changes.
 *
 * Time-dependent parts move the clock of this process (platform/clock.ts setClockOffset) and run the job,
 * or the API's Lambda handler through the local router exactly as the gateway does (the local gateway has
 * no endpoint to move its own clock); everything else goes through the stack's HTTP API. Effects arrive
 * after the request (or job) answered: tests wait for them (support/outbox.ts) before reading.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  addRomeDays,
  inRome,
  parseMessageAttributes,
  romeDate,
  romeInstant,
  unpaidBookingExpiry,
  type ChatMessage,
  BookingStatus,
  BookingType,
  CancelReason,
  ChatMessageType,
} from '@nutri/shared';
import { api, mailsTo, stack, waitForMail } from './support/api';
import { handlerApi, resetNow, setNow } from './support/in-process';
import { eventually, holdOutboxStream, outboxStreamFailures, waitForEffects } from './support/outbox';
import { completeAtStart, createNutritionist, createPatientOf } from './support/visits';

// The jobs run here log their results at INFO, which is noise in a test run.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const DAY = 24 * 60;

const repo = () => import('../../functions/src/bookings/bookings-repo');
const chat = () => import('../../functions/src/chat/chat-repo');

afterEach(resetNow);

const runJob = async (job: string) => {
  const { runJob: run } = await import('../../functions/src/jobs/handler');
  return (await run({ job })).result as Record<string, number>;
};

/** A nutritionist with a profile ('dottoressa': mails say "La Dott.sa"), signed in. */
const newNutritionist = () => createNutritionist({ PersonalTitle: 'dottoressa' });

/** A patient of the nutritionist at onboarding step 1, signed in; mails greet her as 'Paola'. */
const newPatient = (nutritionistUserId: string) =>
  createPatientOf(nutritionistUserId, 'Paola', { displayName: `Paola Bianchi ${randomUUID().slice(0, 4)}` });

type Party = Awaited<ReturnType<typeof newNutritionist>>;

/** `YYYY-MM-DDTHH:mm` (Rome) of now + the given minutes, rounded up to the 5-minute grid. */
const localTimeIn = (minutes: number) => {
  const unit = 5 * 60_000;
  return inRome(Math.ceil((Date.now() + minutes * 60_000) / unit) * unit).format('YYYY-MM-DDTHH:mm');
};

interface BookingBody {
  BookingId: number;
  BookingTime: string;
  BookingStatusId: number;
}

const book = (nutritionist: Party, patientUserId: string, bookingTypeId: number, bookingTime: string) =>
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
  api<BookingBody>('POST', `CurrentNutritionist/Bookings/${bookingId}/${path}`, {
    token,
    ...(body ? { body } : {}),
  });

/** The pair's chat messages, oldest first. */
const messagesOf = async (patientUserId: string, nutritionistUserId: string): Promise<ChatMessage[]> => {
  const { conversationSidFor, listMessages } = await chat();
  const messages = await listMessages(conversationSidFor(patientUserId, nutritionistUserId), { limit: 200 });
  return messages.reverse();
};

const attributesOf = (message: ChatMessage) => parseMessageAttributes(message.Attributes);
const subjects = async (address: string) => (await mailsTo(address)).map((mail) => mail.subject);

const bookingNow = async (bookingId: number) => (await (await repo()).getBooking(bookingId))!;

describe('each booking change: exactly one chat message and the expected mails', () => {
  it('nutritionist creates, moves and cancels a paid visit: three messages, three mails to the patient only', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const created = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(6 * DAY));
    expect(created.status).toBe(201);
    const bookingId = created.body.BookingId;

    await waitForEffects(patient.id);
    const [first] = await messagesOf(patient.id, nutritionist.id);
    expect(first).toMatchObject({ MessageIndex: 0, AuthorId: nutritionist.id, EmailNotificationSent: false });
    expect(first!.MessageSid).toMatch(/^IM[0-9a-f]{32}$/);
    expect(first!.ConversationSid).toMatch(/^CH[0-9a-f]{32}$/);
    expect(first!.Body).toContain('Appuntamento fissato: Visita Nutrizionale');
    expect(attributesOf(first!)).toEqual({
      MessageType: ChatMessageType.BookingCreated,
      BookingId: bookingId,
      BookingTime: created.body.BookingTime,
      BookingTypeId: BookingType.NORMAL,
    });
    const mail = await waitForMail(patient.email);
    expect(mail.subject).toBe('Nuovo appuntamento: completa il pagamento per confermarlo');
    expect(mail.body.text).toContain(`${stack.baseUrl}/Patients/Agenda/${bookingId}`);
    expect(mail.body.text).toContain('Ciao Paola,');
    expect(mail.body.text).toContain(
      `La Dott.sa ${nutritionist.displayName} ha fissato un appuntamento per te.`,
    );

    // The outbox item records what was done and has left the queue.
    const { getOutboxItem } = await import('../../functions/src/platform/outbox');
    const outbox = await getOutboxItem(first!.MessageId.replace(/^outbox:/, ''));
    expect(outbox).toMatchObject({ Pending: false, Attempts: 1, DoneSteps: ['chat', 'mail:patient'] });

    const moved = await action(nutritionist.token, bookingId, 'ModifyBookingTime', {
      BookingTime: localTimeIn(7 * DAY),
    });
    expect(moved.status).toBe(200);
    const cancelled = await action(
      nutritionist.token,
      bookingId,
      `CancelBooking?cancelReasonId=${CancelReason.NUTRITIONIST_CHOICE}`,
    );
    expect(cancelled.status).toBe(200);

    await waitForEffects(patient.id);
    const messages = await messagesOf(patient.id, nutritionist.id);
    expect(messages.map((message) => message.MessageIndex)).toEqual([0, 1, 2]);
    expect(messages.map((message) => attributesOf(message).MessageType)).toEqual([
      'BookingCreated',
      'BookingModified',
      'BookingCancelled',
    ]);
    expect(attributesOf(messages[1]!).BookingTime).toBe(moved.body.BookingTime);
    const patientSubjects = await subjects(patient.email);
    expect(patientSubjects).toHaveLength(3);
    expect(patientSubjects[1]).toMatch(/^Appuntamento spostato: /);
    expect(patientSubjects[2]).toMatch(/^Appuntamento annullato: /);
    expect(await subjects(nutritionist.email)).toEqual([]);
  });

  it('patient books and cancels an intro on a slot, then completes one: mails to both where the patient acted', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const date = addRomeDays(romeDate(new Date()), 3);
    expect(
      (
        await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
          token: nutritionist.token,
          body: { IntervalDate: date, IntervalStart: '09:00', IntervalEnd: '12:00' },
        })
      ).status,
    ).toBe(201);
    const slot = { SelectedDate: date, SelectedTime: '10:00' };
    const intro = await api<BookingBody>(
      'POST',
      'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
      {
        token: patient.token,
        body: slot,
      },
    );
    expect(intro.status).toBe(201);
    await waitForEffects(patient.id);
    expect((await subjects(patient.email))[0]).toMatch(/^Appuntamento confermato: /);
    const booked = await waitForMail(nutritionist.email);
    expect(booked.subject).toMatch(new RegExp(`^Nuova prenotazione: ${patient.displayName}, `));
    expect(booked.body.text).toContain(`${stack.baseUrl}/AreaNutritionists/Bookings/${intro.body.BookingId}`);

    const cancel = await api(
      'POST',
      `CurrentPatient/Bookings/${intro.body.BookingId}/CancelIntroductionVisit`,
      {
        token: patient.token,
      },
    );
    expect(cancel.status).toBe(200);
    await waitForEffects(patient.id);
    expect(await subjects(nutritionist.email)).toEqual([
      booked.subject,
      `Appuntamento annullato da ${patient.displayName}`,
    ]);

    const again = await api<BookingBody>(
      'POST',
      'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
      {
        token: patient.token,
        body: slot,
      },
    );
    expect(again.status).toBe(201);
    const againAt = romeInstant(slot.SelectedDate, slot.SelectedTime).toISOString();
    expect((await completeAtStart(nutritionist, { ...again.body, BookingTime: againAt })).status).toBe(200);

    await waitForEffects(patient.id);
    const messages = await messagesOf(patient.id, nutritionist.id);
    expect(
      messages.map((message) => [message.MessageIndex, attributesOf(message).MessageType, message.AuthorId]),
    ).toEqual([
      [0, 'BookingCreated', patient.id],
      [1, 'BookingCancelled', patient.id],
      [2, 'BookingCreated', patient.id],
      [3, 'BookingCompleted', nutritionist.id],
    ]);
    const patientMails = await mailsTo(patient.email);
    expect(patientMails).toHaveLength(4);
    expect(patientMails[3]!.body.text).toContain(
      `Lascia una recensione: ${stack.baseUrl}/Patients/Agenda/${again.body.BookingId}/Review`,
    );
    // The nutritionist completed it themselves: no mail to them for that.
    expect(await mailsTo(nutritionist.email)).toHaveLength(3);
  });
});

describe('outbox delivery from the stream', () => {
  it('the booking answer does not wait for its effects: they arrive from the stream afterwards, once', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const { listPendingOutbox } = await import('../../functions/src/platform/outbox');
    // Nothing is delivered while the stream reader is held, so whatever the answer shows, it did not wait.
    const hold = await holdOutboxStream();
    try {
      const created = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(6 * DAY));
      expect(created.status).toBe(201);
      const pending = (await listPendingOutbox()).filter(
        (entry) => entry.Payload.patientUserId === patient.id,
      );
      expect(pending.map((entry) => [entry.Topic, entry.Payload.event])).toEqual([['booking', 'created']]);
      expect(await messagesOf(patient.id, nutritionist.id)).toEqual([]);
      expect(await mailsTo(patient.email)).toEqual([]);
    } finally {
      await hold.release();
    }
    await waitForEffects(patient.id);
    const messages = await messagesOf(patient.id, nutritionist.id);
    expect(messages.map((message) => attributesOf(message).MessageType)).toEqual(['BookingCreated']);
    expect(await subjects(patient.email)).toEqual([
      'Nuovo appuntamento: completa il pagamento per confermarlo',
    ]);
  });

  it('a delivery that keeps failing is retried from the stream, then goes to the failure destination and stays pending', async () => {
    const { getOutboxItem, newOutboxEntry, putOutboxEntry } =
      await import('../../functions/src/platform/outbox');
    const { OUTBOX_STREAM_SOURCE } = await import('../../functions/src/platform/outbox-stream-source');
    // A booking item whose payload its handler refuses: every delivery of it fails.
    const entry = newOutboxEntry('booking', { event: 'created', by: 'nobody' }, new Date());
    await putOutboxEntry(entry);
    const key = `OUTBOX#${entry.OutboxId}`;
    try {
      const failures = await eventually(
        outboxStreamFailures,
        (list) => list.some((failure) => failure.keys.some((record) => record.Keys?.pk?.S === key)),
        'the failing item at the failure destination',
      );
      const failure = failures.find((candidate) =>
        candidate.keys.some((record) => record.Keys?.pk?.S === key),
      )!;
      // The first invocation and each retry, then no more.
      const invocations = OUTBOX_STREAM_SOURCE.retryAttempts + 1;
      expect(failure.requestContext).toEqual({
        condition: 'RetryAttemptsExhausted',
        approximateInvokeCount: invocations,
      });
      expect(failure.DDBStreamBatchInfo.batchSize).toBe(1);
      // Every retry claimed the item again (a failure frees it at once for the stream's next try); it stays
      // in the queue for the deliver-outbox job, which waits longer after each failure.
      expect(await getOutboxItem(entry.OutboxId)).toMatchObject({
        Pending: true,
        Attempts: invocations,
        DeliveredAt: null,
        LastError: 'ZodError',
      });
    } finally {
      // No job should keep trying this one.
      const { db, tableName } = await import('../../functions/src/platform/db/client');
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: key, sk: 'OUTBOX' } }));
    }
  });

  it('an item whose delivery crashed is delivered once by the deliver-outbox job, however often it runs', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const { bookingOutboxEntry } = await import('../../functions/src/bookings/booking-effects');
    const { nextId } = await import('../../functions/src/platform/db/counter');
    const { getOutboxItem, outboxPut } = await import('../../functions/src/platform/outbox');
    const at = new Date();
    const booking = {
      BookingId: await nextId('booking'),
      BookingTime: romeInstant(addRomeDays(romeDate(at), 5), '15:00').toISOString(),
      BookingStatusId: BookingStatus.BOOKED,
      BookingTypeId: BookingType.MEALPLAN,
      PatientUserId: patient.id,
      NutritionistUserId: nutritionist.id,
      Price: 0,
      Discount: 0,
      TotalPaymentAmount: 0,
      Duration: 30,
      Recurring: false,
      PreviousOnboardingStep: null,
      SetOnboardingStep: null,
      CancelReasonId: null,
      RefundOwed: false,
      RemindersSent: [],
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      version: 1,
    };
    const entry = bookingOutboxEntry('created', 'nutritionist', booking, at);
    // The stream's deliverer crashed in the middle of it: it had appended the chat message but not recorded
    // it, and its lease still holds. (The item is written with that lease, so the stack's stream delivery
    // finds it taken and leaves it, as it would after a real crash.)
    const { postMessage } = await import('../../functions/src/chat/messages');
    await postMessage({
      patientUserId: patient.id,
      nutritionistUserId: nutritionist.id,
      messageId: `outbox:${entry.OutboxId}`,
      authorId: nutritionist.id,
      body: 'Appuntamento fissato.',
      attributes: { MessageType: ChatMessageType.BookingCreated, BookingId: booking.BookingId },
      at,
    });
    const { db } = await import('../../functions/src/platform/db/client');
    const { Put } = outboxPut(entry);
    await db().send(
      new PutCommand({
        ...Put!,
        Item: { ...Put!.Item, Attempts: 1, LeaseUntil: new Date(at.getTime() + 2 * 60_000).toISOString() },
      }),
    );
    expect(await getOutboxItem(entry.OutboxId)).toMatchObject({ Pending: true, DoneSteps: [] });
    expect(await mailsTo(patient.email)).toEqual([]);

    // A minute later the lease still holds: the job leaves the item alone.
    await setNow(new Date(at.getTime() + 60_000));
    await runJob('deliver-outbox');
    expect(await getOutboxItem(entry.OutboxId)).toMatchObject({ Pending: true });
    expect(await mailsTo(patient.email)).toEqual([]);

    // Once the lease lapsed the job delivers: the message is not appended again, the mail goes once.
    await setNow(new Date(at.getTime() + 3 * 60_000));
    const firstRun = await runJob('deliver-outbox');
    expect(firstRun.delivered).toBeGreaterThanOrEqual(1);
    await runJob('deliver-outbox');
    const messages = await messagesOf(patient.id, nutritionist.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.MessageId).toBe(`outbox:${entry.OutboxId}`);
    const mails = await mailsTo(patient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Appuntamento confermato: /);
    expect(await getOutboxItem(entry.OutboxId)).toMatchObject({
      Pending: false,
      Attempts: 2,
      DoneSteps: ['chat', 'mail:patient'],
    });
  });
});

describe('booking jobs', () => {
  it('expires unpaid visits exactly at their deadline (or the grace after a late booking), once', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const { listSlotLocks } = await repo();
    const { getPatientProfile } = await import('../../functions/src/onboarding/patients-repo');
    // Deadline 2 days before: about 4 hours from now. Booked tomorrow: deadline passed, 2 hours' grace.
    const ordinary = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(2 * DAY + 240));
    const late = await book(nutritionist, patient.id, BookingType.NORMAL, localTimeIn(DAY));
    expect([ordinary.status, late.status]).toEqual([201, 201]);
    expect((await getPatientProfile(patient.id))!.OnboardingStep).toBe(4);
    const expiryOf = async (bookingId: number) => {
      const booking = await bookingNow(bookingId);
      return unpaidBookingExpiry({
        bookingTime: new Date(booking.BookingTime),
        scheduledAt: new Date(booking.updatedAt),
      });
    };
    const ordinaryExpiry = await expiryOf(ordinary.body.BookingId);
    const lateExpiry = await expiryOf(late.body.BookingId);
    expect(ordinaryExpiry.getTime() - Date.now()).toBeGreaterThan(3 * 3600_000);
    expect(lateExpiry.getTime() - new Date((await bookingNow(late.body.BookingId)).createdAt).getTime()).toBe(
      2 * 3600_000,
    );

    await setNow(new Date(lateExpiry.getTime() - 5_000));
    await runJob('expire-unpaid-bookings');
    expect((await bookingNow(late.body.BookingId)).BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
    await setNow(lateExpiry);
    await runJob('expire-unpaid-bookings');
    expect((await bookingNow(late.body.BookingId)).BookingStatusId).toBe(BookingStatus.CANCELLED);

    await setNow(new Date(ordinaryExpiry.getTime() - 5_000));
    await runJob('expire-unpaid-bookings');
    expect((await bookingNow(ordinary.body.BookingId)).BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
    await setNow(ordinaryExpiry);
    await runJob('expire-unpaid-bookings');
    const expired = await bookingNow(ordinary.body.BookingId);
    expect(expired).toMatchObject({
      BookingStatusId: BookingStatus.CANCELLED,
      CancelReasonId: null,
      RefundOwed: false,
    });

    // Locks released, the patient's step back to where the paid visit found it.
    expect(await listSlotLocks(nutritionist.id)).toEqual([]);
    expect((await getPatientProfile(patient.id))!.OnboardingStep).toBe(1);
    await waitForEffects(patient.id);
    const afterFirstRun = {
      messages: await messagesOf(patient.id, nutritionist.id),
      patientMails: await subjects(patient.email),
      nutritionistMails: await subjects(nutritionist.email),
    };
    expect(
      afterFirstRun.messages.map((message) => [attributesOf(message).MessageType, message.AuthorId]),
    ).toEqual([
      ['BookingCreated', nutritionist.id],
      ['BookingCreated', nutritionist.id],
      ['BookingExpired', 'system'],
      ['BookingExpired', 'system'],
    ]);
    expect(
      afterFirstRun.patientMails.filter((subject) => subject.includes('pagamento non ricevuto')),
    ).toHaveLength(2);
    expect(afterFirstRun.nutritionistMails).toHaveLength(2);
    expect(afterFirstRun.nutritionistMails[0]).toBe(
      `Appuntamento annullato: ${patient.displayName} non ha pagato`,
    );

    // Running again (or late) changes nothing.
    await setNow(new Date(ordinaryExpiry.getTime() + 3600_000));
    await runJob('expire-unpaid-bookings');
    expect((await bookingNow(ordinary.body.BookingId)).version).toBe(expired.version);
    await waitForEffects(patient.id);
    expect(await messagesOf(patient.id, nutritionist.id)).toHaveLength(4);
    expect(await subjects(patient.email)).toEqual(afterFirstRun.patientMails);
    expect(await subjects(nutritionist.email)).toEqual(afterFirstRun.nutritionistMails);
  });

  it('sends the ordinary, then the urgent payment reminder, each once; none to who unsubscribed', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const optedOut = await newPatient(nutritionist.id);
    const { getUser, updateUser } = await import('../../functions/src/accounts/users-repo');
    await updateUser((await getUser(optedOut.id))!, { MailingOptOut: true }, new Date());
    const visitDate = addRomeDays(romeDate(new Date()), 6);
    const visit = await book(nutritionist, patient.id, BookingType.NORMAL, `${visitDate}T10:00`);
    const other = await book(nutritionist, optedOut.id, BookingType.NORMAL, `${visitDate}T12:00`);
    expect([visit.status, other.status]).toEqual([201, 201]);
    await waitForEffects(patient.id, optedOut.id);
    const afterBooking = (await mailsTo(patient.email)).length;
    const createdAt = new Date((await bookingNow(visit.body.BookingId)).createdAt);
    const today = romeDate(createdAt);

    // Not on the day the booking was made.
    await setNow(new Date(createdAt.getTime() + 60_000));
    await runJob('payment-reminders');
    await waitForEffects(patient.id);
    expect(await mailsTo(patient.email)).toHaveLength(afterBooking);

    await setNow(romeInstant(addRomeDays(today, 1), '09:00'));
    await runJob('payment-reminders');
    await runJob('payment-reminders');
    await waitForEffects(patient.id);
    let reminders = (await subjects(patient.email)).slice(afterBooking);
    expect(reminders).toEqual(['Promemoria: completa il pagamento del tuo appuntamento']);

    // 3 days before: the urgent one, once, even when the job runs late and twice.
    await setNow(romeInstant(addRomeDays(today, 3), '09:40'));
    await runJob('payment-reminders');
    await runJob('payment-reminders');
    await waitForEffects(patient.id, optedOut.id);
    reminders = (await subjects(patient.email)).slice(afterBooking);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]).toMatch(/^Urgente: paga entro .* per non perdere l’appuntamento$/);
    expect((await bookingNow(visit.body.BookingId)).RemindersSent).toEqual([
      `payment@${visit.body.BookingTime}`,
      `payment-urgent@${visit.body.BookingTime}`,
    ]);

    // The unsubscribed patient got the booking mail only; the reminders count as done for them too.
    expect(await subjects(optedOut.email)).toEqual([
      'Nuovo appuntamento: completa il pagamento per confermarlo',
    ]);
    expect((await bookingNow(other.body.BookingId)).RemindersSent).toHaveLength(2);
  });

  it('reminds a confirmed appointment the evening before, once', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const today = romeDate(new Date());
    const visit = await book(nutritionist, patient.id, BookingType.FREE, `${addRomeDays(today, 2)}T11:00`);
    const later = await book(
      nutritionist,
      patient.id,
      BookingType.MEALPLAN,
      `${addRomeDays(today, 3)}T11:00`,
    );
    expect([visit.status, later.status]).toEqual([201, 201]);
    await waitForEffects(patient.id);
    const before = (await mailsTo(patient.email)).length;

    await setNow(romeInstant(addRomeDays(today, 1), '18:00'));
    await runJob('appointment-reminders');
    await setNow(romeInstant(addRomeDays(today, 1), '21:00'));
    await runJob('appointment-reminders');
    await waitForEffects(patient.id);
    const reminders = (await mailsTo(patient.email)).slice(before);
    expect(reminders.map((mail) => mail.subject)).toEqual([
      'Promemoria: domani alle 11:00 il tuo appuntamento',
    ]);
    expect(reminders[0]!.body.text).toContain(`${stack.baseUrl}/Patients/Agenda/${visit.body.BookingId}`);
    expect((await bookingNow(later.body.BookingId)).RemindersSent).toEqual([]);
    // No chat message for a reminder.
    expect(await messagesOf(patient.id, nutritionist.id)).toHaveLength(2);
  });
});

describe('chat message store', () => {
  it('30 concurrent appends to one conversation get indexes 0..29, no gap, no duplicate', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const { postMessage } = await import('../../functions/src/chat/messages');
    const { getConversation, conversationSidFor } = await chat();
    const send = (text: string, messageId: string = randomUUID()) =>
      postMessage({
        patientUserId: patient.id,
        nutritionistUserId: nutritionist.id,
        messageId,
        authorId: patient.id,
        body: text,
        attributes: {},
        at: new Date(),
      });
    const results = await Promise.all(Array.from({ length: 30 }, (_, n) => send(`Messaggio ${n}`)));
    expect(results.every((result) => result.created)).toBe(true);
    const messages = await messagesOf(patient.id, nutritionist.id);
    expect(messages.map((message) => message.MessageIndex)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(new Set(messages.map((message) => message.Body)).size).toBe(30);
    expect(new Set(messages.map((message) => message.MessageSid)).size).toBe(30);
    expect((await getConversation(conversationSidFor(patient.id, nutritionist.id)))!.MaxMessageIndex).toBe(
      29,
    );

    // A repeated MessageId (a retried send) adds nothing and returns the stored message.
    const repeated = await send('Di nuovo', results[7]!.message.MessageId);
    expect(repeated).toMatchObject({
      created: false,
      message: { MessageIndex: results[7]!.message.MessageIndex },
    });
    expect(await messagesOf(patient.id, nutritionist.id)).toHaveLength(30);
  }, 120_000);

  it('a gone WebSocket connection of a member neither fails the append nor stays stored', async () => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const { putConnection, listUserConnections } =
      await import('../../functions/src/platform/connections-repo');
    await putConnection({
      connectionId: `gone-${randomUUID()}`,
      userId: patient.id,
      // Older than the grace given to a connection whose `$connect` may still be running (a 410 then
      // proves nothing; chat.test.ts covers that case).
      connectedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await listUserConnections(patient.id)).toHaveLength(1);
    const { postMessage } = await import('../../functions/src/chat/messages');
    const { message, created } = await postMessage({
      patientUserId: patient.id,
      nutritionistUserId: nutritionist.id,
      messageId: randomUUID(),
      authorId: nutritionist.id,
      body: 'Ciao!',
      attributes: {},
      at: new Date(),
    });
    expect(created).toBe(true);
    expect(message.MessageIndex).toBe(0);
    expect(await listUserConnections(patient.id)).toEqual([]);
  });
});

describe('slots across the 2027 daylight-saving changes, through the API', () => {
  const slotsAround = async (dstDate: string, today: string) => {
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    await setNow(romeInstant(today, '12:00'));
    const intervals = [
      [addRomeDays(dstDate, -1), '09:00', '11:00'],
      [dstDate, '01:00', '04:00'],
      [dstDate, '09:00', '11:00'],
      [addRomeDays(dstDate, 1), '09:00', '11:00'],
    ];
    for (const [IntervalDate, IntervalStart, IntervalEnd] of intervals) {
      const added = await handlerApi('POST', 'CurrentNutritionist/DailyAvailabilities', nutritionist.token, {
        IntervalDate,
        IntervalStart,
        IntervalEnd,
      });
      expect(added.status).toBe(201);
    }
    const intro = await handlerApi<Record<string, string[]>>(
      'GET',
      'CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit',
      patient.token,
    );
    const paid = await handlerApi<Record<string, string[]>>(
      'GET',
      'CurrentPatient/AvailableSlots/GetSlotsForPaidVisit',
      patient.token,
    );
    expect(intro.status).toBe(200);
    expect(paid.status).toBe(200);
    return { nutritionist, patient, intro: intro.body, paid: paid.body };
  };
  const day = ['09:00', '09:30', '10:00', '10:30'];
  const paidDay = ['09:00', '09:30', '10:00'];

  it('March 28: the night has no 02:xx slots and the day keeps its wall-clock times', async () => {
    const { patient, intro, paid } = await slotsAround('2027-03-28', '2027-03-25');
    expect(intro).toEqual({
      '2027-03-27': day,
      '2027-03-28': ['01:00', '01:30', '03:00', '03:30', ...day],
      '2027-03-29': day,
    });
    expect(paid).toEqual({
      '2027-03-27': paidDay,
      '2027-03-28': ['01:00', '01:30', '03:00', ...paidDay],
      '2027-03-29': paidDay,
    });
    // 03:00 right after the change is 01:00 UTC; 09:00 that day is 07:00 UTC (summer time).
    const booked = await handlerApi<{ BookingId: number }>(
      'POST',
      'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot',
      patient.token,
      { SelectedDate: '2027-03-28', SelectedTime: '03:00' },
    );
    expect(booked.status).toBe(201);
    expect((await bookingNow(booked.body.BookingId)).BookingTime).toBe('2027-03-28T01:00:00.000Z');
    expect(romeInstant('2027-03-28', '09:00').toISOString()).toBe('2027-03-28T07:00:00.000Z');
  });

  it('October 31: the repeated hour is offered once and the day keeps its wall-clock times', async () => {
    const { intro, paid } = await slotsAround('2027-10-31', '2027-10-28');
    expect(intro).toEqual({
      '2027-10-30': day,
      '2027-10-31': ['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', ...day],
      '2027-11-01': day,
    });
    expect(paid).toEqual({
      '2027-10-30': paidDay,
      '2027-10-31': ['01:00', '01:30', '02:00', '02:30', '03:00', ...paidDay],
      '2027-11-01': paidDay,
    });
  });
});
