/**
 * The bookings page's filters of GET CurrentNutritionist/Bookings (statusId, bookingTypeId, from/to) on
 * the running local stack: each filter keeps exactly the matching bookings of the caller, pages stay full
 * under a filter, bad values are refused, and another nutritionist's bookings never appear.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addRomeDays, romeDate, BookingStatus, BookingType } from '@nutri/shared';
import { api } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

const newNutritionist = createNutritionist;

/** A patient of the nutritionist, with a name of their own: their user id. */
const newPatient = async (nutritionistUserId: string) =>
  (await createPatientOf(nutritionistUserId, `Filtro ${randomUUID().slice(0, 6)}`)).id;

interface Page {
  Data: { BookingId: number; BookingStatusId: number; BookingTypeId: number; BookingTime: string }[];
  NextCursor: string | null;
}

describe('nutritionist bookings page filters', () => {
  it('filters by status, type and dates, keeps pages full, refuses bad values, shows own bookings only', async () => {
    const nutritionist = await newNutritionist();
    const other = await newNutritionist();
    const patient = await newPatient(nutritionist.id);
    const othersPatient = await newPatient(other.id);
    const day = (offset: number) => addRomeDays(romeDate(new Date()), offset);
    const book = async (
      who: { id: string; token: string },
      patientUserId: string,
      type: number,
      time: string,
    ) => {
      const result = await api<{ BookingId: number }>('POST', 'CurrentNutritionist/Bookings', {
        token: who.token,
        body: {
          PatientUserId: patientUserId,
          NutritionistUserId: who.id,
          BookingTypeId: type,
          BookingTime: time,
        },
      });
      expect(result.status).toBe(201);
      return result.body.BookingId;
    };
    const intro = await book(nutritionist, patient, BookingType.FREE, `${day(2)}T09:00`); // BOOKED
    const paid = await book(nutritionist, patient, BookingType.NORMAL, `${day(3)}T10:00`); // WAITINGFORPAYMENT
    const plan = await book(nutritionist, patient, BookingType.MEALPLAN, `${day(4)}T11:00`); // BOOKED
    const plan2 = await book(nutritionist, patient, BookingType.MEALPLAN, `${day(5)}T11:00`); // BOOKED
    await book(other, othersPatient, BookingType.NORMAL, `${day(3)}T10:00`);

    const list = async (query: string) => {
      const result = await api<Page>('GET', `CurrentNutritionist/Bookings?${query}`, {
        token: nutritionist.token,
      });
      expect(result.status).toBe(200);
      return result.body;
    };
    const ids = (page: Page) => page.Data.map((booking) => booking.BookingId);

    expect(ids(await list(`statusId=${BookingStatus.WAITINGFORPAYMENT}`))).toEqual([paid]);
    expect(ids(await list(`bookingTypeId=${BookingType.MEALPLAN}`))).toEqual([plan2, plan]);
    expect(ids(await list(`statusId=${BookingStatus.BOOKED}&bookingTypeId=${BookingType.FREE}`))).toEqual([
      intro,
    ]);
    expect(ids(await list(`statusId=${BookingStatus.COMPLETE}`))).toEqual([]);
    expect(ids(await list(`statusId=${BookingStatus.BOOKED}&from=${day(4)}&to=${day(4)}`))).toEqual([plan]);

    // One per page under a filter: each page is full and the cursor leads to the rest.
    const first = await list(`statusId=${BookingStatus.BOOKED}&limit=1`);
    expect(ids(first)).toEqual([plan2]);
    expect(first.NextCursor).not.toBeNull();
    const second = await list(
      `statusId=${BookingStatus.BOOKED}&limit=1&cursor=${encodeURIComponent(first.NextCursor!)}`,
    );
    expect(ids(second)).toEqual([plan]);

    for (const bad of ['statusId=9', 'statusId=x', 'bookingTypeId=4']) {
      const refused = await api('GET', `CurrentNutritionist/Bookings?${bad}`, { token: nutritionist.token });
      expect(refused.status).toBe(400);
    }

    // The other nutritionist's paid visit is not in this one's list, and the other sees only their own.
    const othersList = await api<Page>(
      'GET',
      `CurrentNutritionist/Bookings?statusId=${BookingStatus.WAITINGFORPAYMENT}`,
      {
        token: other.token,
      },
    );
    expect(othersList.body.Data).toHaveLength(1);
    expect(ids(othersList.body)).not.toContain(paid);
  });
});
