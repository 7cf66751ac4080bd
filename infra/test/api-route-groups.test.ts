/** How REST routes are grouped into the api stack's route stacks (pure rule, no synthesis). */
import { describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '@nutri/functions/routes';
import { firstSegmentOf, groupRoutes } from '../lib/api-route-groups';

const route = (method: RestRoute['method'], path: string): RestRoute => ({
  method,
  path: `/api/v2/${path}`,
  area: 'system',
  operation: `${method.toLowerCase()}${path.replace(/\W/g, '')}`,
  access: 'public',
});

const groupIdsBySegment = (routes: readonly RestRoute[]) =>
  new Map(groupRoutes(routes).flatMap((group) => group.segments.map((segment) => [segment, group.id])));

describe('REST route groups', () => {
  it('groups by first segment under /api/v2, by alphabetical range, ignoring case', () => {
    // Prepare
    const routes = [
      route('GET', 'Zebra'),
      route('GET', 'apple/{id}'),
      route('POST', 'Apple/{id}/Core'),
      route('GET', 'Cat'),
      route('DELETE', 'Cut'),
      route('GET', '1st'),
    ];
    // Act
    const groups = groupRoutes(routes, ['a', 'cu', 'z']);
    // Assess
    expect(groups.map(({ id, segments }) => ({ id, segments }))).toEqual([
      { id: 'RoutesA', segments: ['1st', 'Apple', 'Cat', 'apple'] },
      { id: 'RoutesCu', segments: ['Cut'] },
      { id: 'RoutesZ', segments: ['Zebra'] },
    ]);
    expect(groups[0]?.routes.map((member) => member.path)).toEqual([
      '/api/v2/apple/{id}',
      '/api/v2/Apple/{id}/Core',
      '/api/v2/Cat',
      '/api/v2/1st',
    ]);
  });

  it('leaves out empty ranges', () => {
    expect(groupRoutes([route('GET', 'Zebra')], ['a', 'z']).map((group) => group.id)).toEqual(['RoutesZ']);
  });

  it('keeps each segment in its stack whatever other routes come and go, so deploys never move one', () => {
    // Prepare
    const before = groupIdsBySegment(restRoutes);
    const changed = [
      route('GET', 'Aardvark'),
      ...restRoutes.filter((_, index) => index % 3 !== 0),
      route('GET', 'Dolphin/{id}'),
      route('GET', 'Zebra'),
    ];
    // Act
    const after = groupIdsBySegment(changed);
    // Assess
    for (const segment of new Set(changed.map(firstSegmentOf)))
      if (before.has(segment)) expect(after.get(segment), segment).toBe(before.get(segment));
  });

  it('spreads the route table over several stacks, none with more than a third of the routes', () => {
    const groups = groupRoutes(restRoutes);
    expect(groups.length).toBeGreaterThanOrEqual(4);
    expect(groups.flatMap((group) => group.routes)).toHaveLength(restRoutes.length);
    for (const group of groups) expect(group.routes.length, group.id).toBeLessThan(restRoutes.length / 3);
  });

  it('rejects routes outside /api/v2/<segment> and ranges out of order', () => {
    expect(() => groupRoutes([{ ...route('GET', 'x'), path: '/health' }])).toThrow(/not below \/api\/v2/);
    expect(() => groupRoutes([{ ...route('GET', 'x'), path: '/api/v2' }])).toThrow(/not below \/api\/v2/);
    expect(() => groupRoutes([route('GET', 'x')], ['m', 'c'])).toThrow(/ascending/);
    expect(() => groupRoutes([route('GET', 'x')], [])).toThrow(/non-empty/);
  });
});
