import { beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../../src/http/errors';
import { INVALID_CURSOR_MESSAGE, InvalidCursorError, pageCursor } from '../../src/platform/db/cursor';
import { generateJwtKeys, resetTokenKeys } from '../../src/platform/tokens';
import { useTestConfig } from './support/test-config';

beforeAll(async () => {
  useTestConfig({
    JWT_KEYS_JSON: JSON.stringify(await generateJwtKeys()),
  });
  resetTokenKeys();
});

const KEY = { pk: 'NUTRITIONIST#a', sk: 'REVIEW#2026-01-01', gsi2pk: 'NUTRITIONIST#a#REVIEWS' };

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidCursorError);
  // The platform knows nothing of HTTP: the HTTP layer answers the refusal with a 400.
  expect(toErrorResponse(error)).toMatchObject({
    status: 400,
    body: { code: 'bad_request', message: INVALID_CURSOR_MESSAGE },
  });
};

describe('page cursors', () => {
  it('round-trip the start key on the list they were issued for', async () => {
    const cursor = pageCursor('approved-reviews', 'a');
    const token = await cursor.encode(KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await cursor.decode(token!)).toEqual(KEY);
    expect(await cursor.encode(undefined)).toBeNull();
    expect(await cursor.decode(undefined)).toBeUndefined();
  });

  it('bind the filters given as an object', async () => {
    const token = await pageCursor('bookings', 'me', { view: 'home', statusId: 1 }).encode(KEY);
    expect(await pageCursor('bookings', 'me', { view: 'home', statusId: 1 }).decode(token!)).toEqual(KEY);
    await refusal(pageCursor('bookings', 'me', { view: 'home', statusId: 2 }).decode(token!));
  });

  it('are refused on another list, another partition or with parts shifted', async () => {
    const token = (await pageCursor('approved-reviews', 'a').encode(KEY))!;
    await refusal(pageCursor('approved-reviews', 'b').decode(token));
    await refusal(pageCursor('reviews-by-status', 'a').decode(token));
    await refusal(pageCursor('approved-reviews').decode(token));
    const shifted = (await pageCursor('tags', 'a', 'b:c').encode(KEY))!;
    await refusal(pageCursor('tags', 'a:b', 'c').decode(shifted));
  });

  it('are refused when forged or tampered with', async () => {
    const token = (await pageCursor('galleries').encode(KEY))!;
    const [payload, signature] = token.split('.') as [string, string];
    const otherKey = Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE' })).toString('base64url');
    for (const forged of [
      payload,
      otherKey,
      `${otherKey}.${signature}`,
      `${payload}.${signature.slice(0, -1)}A`,
      `${payload}.${signature}.x`,
      '.',
      'a.b',
    ]) {
      await refusal(pageCursor('galleries').decode(forged));
    }
  });
});
