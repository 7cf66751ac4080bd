import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH } from '@nutri/shared';
import {
  ApiError,
  NetworkError,
  apiErrorFromResponse,
  isApiErrorBody,
  parseBody,
} from '../src/api/api-error';
import { API_BASE, apiPath, apiRequest, apiUrl, setAccessTokenProvider } from '../src/api/client';

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenProvider(() => null);
});

describe('ApiError building', () => {
  it('carries method, URL, status, status text and the JSON body', async () => {
    const response = new Response(JSON.stringify({ code: 'unauthorized', message: 'Accesso richiesto' }), {
      status: 401,
      statusText: 'Unauthorized',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    const error = await apiErrorFromResponse('POST', '/api/v2/Account/Login', response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      method: 'POST',
      url: '/api/v2/Account/Login',
      status: 401,
      statusText: 'Unauthorized',
    });
    expect(error.body).toEqual({ code: 'unauthorized', message: 'Accesso richiesto' });
    expect(error.code).toBe('unauthorized');
    expect(error.serverMessage).toBe('Accesso richiesto');
    expect(error.message).toBe('POST /api/v2/Account/Login -> 401 Unauthorized');
  });

  it('keeps a text body as text and reads Retry-After', async () => {
    const response = new Response('Bad gateway', {
      status: 502,
      statusText: 'Bad Gateway',
      headers: { 'Retry-After': '30' },
    });
    const error = await apiErrorFromResponse('GET', '/api/v2/x', response);
    expect(error.body).toBe('Bad gateway');
    expect(error.errorBody).toBeNull();
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('exposes field errors of a validation error', () => {
    const error = new ApiError({
      method: 'POST',
      url: '/u',
      status: 400,
      statusText: 'Bad Request',
      body: {
        code: 'validation_failed',
        message: 'Alcuni dati non sono validi.',
        Errors: { newPassword: ['Minimo 8'] },
      },
    });
    expect(error.fieldErrors).toEqual({ newPassword: ['Minimo 8'] });
  });

  it('recognises the error body shape', () => {
    expect(isApiErrorBody({ code: 'x', message: 'y' })).toBe(true);
    expect(isApiErrorBody({ code: 'x', message: 'y', Errors: { a: ['b'] } })).toBe(true);
    expect(isApiErrorBody({ code: 'x' })).toBe(false);
    expect(isApiErrorBody({ code: 'x', message: 'y', Errors: { a: 'b' } })).toBe(false);
    expect(parseBody('application/problem+json', '{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('application/json', '{broken')).toBe('{broken');
    expect(parseBody('text/plain', '{"a":1}')).toBe('{"a":1}');
  });
});

describe('API client', () => {
  it('builds /api/v2 URLs', () => {
    expect(API_BASE).toBe(API_BASE_PATH);
    expect(apiUrl('/UserDetails')).toBe('/api/v2/UserDetails');
    expect(apiUrl('UserDetails', { a: 1, b: undefined, c: null, d: ['x', 'y'] })).toBe(
      '/api/v2/UserDetails?a=1&d=x&d=y',
    );
    expect(apiPath('Patients', 'Unsubscribe', 'a/b c')).toBe('/Patients/Unsubscribe/a%2Fb%20c');
  });

  it('sends JSON with the bearer token and reads JSON back', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(() => Promise.resolve('token-1'));
    await expect(apiRequest('/UserDetails', { method: 'PATCH', body: { Name: 'Anna' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v2/UserDetails');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"Name":"Anna"}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
  });

  it('leaves the token out of sign-in calls and returns undefined for 204', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(() => 'token-1');
    await expect(
      apiRequest('/Account/Logout', { method: 'POST', body: {}, auth: false }),
    ).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('raises ApiError for non-OK answers and NetworkError when there is no answer', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response('{"code":"too_many_requests","message":"Troppi tentativi."}', {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Content-Type': 'application/json', 'Retry-After': '60' },
        }),
      ),
    );
    const error = await apiRequest('/Account/Login', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      method: 'POST',
      url: '/api/v2/Account/Login',
      retryAfterSeconds: 60,
    });

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/UserDetails')).rejects.toBeInstanceOf(NetworkError);
  });
});
