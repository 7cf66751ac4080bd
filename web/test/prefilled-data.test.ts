import { afterEach, describe, expect, it, vi } from 'vitest';
import { unstable_serialize, type SWRConfiguration, type SWRHook } from 'swr';
import { cache } from 'swr/_internal';
import { prefillData, prefilledDataMiddleware } from '../src/api/prefilled-data';

/** The configuration the middleware hands to the next hook for `key`. */
const configPassedOn = (key: unknown, config: SWRConfiguration = {}) => {
  let passed: SWRConfiguration | undefined;
  const next = ((_key: unknown, _fetcher: unknown, received: SWRConfiguration) => {
    passed = received;
    return undefined;
  }) as unknown as SWRHook;
  (prefilledDataMiddleware(next) as (...args: unknown[]) => unknown)(key, null, config);
  return passed;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('data prefilled before its page rendered', () => {
  it('is in SWR cache under the page hook key', async () => {
    const key = ['/Nutritionists/Public', { limit: 50, skip: 0, seed: 7 }] as const;
    await prefillData(key, { Data: [], Count: 0 });
    expect(cache.get(unstable_serialize(key))?.data).toEqual({ Data: [], Count: 0 });
  });

  it('is not fetched again when its page mounts while fresh, and is after 30 seconds', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
    await prefillData('/StaticContent/FriendlyUrl/pranzo-fuori-casa', { Id: 3 });
    expect(
      configPassedOn('/StaticContent/FriendlyUrl/pranzo-fuori-casa', { revalidateOnFocus: false }),
    ).toEqual({
      revalidateOnFocus: false,
      revalidateOnMount: false,
    });
    vi.setSystemTime(new Date('2026-11-21T10:00:31Z'));
    expect(configPassedOn('/StaticContent/FriendlyUrl/pranzo-fuori-casa')).toEqual({});
  });

  it('leaves every other key to SWR as configured', () => {
    const config = { revalidateOnFocus: true };
    expect(configPassedOn('/StaticContent/1', config)).toBe(config);
    expect(configPassedOn(null, config)).toBe(config);
    expect(configPassedOn(() => '/StaticContent/1', config)).toBe(config);
  });
});
