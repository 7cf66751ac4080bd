/**
 * Which nested stack of the api stack holds each REST route (docs/decisions/0002-cloud-stacks.md, "the api
 * stack's size"). Routes go by their first path segment under /api/v2, because API Gateway resources are
 * shared by the routes below them: one segment's resources must live in one stack. Segments go by
 * alphabetical range, so a segment's stack depends on its own name only: adding or removing routes never
 * moves another segment to another stack. CloudFormation could not make such a move in one deploy: the
 * receiving stack would create a path the giving stack still holds until its clean-up.
 */
import type { RestRoute } from '@nutri/functions/routes';
import { API_BASE_PATH } from '@nutri/shared';

/**
 * Where each range of first segments begins (compared in lower case); a range ends where the next begins,
 * and the first one also takes whatever sorts before it. Chosen at 144 routes for balance: 65, 69, 42, 71
 * and 67 resources. To relieve a range, add a start after its last existing segment, so that only new
 * segments land in the new stack. `b` came at 211 routes, when the back office's own segment (`Admin`)
 * outgrew the first range: it moved the segments after `Admin` out of it (docs/decisions/0002-cloud-stacks.md).
 */
export const ROUTE_RANGE_STARTS: readonly string[] = ['a', 'b', 'cu', 'e', 'p', 't'];

export interface RouteGroup {
  /** Construct id of the nested stack, from its range's start: it never changes while the range exists. */
  id: string;
  /** First segments under /api/v2, sorted. */
  segments: string[];
  /** The group's routes, in route-table order. */
  routes: RestRoute[];
}

export const firstSegmentOf = (route: Pick<RestRoute, 'path'>) => {
  const [segment] = route.path.startsWith(`${API_BASE_PATH}/`)
    ? route.path.slice(API_BASE_PATH.length + 1).split('/')
    : [];
  if (!segment) throw new Error(`${route.path} is not below ${API_BASE_PATH}/<segment>`);
  return segment;
};

/** The routes' non-empty groups, in range order. */
export const groupRoutes = (
  routes: readonly RestRoute[],
  rangeStarts: readonly string[] = ROUTE_RANGE_STARTS,
): RouteGroup[] => {
  const [firstStart] = rangeStarts;
  if (
    firstStart === undefined ||
    rangeStarts.some((start, i) => i > 0 && start <= (rangeStarts[i - 1] ?? ''))
  )
    throw new Error(`Route ranges must be non-empty and ascending: ${rangeStarts.join(', ')}`);
  const byStart = new Map<string, RestRoute[]>();
  for (const route of routes) {
    const key = firstSegmentOf(route).toLowerCase();
    const start = rangeStarts.findLast((candidate) => candidate <= key) ?? firstStart;
    byStart.set(start, [...(byStart.get(start) ?? []), route]);
  }
  return rangeStarts.flatMap((start) => {
    const members = byStart.get(start);
    if (!members) return [];
    return [
      {
        id: `Routes${start.charAt(0).toUpperCase()}${start.slice(1)}`,
        segments: [...new Set(members.map(firstSegmentOf))].sort(),
        routes: members,
      },
    ];
  });
};
