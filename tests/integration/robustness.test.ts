/**
 * Bad input never becomes a server error: every REST route of the route table, called by a user it admits
 * (fresh users, so the demo data is untouched), with path parameters that name nothing or are malformed and
 * with JSON bodies of the wrong shape, answers below 500, and every refusal carries an Italian message. The
 * same holds for crafted input: `__proto__` and `constructor` as keys (body, query, headers), forged or
 * tampered pagination cursors, and malformed percent-encoding in the URL, which API Gateway itself answers
 * with 400 (the local gateway does the same).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, type Role } from '@nutri/shared';
import { INVALID_CURSOR_MESSAGE } from '../../functions/src/http/domain-errors';
import { pageCursor } from '../../functions/src/platform/db/cursor';
import { IP_LOGIN_RULE } from '../../functions/src/accounts/login-throttle';
import { REGISTRATION_RATE_RULE } from '../../functions/src/onboarding/registration';
import {
  CONTACT_RATE_RULE,
  CV_UPLOAD_RATE_RULE,
  JOIN_TEAM_RATE_RULE,
} from '../../functions/src/content/spam-guard';
import { clearFailures } from '../../functions/src/platform/throttle';
import { restRoutes, type RestRoute } from '../../functions/src/routes';
import { api, createTestUser, login, stack } from './support/api';
import { createNutritionist, createPatientOf, createPublicNutritionist } from './support/visits';

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
    for (const rule of [
      CONTACT_RATE_RULE,
      JOIN_TEAM_RATE_RULE,
      CV_UPLOAD_RATE_RULE,
      IP_LOGIN_RULE,
      REGISTRATION_RATE_RULE,
    ])
      await clearFailures(rule, '127.0.0.1');
  });

  let tokenFor: (route: RestRoute) => string | undefined;
  beforeAll(async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Paola Neri');
    const adminUser = await createTestUser(['BusinessAdmin', 'UserManager', 'SystemAdmin']);
    const admin = { token: (await login(adminUser.email, adminUser.password)).accessToken };
    tokenFor = (route) => {
      if (route.access === 'public') return undefined;
      if (route.access === 'signedIn') return patient.token;
      const roles: readonly Role[] = route.access;
      if (roles.includes('Patient')) return patient.token;
      if (roles.includes('Nutritionist')) return nutritionist.token;
      return admin.token;
    };
  });

  it('answers below 500, with a message on every refusal', { timeout: 240_000 }, async () => {
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

  it(
    'answers crafted input below 500: prototype keys, forged cursors, bad percent-encoding',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      let requests = 0;
      const check = async (route: RestRoute, call: Call) => {
        const response = await fetch(`${stack.baseUrl}${API_BASE_PATH}${call.path}`, {
          method: route.method,
          headers: {
            ...(tokenFor(route) ? { Authorization: `Bearer ${tokenFor(route)}` } : {}),
            ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...call.headers,
          },
          body: call.body,
        });
        requests += 1;
        const text = await response.text();
        const what = `${call.family}: ${route.method} ${call.path.slice(0, 100)} ${call.body ?? ''} -> ${response.status}`;
        if (response.status >= 500) return failures.push(`${what} ${text.slice(0, 160)}`);
        if (call.expected !== undefined && response.status !== call.expected)
          return failures.push(`${what}, expected ${call.expected}`);
        if (response.status >= 400) {
          const message = (JSON.parse(text || '{}') as { message?: unknown }).message;
          if (typeof message !== 'string' || message.trim() === '')
            failures.push(`${what} without a message`);
        } else if (call.family === 'cursor' && /"NextCursor":"/.test(text)) {
          // A list that answers 200 and pages on took the forged cursor as a start key.
          failures.push(`${what}: a list accepted a cursor it did not issue`);
        }
      };

      for (const route of restRoutes as readonly RestRoute[]) {
        const path = pathWith(route, PARAMETER_VALUES[0]!);
        const calls: Call[] = [
          // Prototype keys in the query string and as header names, on every route.
          {
            family: 'prototype keys',
            path: `${path}?__proto__=1&constructor=x`,
            // A computed key: a literal `__proto__:` would set the prototype instead of naming a header.
            headers: { constructor: 'x', ['__proto__']: 'x', toString: 'x' },
          },
          ...(withBody(route)
            ? PROTOTYPE_BODIES.map((body): Call => ({ family: 'prototype keys', path, body }))
            : []),
          // Pagination cursors no list issued (every list route takes `cursor`; the others ignore or refuse it).
          ...(route.method === 'GET'
            ? FORGED_CURSORS.map((cursor): Call => ({ family: 'cursor', path: `${path}?cursor=${cursor}` }))
            : []),
          // Malformed percent-encoding: in every path parameter and in the query of every route.
          ...(route.path.includes('{')
            ? BAD_ENCODINGS.map((value): Call => ({
                family: 'encoding',
                path: pathWith(route, value),
                expected: 400,
              }))
            : []),
          ...BAD_ENCODINGS.map((value): Call => ({
            family: 'encoding',
            path: `${path}?q=${value}`,
            expected: 400,
          })),
        ];
        await Promise.all(calls.map((call) => check(route, call)));
      }
      expect(requests).toBeGreaterThan(restRoutes.length * 4);
      expect(failures).toEqual([]);
    },
  );

  it('refuses a cursor on any list but the one it was issued for', async () => {
    const nutritionist = await createPublicNutritionist();
    const first = await api<{ NextCursor: string | null }>('GET', 'PublicStaticContent?limit=1');
    expect(first.status).toBe(200);
    const cursor = first.body.NextCursor!;
    expect(cursor).toEqual(expect.any(String));
    // Its own list reads on with it.
    expect((await api('GET', `PublicStaticContent?limit=1&cursor=${cursor}`)).status).toBe(200);
    const refused = [
      // The same list with another filter, a list of another kind, a tampered key, a forged one.
      `PublicStaticContent?limit=1&ContentType=Page&cursor=${cursor}`,
      `Nutritionists/Public/${nutritionist.id}/Reviews?cursor=${cursor}`,
      `PublicStaticContent?limit=1&cursor=${tamper(cursor)}`,
      `PublicStaticContent?cursor=${FORGED_CURSORS[0]}`,
    ];
    for (const path of refused) {
      const result = await api('GET', path);
      expect(result.status, path).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request', message: INVALID_CURSOR_MESSAGE });
    }
    // A validly signed cursor of another nutritionist's reviews is refused on this one's.
    const othersCursor = await pageCursor('approved-reviews', 'another-nutritionist').encode({
      pk: 'x',
      sk: 'y',
    });
    const replayed = await api(
      'GET',
      `Nutritionists/Public/${nutritionist.id}/Reviews?cursor=${othersCursor}`,
    );
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ message: INVALID_CURSOR_MESSAGE });
  });
});

interface Call {
  family: 'prototype keys' | 'cursor' | 'encoding';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  expected?: number;
}

/** Raw JSON (JSON.stringify would not write a `__proto__` key): prototype keys at the top and nested. */
const PROTOTYPE_BODIES = [
  '{"__proto__":{"x":1},"email":"a@b.it","password":"b"}',
  '{"constructor":{"prototype":{"x":1}},"__proto__":[],"toString":"x"}',
  '{"Name":{"__proto__":{"x":1}},"hasOwnProperty":1,"Data":[{"__proto__":null}]}',
];

/** A start key of the shape DynamoDB takes, unsigned; and the same with a made-up signature. */
const FORGED_CURSORS = [
  'eyJwayI6IlVTRVIjeCIsInNrIjoiUFJPRklMRSJ9',
  'eyJwayI6IlVTRVIjeCIsInNrIjoiUFJPRklMRSJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

/** A lone `%`, a non-hex escape, and an overlong UTF-8 '.' (not UTF-8 at all). */
const BAD_ENCODINGS = ['%', '%ZZ', '%C0%AE'];

/** The cursor with one character of its key changed (the signature no longer matches). */
const tamper = (cursor: string) => {
  const index = Math.floor(cursor.indexOf('.') / 2);
  return `${cursor.slice(0, index)}${cursor[index] === 'A' ? 'B' : 'A'}${cursor.slice(index + 1)}`;
};
