/**
 * Nutritionist accounts on the running local stack (docs/product.md#nutritionist-accounts): a
 * BusinessAdmin creates the account, the invitation link sets the password once and expires, the
 * nutritionist reads their own profile, and deactivating hides them and releases their patients to the
 * unassigned queue; every step is audited on the user's page. Also GET BookingTypes.
 */
import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '@nutri/shared';
import { api, createTestUser, login, waitForMail } from './support/api';
import { adminAccessToken, createPatientOf, createPublicNutritionist } from './support/visits';

const newAccount = (suffix: string) => ({
  FirstName: 'Lucia',
  LastName: `Ferri ${suffix}`,
  Email: `lucia-${suffix}@nutri.test`,
  PersonalTitle: 'dottoressa',
  ProfessionalTitle: 'Biologa nutrizionista',
  Gender: 2,
  IsCalendarPartner: true,
});

const tokenFromInvitation = async (email: string) => {
  const mail = await waitForMail(email, (one) => one.subject.includes('crea la tua password'));
  return decodeURIComponent(/Invito#([^"\s<]+)/.exec(mail.body.html ?? '')![1]!);
};

const signedInAs = async (roles: Parameters<typeof createTestUser>[0]) => {
  const user = await createTestUser(roles);
  return { ...user, token: (await login(user.email, user.password)).accessToken };
};

describe('nutritionist accounts', () => {
  it('refuses anonymous callers and every role but BusinessAdmin', async () => {
    const nutritionist = await createPublicNutritionist();
    const routes = [
      ['POST', 'Admin/NutritionistAccounts', newAccount('x')],
      ['POST', `Admin/NutritionistAccounts/${nutritionist.id}/Invitation`, undefined],
      ['PUT', `Admin/NutritionistAccounts/${nutritionist.id}/CalendarPartner`, { IsCalendarPartner: true }],
      ['POST', `Admin/NutritionistAccounts/${nutritionist.id}/Deactivate`, undefined],
      ['POST', `Admin/NutritionistAccounts/${nutritionist.id}/Reactivate`, undefined],
    ] as const;
    const others = await Promise.all(
      (['Patient', 'Nutritionist', 'UserManager', 'SystemAdmin'] as const).map((role) => signedInAs([role])),
    );
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, path).toBe(401);
      for (const other of others)
        expect((await api(method, path, { body, token: other.token })).status, path).toBe(403);
    }
    expect((await api('GET', 'CurrentNutritionist/Nutritionist')).status).toBe(401);
    for (const other of others) {
      const status = (await api('GET', 'CurrentNutritionist/Nutritionist', { token: other.token })).status;
      // A Nutritionist without a profile is let in and told it has none; everyone else is refused.
      expect(status, other.email).toBe(other === others[1] ? 404 : 403);
    }
  });

  it('answers bad input with 400 and Italian messages, and a taken e-mail with 409', async () => {
    const token = await adminAccessToken();
    const cases: [unknown, RegExp][] = [
      [{ ...newAccount('a'), FirstName: '' }, /obbligatorio/],
      [{ ...newAccount('b'), Email: 'non-una-mail' }, /e-mail non valido/],
      [{ ...newAccount('c'), PersonalTitle: 'professore' }, /titolo personale/],
      [{ ...newAccount('d'), Gender: 3 }, /genere/],
      [{ ...newAccount('e'), Ruolo: 'SystemAdmin' }, /Campo non previsto|non previst/i],
    ];
    for (const [body, message] of cases) {
      const result = await api('POST', 'Admin/NutritionistAccounts', { token, body });
      expect(result.status).toBe(400);
      expect(JSON.stringify(result.body)).toMatch(message);
    }
    const taken = await api('POST', 'Admin/NutritionistAccounts', {
      token,
      body: { ...newAccount('f'), Email: 'admin@nutri.local' },
    });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toMatch(/Esiste già/);
    const weak = await api('POST', 'UserAccount/AcceptInvitation', {
      body: { Token: 'abc', Password: 'corta' },
    });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toMatch(/almeno 8 caratteri/);
  });

  it('creates the account and mails an invitation that works once; the nutritionist then reads their profile', async () => {
    const admin = await signedInAs(['BusinessAdmin']);
    const suffix = Date.now().toString(36);
    const body = newAccount(suffix);
    const created = await api<{ UserId: string }>('POST', 'Admin/NutritionistAccounts', {
      token: admin.token,
      body,
    });
    expect(created.status).toBe(201);
    const userId = created.body.UserId;
    // Hidden until completed and published; listed for the admin with its partner flag.
    const profile = await api<Record<string, unknown>>('GET', `Admin/NutritionistProfile/${userId}`, {
      token: admin.token,
    });
    expect(profile.body).toMatchObject({
      DisplayName: `Lucia Ferri ${suffix}`,
      ProfessionalTitle: 'Biologa nutrizionista',
      PersonalTitle: 'dottoressa',
      Gender: 2,
      IsPublic: false,
      IsCalendarPartner: true,
      Deactivated: false,
    });
    // No password yet: nobody can sign in.
    expect(
      (await api('POST', 'Account/Login', { body: { email: body.Email, password: 'Qualsiasi-Password-1' } }))
        .status,
    ).toBe(401);

    const token = await tokenFromInvitation(body.Email);
    const common = await api('POST', 'UserAccount/AcceptInvitation', {
      body: { Token: token, Password: 'password123' },
    });
    expect(common.status).toBe(400);
    const accepted = await api<TokenResponse>('POST', 'UserAccount/AcceptInvitation', {
      body: { Token: token, Password: 'Finocchi-Al-Forno-2026' },
    });
    expect(accepted.status).toBe(200);
    const again = await api('POST', 'UserAccount/AcceptInvitation', {
      body: { Token: token, Password: 'Altra-Password-2026' },
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toMatch(/non è valido, è già stato usato o è scaduto/);
    await login(body.Email, 'Finocchi-Al-Forno-2026');

    const own = await api<Record<string, unknown>>('GET', 'CurrentNutritionist/Nutritionist', {
      token: accepted.body.accessToken,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      UserId: userId,
      ApplicationUser: { DisplayName: `Lucia Ferri ${suffix}` },
      PersonalTitle: 'dottoressa',
      IsCalendarPartner: true,
      CalendarSlotsAvailable: false,
      IsBillingProfileComplete: false,
    });
    // With a password set, no new invitation is needed.
    expect(
      (await api('POST', `Admin/NutritionistAccounts/${userId}/Invitation`, { token: admin.token })).status,
    ).toBe(409);
  });

  it('refuses an expired invitation link', async () => {
    const admin = await signedInAs(['BusinessAdmin']);
    const body = newAccount(`exp${Date.now().toString(36)}`);
    const created = await api<{ UserId: string }>('POST', 'Admin/NutritionistAccounts', {
      token: admin.token,
      body,
    });
    const { issueOneTimeToken } = await import('../../functions/src/accounts/credentials-repo');
    const { INVITATION_LIFETIME_DAYS } = await import('../../functions/src/accounts/invitations');
    const issuedAt = new Date(Date.now() - (INVITATION_LIFETIME_DAYS * 24 * 3600 + 60) * 1000);
    const expired = await issueOneTimeToken(
      'invitation',
      created.body.UserId,
      INVITATION_LIFETIME_DAYS * 24 * 3600,
      issuedAt,
      {
        email: body.Email.toLowerCase(),
      },
    );
    const result = await api('POST', 'UserAccount/AcceptInvitation', {
      body: { Token: expired, Password: 'Finocchi-Al-Forno-2026' },
    });
    expect(result.status).toBe(400);
    // The link mailed a moment ago still works.
    const fresh = await tokenFromInvitation(body.Email);
    expect(
      (
        await api('POST', 'UserAccount/AcceptInvitation', {
          body: { Token: fresh, Password: 'Finocchi-Al-Forno-2026' },
        })
      ).status,
    ).toBe(200);
  });

  it('deactivating hides the nutritionist, releases their patients to the unassigned queue, and is audited', async () => {
    const admin = await signedInAs(['BusinessAdmin']);
    const manager = await signedInAs(['UserManager']);
    const nutritionist = await createPublicNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Ilaria Deattivata ${Date.now().toString(36)}`, {
      onboardingStep: 3,
    });
    expect((await api('GET', `Nutritionists/Public/${nutritionist.id}`)).status).toBe(200);

    const deactivated = await api<{ ReleasedPatients: number }>(
      'POST',
      `Admin/NutritionistAccounts/${nutritionist.id}/Deactivate`,
      { token: admin.token },
    );
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.ReleasedPatients).toBe(1);
    expect((await api('GET', `Nutritionists/Public/${nutritionist.id}`)).status).toBe(404);
    const publicList = await api<{ Data: { UserId: string }[] }>('GET', 'Nutritionists/Public?limit=50');
    expect(publicList.body.Data.map((one) => one.UserId)).not.toContain(nutritionist.id);
    const republish = await api('PATCH', `Admin/NutritionistProfile/${nutritionist.id}`, {
      token: admin.token,
      body: { IsPublic: true },
    });
    expect(republish.status).toBe(409);
    expect(JSON.stringify(republish.body)).toMatch(/disattivato/);

    const unassigned = await api<{ Data: { UserId: string }[] }>(
      'GET',
      'Admin/Patients/Unassigned?limit=100',
      {
        token: admin.token,
      },
    );
    expect(unassigned.body.Data.map((row) => row.UserId)).toContain(patient.id);
    const step = await api<{ OnboardingStep: number }>('GET', 'CurrentPatient/Profile/OnboardingStep', {
      token: patient.token,
    });
    expect(step.body).toMatchObject({ OnboardingStep: 0 });
    // The nutritionist's own list no longer holds the patient.
    const own = await api<{ Data: { UserId: string }[] }>(
      'GET',
      'CurrentNutritionist/Patients/Search?userInput=',
      {
        token: nutritionist.token,
      },
    );
    expect((own.body.Data ?? []).map((row) => row.UserId)).not.toContain(patient.id);

    expect(
      (await api('POST', `Admin/NutritionistAccounts/${nutritionist.id}/Reactivate`, { token: admin.token }))
        .status,
    ).toBe(204);
    expect(
      (
        await api('PATCH', `Admin/NutritionistProfile/${nutritionist.id}`, {
          token: admin.token,
          body: { IsPublic: true },
        })
      ).status,
    ).toBe(200);
    const audit = (
      await api<{ Audit: { Action: string; Details: Record<string, unknown> }[] }>(
        'GET',
        `UserManagement/Users/${nutritionist.id}`,
        { token: manager.token },
      )
    ).body.Audit;
    expect(audit.map((entry) => entry.Action)).toEqual([
      'nutritionist.reactivated',
      'nutritionist.deactivated',
    ]);
    expect(audit[1]!.Details).toMatchObject({
      'Deactivated.before': 0,
      'Deactivated.after': 1,
      ReleasedPatients: 1,
    });
  });

  it('GET BookingTypes lists the three types', async () => {
    const result = await api<{
      Data: { BookingTypeId: number; Name: string; Duration: number; Price: number }[];
    }>('GET', 'BookingTypes');
    expect(result.status).toBe(200);
    expect(result.body.Data.map((type) => [type.BookingTypeId, type.Name])).toEqual([
      [1, 'Incontro Conoscitivo'],
      [2, 'Visita Nutrizionale'],
      [3, 'Consegna del piano alimentare'],
    ]);
    expect(result.body.Data[1]!.Price).toBe(55);
  });
});
