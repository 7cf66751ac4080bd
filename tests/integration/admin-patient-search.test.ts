/**
 * `GET Patients/Search` (docs/product.md#patient-search) on the running local stack: every patient by the
 * start of a name word, of the e-mail, of the phone (with or without +39) or of the codice fiscale; the
 * index follows a changed phone, e-mail and codice fiscale at once; nutritionists are never listed.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminPatientRef, CursorPage } from '@nutri/shared';
import { api, createTestUser, login } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

describe('back-office patient search', () => {
  it('finds patients by name, e-mail, phone and codice fiscale, kept right by the writes', async () => {
    const adminUser = await createTestUser(['BusinessAdmin']);
    const admin = (await login(adminUser.email, adminUser.password)).accessToken;
    const nutritionist = await createNutritionist();
    const tag = randomUUID().replace(/\D/g, '').slice(0, 6).padEnd(6, '7');
    const surname = `Quintavalle${randomUUID().slice(0, 4).replace(/\d/g, 'x')}`;
    const patient = await createPatientOf(nutritionist.id, `Zeffira ${surname}`, {
      phone: `+39333${tag}1`,
      email: `zeffira.${tag}@nutri.test`,
    });
    const search = async (userInput: string) => {
      const result = await api<CursorPage<AdminPatientRef>>(
        'GET',
        `Patients/Search?userInput=${encodeURIComponent(userInput)}&limit=50`,
        { token: admin },
      );
      expect(result.status).toBe(200);
      return result.body.Data.map((found) => found.UserId);
    };

    expect(await search(surname.slice(0, 9))).toContain(patient.id);
    expect(await search(`zef ${surname.slice(0, 6)}`)).toContain(patient.id);
    expect(await search(`${surname} Gianna`)).not.toContain(patient.id);
    expect(await search(`zeffira.${tag}`)).toContain(patient.id);
    expect(await search(`333${tag}`)).toContain(patient.id);
    expect(await search(`+39 333${tag}`)).toContain(patient.id);
    const found = await api<CursorPage<AdminPatientRef>>('GET', `Patients/Search?userInput=333${tag}`, {
      token: admin,
    });
    expect(found.body.Data.find((entry) => entry.UserId === patient.id)).toEqual({
      UserId: patient.id,
      DisplayName: `Zeffira ${surname}`,
      Email: `zeffira.${tag}@nutri.test`,
      MobilePhoneNo: `+39333${tag}1`,
    });

    // A codice fiscale saved with the billing profile finds the patient at once.
    const profile = {
      RagioneSociale: `Zeffira ${surname}`,
      CodiceFiscale: 'RSSMRA85T10A562S',
      Address: 'Via dei Mille 12',
      PostalCode: '00185',
      ComuneId: 'H501',
      IsActive: true,
    };
    const saved = await api<{ BillingProfileId: number }>('POST', 'User/BillingProfilesSelf', {
      token: patient.token,
      body: profile,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(await search('rssmra85t1')).toContain(patient.id);

    // A new phone and a new e-mail replace the old entries in the same transaction.
    const { getUser, updateUser } = await import('../../functions/src/accounts/users-repo');
    const { changeUserEmail } = await import('../../functions/src/accounts/users-repo');
    const user = (await getUser(patient.id))!;
    const renamed = await updateUser(user, { MobilePhoneNo: `+39347${tag}2` }, new Date());
    await changeUserEmail(renamed, `nuova.${tag}@nutri.test`, new Date(Date.now() + 1));
    expect(await search(`333${tag}`)).not.toContain(patient.id);
    expect(await search(`347${tag}`)).toContain(patient.id);
    expect(await search(`zeffira.${tag}`)).not.toContain(patient.id);
    expect(await search(`nuova.${tag}`)).toContain(patient.id);

    // Nutritionists are not patients: never listed, whatever matches.
    expect(await search(nutritionist.displayName)).not.toContain(nutritionist.id);
    expect(await search('')).toEqual([]);
  });
});
