/**
 * Bad input never becomes a server error: every REST route of the route table, called by a user it admits
 * (fresh users, so the demo data is untouched), with path parameters that name nothing or are malformed and
 * with JSON bodies of the wrong shape, answers below 500, and every refusal carries an Italian message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, type Role } from '@nutri/shared';
import { IP_LOGIN_RULE } from '../../functions/src/accounts/sessions';
import {
  CONTACT_RATE_RULE,
  CV_UPLOAD_RATE_RULE,
  JOIN_TEAM_RATE_RULE,
} from '../../functions/src/content/spam-guard';
import { clearFailures } from '../../functions/src/platform/throttle';
import { restRoutes, type RestRoute } from '../../functions/src/routes';
import { createTestUser, login, stack } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

/** Path parameter values: an unknown id of the usual shapes, and ones no id has. */
const PARAMETER_VALUES = ['999999999', 'sconosciuto', '-1', '%E2%9C%93%20%27%22', 'x'.repeat(300)];
/** JSON bodies of the wrong shape for any operation. */
const WRONG_BODIES: unknown[] = [{}, [], 'testo', 42, null, { Id: { $gt: '' }, Email: ['a'], limit: -5 }];

const withBody = (route: RestRoute) => route.method !== 'GET' && route.method !== 'DELETE';

/** The route's path with every `{param}` replaced by the value. */
const pathWith = (route: RestRoute, value: string) =>
  route.path.replace(/\{[^}]+\}/g, value).slice(API_BASE_PATH.length);

describe('every REST route with bad input', () => {
  // The public forms and the login count requests per IP, and every test calls from 127.0.0.1: give back
  // what this test used, so the tests after it (the browser tests on the same stack) find the usual allowance.
  afterAll(async () => {
    for (const rule of [CONTACT_RATE_RULE, JOIN_TEAM_RATE_RULE, CV_UPLOAD_RATE_RULE, IP_LOGIN_RULE])
      await clearFailures(rule, '127.0.0.1');
  });

  it('answers below 500, with a message on every refusal', { timeout: 240_000 }, async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Paola Neri');
    const adminUser = await createTestUser(['BusinessAdmin', 'UserManager', 'SystemAdmin']);
    const admin = { token: (await login(adminUser.email, adminUser.password)).accessToken };
    const tokenFor = (route: RestRoute): string | undefined => {
      if (route.access === 'public') return undefined;
      if (route.access === 'signedIn') return patient.token;
      const roles: readonly Role[] = route.access;
      if (roles.includes('Patient')) return patient.token;
      if (roles.includes('Nutritionist')) return nutritionist.token;
      return admin.token;
    };

    const failures: string[] = [];
    let requests = 0;
    for (const route of restRoutes as readonly RestRoute[]) {
      const values = route.path.includes('{') ? PARAMETER_VALUES : [''];
      const bodies = withBody(route) ? WRONG_BODIES : [undefined];
      const token = tokenFor(route);
      // Each parameter value with the first body, and each body with the first value: bounded and enough.
      const calls = [
        ...values.map((value) => ({ value, body: bodies[0] })),
        ...bodies.slice(1).map((body) => ({ value: values[0]!, body })),
      ];
      await Promise.all(
        calls.map(async ({ value, body }) => {
          const path = pathWith(route, value);
          const response = await fetch(`${stack.baseUrl}${API_BASE_PATH}${path}`, {
            method: route.method,
            headers: {
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          requests += 1;
          const text = await response.text();
          const what = `${route.method} ${path.slice(0, 80)} ${JSON.stringify(body) ?? ''} -> ${response.status}`;
          if (response.status >= 500) failures.push(`${what} ${text.slice(0, 160)}`);
          else if (response.status >= 400) {
            const message = (JSON.parse(text || '{}') as { message?: unknown }).message;
            if (typeof message !== 'string' || message.trim() === '')
              failures.push(`${what} without a message`);
          }
        }),
      );
    }
    expect(requests).toBeGreaterThan(restRoutes.length);
    expect(failures).toEqual([]);
  });
});
