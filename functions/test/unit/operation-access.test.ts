import { describe, expect, it } from 'vitest';
import { accessAdmits } from '../../src/http/actor';
import { assertAccessFits, createAreaHandler, type AreaOperations } from '../../src/http/area-handler';
import { defineOperation, type Operation } from '../../src/http/operation';
import { AREAS, restRoutes, webSocketRoutes, type Access, type AreaRoutes } from '../../src/routes';
import { billingRoutes } from '../../src/route-table/billing';
import { bookingsRoutes } from '../../src/route-table/bookings';
import { accountsRoutes } from '../../src/route-table/accounts';

const patientsOnly = defineOperation(['Patient'], {}, ({ actor }) => Promise.resolve(actor.userId));
const anySignedIn = defineOperation('signedIn', {}, ({ actor }) => Promise.resolve(actor.userId));
const anyone = defineOperation('public', {}, ({ actor }) => Promise.resolve(actor?.userId ?? null));

// The same rule as types: these lines would not compile without the expected errors.
// @ts-expect-error a patients' operation cannot serve a route open to every signed-in user
export const onSignedInRoute: AreaOperations<'billing'>['rest']['searchItalianCities'] = patientsOnly;
// @ts-expect-error a signed-in operation cannot serve a public route (its actor may be null)
export const onPublicRoute: AreaOperations<'accounts'>['rest']['login'] = anySignedIn;
// @ts-expect-error a patients' operation cannot serve a route nutritionists may call too
export const onTwoRolesRoute: AreaOperations<'chat'>['rest']['getMessages'] = patientsOnly;
export const patientsOnPatientsRoute: AreaOperations<'bookings'>['rest']['getPatientBooking'] = patientsOnly;
export const signedInOnRolesRoute: AreaOperations<'chat'>['rest']['getMessages'] = anySignedIn;
export const publicOnSignedInRoute: AreaOperations<'accounts'>['rest']['changePassword'] = anyone;

describe('access of operations and routes', () => {
  it.each<[Access, Access, boolean]>([
    ['public', 'public', true],
    ['public', ['Patient'], true],
    ['signedIn', 'public', false],
    ['signedIn', 'signedIn', true],
    ['signedIn', ['Nutritionist'], true],
    [['Patient'], 'public', false],
    [['Patient'], 'signedIn', false],
    [['Patient'], ['Patient'], true],
    [['Patient', 'Nutritionist'], ['Patient'], true],
    [['Patient'], ['Patient', 'Nutritionist'], false],
    [['BusinessAdmin'], ['SystemAdmin'], false],
  ])('an operation for %j on a route for %j: %s', (operation, route, fits) => {
    expect(accessAdmits(operation, route)).toBe(fits);
  });

  it('refuses to create a handler that mounts an operation on a route admitting callers it was not written for', () => {
    const forced = { getPatientBooking: patientsOnly, getItalianCity: patientsOnly } as Record<
      string,
      Operation
    >;
    expect(() => assertAccessFits(bookingsRoutes, forced)).not.toThrow();
    expect(() => assertAccessFits(billingRoutes, forced)).toThrow(
      /billing\.getItalianCity .* mounted on GET \/api\/v2\/ItalianCities\/\{id\}/,
    );
    expect(() => assertAccessFits(accountsRoutes, { login: anySignedIn })).toThrow(/accounts\.login/);
  });

  it('checks an operation given as a loader when it is loaded', async () => {
    const operations = { rest: { getItalianCity: () => Promise.resolve(patientsOnly) }, webSocket: {} };
    const handler = createAreaHandler(billingRoutes, operations as never, () => Promise.resolve(true));
    await expect(handler.loadOperations()).rejects.toThrow(/billing\.getItalianCity .* mounted on GET/);
  });

  it('every area handler mounts each route of the table on an operation its rule fits (checked on creation)', async () => {
    const areasWithRoutes = new Set<string>(restRoutes.map((route) => route.area));
    for (const area of AREAS.filter((name) => areasWithRoutes.has(name))) {
      // createAreaHandler checks the operations it is given at once and each loaded one when it is loaded:
      // a misfit throws on import or here.
      const module = (await import(`../../src/${area}/handler.ts`)) as {
        handler?: { loadOperations?: () => Promise<void> };
      };
      expect(typeof module.handler, area).toBe('function');
      await module.handler?.loadOperations?.();
    }
  }, 60_000);

  it("each area's route file holds that area's routes only, and together they are the whole table", async () => {
    const rest: unknown[] = [];
    const webSocket: unknown[] = [];
    for (const area of AREAS) {
      const module = (await import(`../../src/route-table/${area}.ts`)) as Record<string, AreaRoutes>;
      const routes = module[`${area}Routes`];
      expect(routes?.area, area).toBe(area);
      for (const route of [...(routes?.rest ?? []), ...(routes?.webSocket ?? [])])
        expect(route.area).toBe(area);
      rest.push(...(routes?.rest ?? []));
      webSocket.push(...(routes?.webSocket ?? []));
    }
    expect(new Set(rest)).toEqual(new Set(restRoutes));
    expect(new Set(webSocket)).toEqual(new Set(webSocketRoutes));
  });
});
