import { describe, expect, it } from 'vitest';
import { INSTANT_LOGIN_QUERY_PARAM, accountTexts, errorTexts } from '@nutri/shared';
import { ApiError, NetworkError } from '../src/api/api-error';
import { PUBLIC_PAGE_ROUTES, accessKey } from '../src/app/route-table';
import { SIGNED_IN_PAGE_ROUTES } from '../src/app/signed-in/route-table';

const PAGE_ROUTES = [...PUBLIC_PAGE_ROUTES, ...SIGNED_IN_PAGE_ROUTES];
import { roleNavItems } from '../src/app/layout/nav-items';
import { loginErrorMessage } from '../src/features/auth/login-error';
import { rolesOf } from '../src/features/auth/roles';
import { formatDate } from '../src/lib/dates';
import { formatEuro } from '../src/lib/money';
import { INSTANT_LOGIN_PARAM, paths } from '../src/paths';
import { splitPhoneNumber } from '../src/ui/phone/country-prefixes';

const apiError = (status: number, body: unknown = '') =>
  new ApiError({ method: 'POST', url: '/api/v2/Account/Login', status, statusText: '', body });

describe('login error messages (docs/product.md#errors)', () => {
  it('maps each failure to its text', () => {
    expect(loginErrorMessage(apiError(401))).toBe('Nome utente o password non valido!');
    expect(loginErrorMessage(new NetworkError('POST', '/x', new TypeError()))).toBe(
      'Errore: Possibile problema di connessione al server',
    );
    expect(loginErrorMessage(apiError(500))).toBe('Impossibile effettuare il login');
    expect(
      loginErrorMessage(apiError(429, { code: 'too_many_requests', message: 'Riprova tra 5 minuti.' })),
    ).toBe('Riprova tra 5 minuti.');
    expect(loginErrorMessage(apiError(429))).toBe(errorTexts.too_many_requests);
    expect(loginErrorMessage(apiError(503))).toBe(errorTexts.connectionProblem);
    expect(loginErrorMessage(new Error('boom'))).toBe(accountTexts.loginFailed);
  });
});

describe('paths', () => {
  it('builds hrefs and exposes router patterns', () => {
    expect(paths.login({ ReturnUrl: '/Patients?x=1', reason: 'NotInRole' })).toBe(
      '/Login?ReturnUrl=%2FPatients%3Fx%3D1&reason=NotInRole',
    );
    expect(paths.login({ InvalidAccessToken: true })).toBe('/Login?InvalidAccessToken=true');
    expect(paths.login()).toBe('/Login');
    expect(paths.patients.agenda()).toBe('/Patients/Agenda');
    expect(paths.patients.booking('b/1')).toBe('/Patients/Agenda/b%2F1');
    expect(paths.patients.booking.pattern).toBe('/Patients/Agenda/:bookingId');
    expect(paths.unsubscribe('u1', { signature: 's' })).toBe('/Unsubscribe/u1?signature=s');
    expect(INSTANT_LOGIN_PARAM).toBe(INSTANT_LOGIN_QUERY_PARAM);
  });

  it('lists each route once, with the access the spec gives it', () => {
    const patterns = PAGE_ROUTES.map((route) => route.pattern.toLowerCase());
    expect(new Set(patterns).size).toBe(patterns.length);
    const accessOf = (pattern: string) =>
      accessKey(PAGE_ROUTES.find((route) => route.pattern === pattern)!.access);
    expect(accessOf('/Login')).toBe('public');
    expect(accessOf('/Account/Profile')).toBe('signedIn');
    expect(accessOf('/Chat')).toBe('signedIn');
    expect(accessOf('/Patients')).toBe('Patient');
    expect(accessOf('/AreaNutritionists')).toBe('Nutritionist');
    expect(accessOf('/Admin')).toBe('BusinessAdmin');
    expect(accessOf('/Users')).toBe('UserManager');
    expect(accessOf('/SystemSettings')).toBe('SystemAdmin');
  });
});

describe('roles and navigation', () => {
  const profile = (entries: { ApplicationId: string; roles: string[] }[]) => ({
    Id: 'u',
    Name: 'n',
    DisplayName: 'd',
    MobilePhoneNo: null,
    ImageFileUrl: null,
    AspNetUser: {
      Id: 'u',
      UserName: 'u',
      Email: 'u@example.it',
      ApplicationUsers: entries.map((entry) => ({
        ApplicationId: entry.ApplicationId,
        ApplicationUserRoles: entry.roles.map((name) => ({ Role: { Name: name } })),
      })),
    },
  });

  it('reads roles of this application only, ignoring unknown names', () => {
    expect(rolesOf(profile([{ ApplicationId: 'nutri', roles: ['Patient', 'Hacker', 'Patient'] }]))).toEqual([
      'Patient',
    ]);
    expect(rolesOf(profile([{ ApplicationId: 'other', roles: ['SystemAdmin'] }]))).toEqual([]);
    expect(rolesOf(undefined)).toEqual([]);
  });

  it('links each role to its area; chat only for patients and nutritionists, the privacy centre for patients', () => {
    expect(roleNavItems(['Patient']).map((item) => item.label)).toEqual([
      'Area paziente',
      'Chat',
      'Privacy e dati',
    ]);
    expect(roleNavItems(['BusinessAdmin', 'UserManager', 'SystemAdmin']).map((item) => item.label)).toEqual([
      'Admin',
      'Utenti',
      'Impostazioni di sistema',
    ]);
    expect(roleNavItems([])).toEqual([]);
  });
});

describe('formatting', () => {
  it('formats dates as DD/MM/YYYY and euros the Italian way', () => {
    expect(formatDate(new Date(2025, 2, 7, 10, 0))).toBe('07/03/2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatEuro(5500).replace(/\s/g, ' ')).toBe('55 €');
    expect(formatEuro(5550).replace(/\s/g, ' ')).toBe('55,50 €');
  });

  it('splits stored phone numbers into prefix and number', () => {
    expect(splitPhoneNumber('+393331234567')).toEqual({ prefix: '+39', number: '3331234567' });
    expect(splitPhoneNumber('+41791234567')).toEqual({ prefix: '+41', number: '791234567' });
    expect(splitPhoneNumber('+355691234567')).toEqual({ prefix: '+355', number: '691234567' });
    expect(splitPhoneNumber(null)).toEqual({ prefix: '+39', number: '' });
  });
});
