import { describe, expect, it } from 'vitest';
import { decideAccess, homeKindFor, type AuthSnapshot } from '../src/features/auth/guard';

const at = { pathname: '/Patients/Agenda', search: '?x=1', hash: '#top' };
const anonymous: AuthSnapshot = { status: 'anonymous' };
const loading: AuthSnapshot = { status: 'loading' };
const patient: AuthSnapshot = { status: 'signedIn', roles: ['Patient'] };
const manager: AuthSnapshot = { status: 'signedIn', roles: ['UserManager'] };

const loginQuery = (to: string) => Object.fromEntries(new URL(to, 'https://example.test').searchParams);

describe('decideAccess', () => {
  it('lets anyone open public routes', () => {
    expect(decideAccess('public', anonymous, at)).toEqual({ type: 'allow' });
  });

  it('sends anonymous users to /Login with ReturnUrl, reason and ApplicationId', () => {
    const decision = decideAccess(['Patient'], anonymous, at);
    expect(decision.type).toBe('redirect');
    if (decision.type !== 'redirect') return;
    expect(decision.reason).toBe('NotAuthenticated');
    expect(decision.to.startsWith('/Login?')).toBe(true);
    expect(loginQuery(decision.to)).toEqual({
      ReturnUrl: '/Patients/Agenda?x=1#top',
      reason: 'NotAuthenticated',
      ApplicationId: 'nutri',
    });
    expect(decideAccess('signedIn', anonymous, at).type).toBe('redirect');
  });

  it('opens signed-in routes at once, role routes once the profile is loaded', () => {
    expect(decideAccess('signedIn', loading, at)).toEqual({ type: 'allow' });
    expect(decideAccess(['Patient'], loading, at)).toEqual({ type: 'wait' });
    expect(decideAccess(['Patient'], { status: 'error' }, at)).toEqual({ type: 'error' });
    expect(decideAccess(['Patient'], patient, at)).toEqual({ type: 'allow' });
    expect(decideAccess(['Nutritionist', 'Patient'], patient, at)).toEqual({ type: 'allow' });
  });

  it('says NotInRole for one missing role and NotInAnyRole for a list', () => {
    const one = decideAccess(['BusinessAdmin'], patient, at);
    expect(one.type === 'redirect' && loginQuery(one.to).reason).toBe('NotInRole');
    const many = decideAccess(['BusinessAdmin', 'SystemAdmin'], manager, at);
    expect(many.type === 'redirect' && loginQuery(many.to).reason).toBe('NotInAnyRole');
  });
});

describe('homeKindFor', () => {
  it('picks the home by role', () => {
    expect(homeKindFor(anonymous)).toBe('public');
    expect(homeKindFor(loading)).toBe('wait');
    expect(homeKindFor({ status: 'error' })).toBe('public');
    expect(homeKindFor(patient)).toBe('patient');
    expect(homeKindFor({ status: 'signedIn', roles: ['Nutritionist'] })).toBe('nutritionist');
    expect(homeKindFor({ status: 'signedIn', roles: ['Patient', 'Nutritionist'] })).toBe('patient');
    expect(homeKindFor({ status: 'signedIn', roles: ['BusinessAdmin'] })).toBe('public');
  });
});
