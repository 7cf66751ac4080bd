/**
 * The local gateway's routing, built from the one route table exactly as API Gateway is: literal
 * segments and `{param}` segments, matched per method. `listLocalRoutes` reports what was registered,
 * which infra/test/route-parity.test.ts compares with the synthesized CDK template.
 */
import { restRoutes, webSocketRoutes, type RestRoute } from '@nutri/functions/routes';

interface CompiledRoute {
  route: RestRoute;
  pattern: RegExp;
  paramNames: string[];
}

export interface RestMatch {
  route: RestRoute;
  pathParameters: Record<string, string> | null;
}

/**
 * Whether every `%` in a URL's path or query starts a valid escape of UTF-8 bytes. API Gateway REST answers
 * a URL with a malformed one (`%`, `%ZZ`) or a non-UTF-8 one (`%C0%AE`, an overlong '.') with 400 itself,
 * before routing and before any Lambda runs; the local gateway checks this first, so `match` only ever
 * decodes well-formed parameters.
 */
export const isWellEncoded = (pathAndQuery: string) => {
  try {
    decodeURIComponent(pathAndQuery);
    return true;
  } catch {
    return false;
  }
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compile = (route: RestRoute): CompiledRoute => {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = segment.match(/^\{([A-Za-z0-9_]+)\}$/);
      if (param?.[1]) {
        paramNames.push(param[1]);
        return '([^/]+)';
      }
      return escapeRegExp(segment);
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), paramNames };
};

export const createRestRouter = (routes: readonly RestRoute[] = restRoutes) => {
  // Literal routes win over parameterised ones, as in API Gateway.
  const compiled = routes.map(compile).sort((a, b) => a.paramNames.length - b.paramNames.length);
  // Literal paths are looked up, not matched one pattern after another: the gateway routes every request.
  const literal = new Map<string, RestRoute[]>();
  for (const { route, paramNames } of compiled) {
    if (paramNames.length) continue;
    for (const path of [route.path, `${route.path}/`])
      literal.set(path, [...(literal.get(path) ?? []), route]);
  }
  const parameterised = compiled.filter(({ paramNames }) => paramNames.length > 0);

  return {
    /** The route for a method and path; `methodNotAllowed` when the path exists with other methods. */
    match(method: string, path: string): RestMatch | 'methodNotAllowed' | undefined {
      const wanted = method.toUpperCase();
      const literals = literal.get(path);
      const route = literals?.find((candidate) => candidate.method === wanted);
      if (route) return { route, pathParameters: null };
      let pathKnown = literals !== undefined;
      for (const candidate of parameterised) {
        const found = candidate.pattern.exec(path);
        if (!found) continue;
        pathKnown = true;
        if (candidate.route.method !== wanted) continue;
        const pathParameters = Object.fromEntries(
          candidate.paramNames.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
        );
        return { route: candidate.route, pathParameters };
      }
      return pathKnown ? 'methodNotAllowed' : undefined;
    },
    list: () => compiled.map(({ route }) => ({ method: route.method, path: route.path })),
  };
};

export const listLocalRoutes = () => ({
  rest: createRestRouter().list(),
  webSocket: webSocketRoutes.map((route) => route.routeKey),
});
