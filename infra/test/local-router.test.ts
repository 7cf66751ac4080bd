import { describe, expect, it } from 'vitest';
import type { RestRoute } from '@nutri/functions/routes';
import { createRestRouter, isWellEncoded } from '../local/router';

const route = (method: RestRoute['method'], path: string): RestRoute => ({
  method,
  path,
  area: 'system',
  operation: `${method} ${path}`,
  access: 'public',
});

describe('local REST router', () => {
  const router = createRestRouter([
    route('GET', '/api/v2/Chat/Messages/{userId}'),
    route('GET', '/api/v2/Chat/Messages/latest'),
    route('POST', '/api/v2/Chat/Messages/{userId}'),
  ]);

  it('prefers literal segments over parameters, as API Gateway does', () => {
    expect(router.match('GET', '/api/v2/Chat/Messages/latest')).toMatchObject({
      route: { path: '/api/v2/Chat/Messages/latest' },
      pathParameters: null,
    });
  });

  it('extracts and decodes path parameters', () => {
    expect(router.match('GET', '/api/v2/Chat/Messages/a%20b')).toMatchObject({
      pathParameters: { userId: 'a b' },
    });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('DELETE', '/api/v2/Chat/Messages/x')).toBe('methodNotAllowed');
    expect(router.match('GET', '/api/v2/Chat/Nope/x')).toBeUndefined();
    expect(router.match('GET', '/api/v2/Chat/Messages/x/y')).toBeUndefined();
  });

  it('tells well-formed percent-encoding from what API Gateway refuses with 400', () => {
    for (const ok of ['/api/v2/Chat/Messages/a%20b', '/api/v2/x?q=%E2%9C%93&r=a+b', '/api/v2/x'])
      expect(isWellEncoded(ok)).toBe(true);
    for (const bad of [
      '/api/v2/Chat/Messages/%',
      '/api/v2/Chat/Messages/%ZZ',
      '/api/v2/x/%C0%AE',
      '/x?q=%E2%9C',
    ])
      expect(isWellEncoded(bad)).toBe(false);
  });
});
