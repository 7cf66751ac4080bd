import { describe, expect, it } from 'vitest';
import {
  BookingStatus,
  BookingType,
  CancelReason,
  VideoRoomRefusal,
  isInRoom,
  romeCalendarDate,
  showsVideoRoomLink,
} from '@nutri/shared';
import type { Booking } from '../../src/bookings';
import { videoPresenceView, withVideoPresence } from '../../src/bookings/video-presence';
import { checkOpenRoom, checkRoom } from '../../src/video/room-rules';

const MINUTE = 60_000;

const booking = (changes: Partial<Booking> = {}): Booking => ({
  BookingId: 7,
  BookingTime: '2026-06-10T08:00:00.000Z', // 10:00 in Rome (CEST)
  BookingStatusId: BookingStatus.BOOKED,
  BookingTypeId: BookingType.NORMAL,
  PatientUserId: 'patient-1',
  NutritionistUserId: 'nutritionist-1',
  Price: 5500,
  Discount: 0,
  TotalPaymentAmount: 5500,
  Duration: 50,
  Recurring: false,
  PreviousOnboardingStep: null,
  SetOnboardingStep: null,
  CancelReasonId: null,
  RefundOwed: false,
  RemindersSent: [],
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  version: 1,
  ...changes,
});

const start = new Date('2026-06-10T08:00:00.000Z');
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * MINUTE);

describe('who may enter the video room, and when', () => {
  it('lets in the patient and the nutritionist, each on their side; anyone else reads as not found', () => {
    expect(checkRoom(booking(), 'patient-1', at(0)).room).toMatchObject({
      party: 'Patient',
      otherUserId: 'nutritionist-1',
    });
    expect(checkRoom(booking(), 'nutritionist-1', at(0)).room).toMatchObject({
      party: 'Nutritionist',
      otherUserId: 'patient-1',
    });
    expect(checkRoom(booking(), 'someone-else', at(0)).refusal?.code).toBe('not_found');
    expect(checkRoom(null, 'patient-1', at(0)).refusal?.code).toBe('not_found');
  });

  it('opens 15 minutes before the start and closes 30 minutes after the planned end, both included', () => {
    const phase = (minutes: number) => checkRoom(booking(), 'patient-1', at(minutes)).room?.phase;
    expect([phase(-16), phase(-15), phase(50 + 30), phase(50 + 31)]).toEqual([
      'notYet',
      'open',
      'open',
      'over',
    ]);
    expect(checkOpenRoom(booking(), 'patient-1', at(-16)).refusal?.code).toBe(VideoRoomRefusal.closed);
    expect(checkOpenRoom(booking(), 'patient-1', at(-15)).room).toBeDefined();
  });

  it('refuses each state that cannot have a call with its own code', () => {
    const code = (changes: Partial<Booking>) => checkRoom(booking(changes), 'patient-1', at(0)).refusal?.code;
    expect(code({ BookingStatusId: BookingStatus.WAITINGFORPAYMENT })).toBe(VideoRoomRefusal.unpaid);
    expect(code({ BookingStatusId: BookingStatus.COMPLETE })).toBe(VideoRoomRefusal.completed);
    expect(code({ BookingStatusId: BookingStatus.CANCELLEDWITHFEE })).toBe(VideoRoomRefusal.cancelled);
    expect(
      code({ BookingStatusId: BookingStatus.CANCELLED, CancelReasonId: CancelReason.NUTRITIONIST_CHOICE }),
    ).toBe(VideoRoomRefusal.cancelled);
    // The payment deadline cancels without a reason: an unpaid priced booking reads as expired.
    expect(code({ BookingStatusId: BookingStatus.CANCELLED, CancelReasonId: null })).toBe(
      VideoRoomRefusal.expired,
    );
    // A free meeting cancelled by the system is not "expired for lack of payment".
    expect(
      code({
        BookingStatusId: BookingStatus.CANCELLED,
        TotalPaymentAmount: 0,
        Price: 0,
        CancelReasonId: null,
      }),
    ).toBe(VideoRoomRefusal.cancelled);
  });

  it('is for the Rome day of the visit, except a window open across midnight', () => {
    expect(checkRoom(booking(), 'patient-1', at(-24 * 60)).refusal?.code).toBe(VideoRoomRefusal.notToday);
    // 00:05 in Rome: the room opens at 23:50 the evening before, on another Rome day.
    const afterMidnight = booking({ BookingTime: '2026-06-09T22:05:00.000Z' });
    const evening = new Date('2026-06-09T21:52:00.000Z');
    expect(romeCalendarDate(evening)).toBe('2026-06-09');
    expect(checkRoom(afterMidnight, 'patient-1', evening).room?.phase).toBe('open');
    // Before its window, that evening is another day.
    expect(checkRoom(afterMidnight, 'patient-1', new Date('2026-06-09T21:40:00.000Z')).refusal?.code).toBe(
      VideoRoomRefusal.notToday,
    );
  });

  it('shows the video link for a BOOKED booking dated today on the Rome calendar only', () => {
    // 00:30 in Rome on 10 June is still 9 June in UTC.
    const late = { BookingStatusId: BookingStatus.BOOKED, BookingTime: '2026-06-09T22:30:00.000Z' } as const;
    expect(showsVideoRoomLink(late, new Date('2026-06-10T07:00:00.000Z'))).toBe(true);
    expect(showsVideoRoomLink(late, new Date('2026-06-09T21:00:00.000Z'))).toBe(false);
    expect(
      showsVideoRoomLink(
        { ...late, BookingStatusId: BookingStatus.WAITINGFORPAYMENT },
        new Date('2026-06-10T07:00:00.000Z'),
      ),
    ).toBe(false);
  });
});

describe('presence on the booking', () => {
  it('reads the patient as waiting while in and the nutritionist out; a call once both have been in', () => {
    expect(videoPresenceView(booking())).toBeNull();
    const patientIn = withVideoPresence(booking(), 'Patient', 'entered', at(-5));
    expect(videoPresenceView(patientIn)).toMatchObject({ PatientWaiting: true, CallHeld: false });
    // The first wait is the one the chat is told about.
    expect(patientIn.VideoPresence?.WaitingNoticeAt).toBe(at(-5).toISOString());
    const both = withVideoPresence(patientIn, 'Nutritionist', 'entered', at(-1));
    expect(videoPresenceView(both)).toMatchObject({ PatientWaiting: false, CallHeld: true });
    const patientLeft = withVideoPresence(both, 'Patient', 'left', at(40));
    expect(videoPresenceView(patientLeft)).toMatchObject({ PatientInRoom: false, NutritionistInRoom: true });
    const back = withVideoPresence(
      withVideoPresence(patientLeft, 'Nutritionist', 'left', at(41)),
      'Patient',
      'entered',
      at(42),
    );
    // Waiting again, but the chat was told once.
    expect(videoPresenceView(back)).toMatchObject({ PatientWaiting: true });
    expect(back.VideoPresence?.WaitingNoticeAt).toBe(at(-5).toISOString());
  });

  it('counts a member in only while the last entry is after the last exit', () => {
    expect(isInRoom(null, null)).toBe(false);
    expect(isInRoom('2026-06-10T08:00:00.000Z', null)).toBe(true);
    expect(isInRoom('2026-06-10T08:00:00.000Z', '2026-06-10T08:10:00.000Z')).toBe(false);
    expect(isInRoom('2026-06-10T08:20:00.000Z', '2026-06-10T08:10:00.000Z')).toBe(true);
  });
});
