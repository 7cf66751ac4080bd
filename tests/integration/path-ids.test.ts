/**
 * Numeric ids in request paths are parsed one way in every area: decimal digits only (at most 9). What a
 * number coercion would read as another id ("0x10" as 16, "1e1" as 10, " 12" as 12) or a length no id
 * has is refused with 400 and the Italian validation message, before any lookup.
 */
import { describe, expect, it } from 'vitest';
import { errorTexts, validationTexts, BookingType } from '@nutri/shared';
import { api } from './support/api';
import { bookVisitFor, createNutritionist, createPatientOf, romeDateIn } from './support/visits';

const NOT_IDS = ['0x10', '1e1', '-1', '1234567890', '%2012', '12.0', '0'];

describe('numeric path ids', () => {
  it('refuses anything but plain digits in the ids of every area, and takes a plain id', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id);
    const booking = await bookVisitFor(nutritionist, patient.id, BookingType.FREE, `${romeDateIn(4)}T10:00`);

    // Route (with `{}` where the id goes), who calls it, and the path field the id is parsed into.
    const routes = [
      { path: 'CurrentPatient/Bookings/{}', token: patient.token, field: 'id' },
      { path: 'CurrentPatient/Bookings/{}/Invoices', token: patient.token, field: 'id' },
      { path: 'CurrentNutritionist/Bookings/{}', token: nutritionist.token, field: 'id' },
      { path: 'Stripe/{}/CreateSession', token: patient.token, field: 'BookingId' },
      { path: 'User/BillingProfilesSelf/{}', token: patient.token, field: 'id' },
      { path: 'CurrentPatient/Bookings/{}/Review', token: patient.token, field: 'id' },
      { path: 'Patients/Contracts/{}', token: patient.token, field: 'contractTypeId' },
      { path: 'StaticContent/{}', token: undefined, field: 'id' },
    ];
    for (const route of routes) {
      for (const notAnId of NOT_IDS) {
        const result = await api<{ message: string; Errors: Record<string, string[]> }>(
          'GET',
          route.path.replace('{}', notAnId),
          { token: route.token },
        );
        expect({ route: route.path, id: notAnId, status: result.status }).toEqual({
          route: route.path,
          id: notAnId,
          status: 400,
        });
        expect(result.body.message).toBe(errorTexts.validation_failed);
        expect(result.body.Errors[route.field]).toEqual([validationTexts.invalidValue]);
      }
    }

    // A plain id reaches the operation.
    const own = await api<{ BookingId: number }>('GET', `CurrentPatient/Bookings/${booking.BookingId}`, {
      token: patient.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.BookingId).toBe(booking.BookingId);
    const nutritionistView = await api('GET', `CurrentNutritionist/Bookings/${booking.BookingId}`, {
      token: nutritionist.token,
    });
    expect(nutritionistView.status).toBe(200);
    const { CONTRACT_TYPES } = await import('../../functions/src/onboarding/contracts');
    const contract = `Patients/Contracts/${CONTRACT_TYPES.servicePrivacy}`;
    expect((await api('GET', contract, { token: patient.token })).status).toBe(200);
    expect(
      (await api('GET', `CurrentPatient/Bookings/${booking.BookingId}/Invoices`, { token: patient.token }))
        .status,
    ).toBe(200);
    // A well-formed id nobody owns is simply not found.
    expect((await api('GET', 'CurrentPatient/Bookings/999999999', { token: patient.token })).status).toBe(
      404,
    );
  });
});
