/**
 * The early route script's plan (src/app/early): which deep links it recognises, the exact request URL the
 * page's data hook will ask for (so the API client can adopt it), and the image it preloads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyResponse } from '../src/api/early-request';
import { apiUrl } from '../src/api/client';
import { earlyRequestUrl, earlyRouteOf, matchPattern } from '../src/app/early/early-route';
import { largestImageOf } from '../src/app/early/largest-image';
import { staticContentByUrlKey, staticContentKey } from '../src/features/content/api/static-content-keys';
import { ARTICLE_COVER_SIZES } from '../src/features/content/image-sizes';
import { publicNutritionistByUrlKey } from '../src/features/nutritionists/api/public-nutritionist-keys';
import { NUTRITIONIST_CARD_SIZES, NUTRITIONIST_PHOTO_SIZES } from '../src/features/nutritionists/image-sizes';

const at = (pathname: string, search = '') => ({ pathname, search });
const urls = { '400': '/a-400.webp', '800': '/a-800.webp', '1200': '/a-1200.webp' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('matchPattern', () => {
  it('matches like the router: case-insensitive, trailing slash ignored, params decoded', () => {
    expect(matchPattern('/Nutritionists/:friendlyUrl', '/nutritionists/elena-marino/')).toEqual({
      friendlyUrl: 'elena-marino',
    });
    expect(matchPattern('/Blog/:friendlyUrl', '/Blog/caff%C3%A8')).toEqual({ friendlyUrl: 'caffè' });
    expect(matchPattern('/Blog/:friendlyUrl', '/Blog')).toBeNull();
    expect(matchPattern('/Blog/:friendlyUrl', '/Blog/a/b')).toBeNull();
    expect(matchPattern('/Blog/:friendlyUrl', '/Blog/%E0%A4%A')).toBeNull();
  });
});

describe('earlyRouteOf and earlyRequestUrl', () => {
  it('requests the URL the page hooks request', () => {
    const profile = earlyRouteOf(at('/Nutritionists/elena-marino'));
    expect(profile).toEqual({ page: 'profile', key: publicNutritionistByUrlKey('elena-marino') });
    expect(earlyRequestUrl(profile!)).toBe('/api/v2/Nutritionists/Public/FriendlyUrl/elena-marino');

    const article = earlyRouteOf(at('/Blog/pranzo-fuori-casa'));
    expect(earlyRequestUrl(article!)).toBe(apiUrl(staticContentByUrlKey('pranzo-fuori-casa')));
    expect(earlyRequestUrl(earlyRouteOf(at('/About'))!)).toBe(apiUrl(staticContentKey(1)));
  });

  it('asks for the page of the list in the address, with this visit’s seed', () => {
    const first = earlyRouteOf(at('/Nutritionists'));
    const third = earlyRouteOf(at('/Nutritionists', '?page=3'));
    const url = new URL(earlyRequestUrl(third!)!, 'http://x');
    expect(url.pathname).toBe('/api/v2/Nutritionists/Public');
    expect(url.searchParams.get('limit')).toBe('50');
    expect(url.searchParams.get('skip')).toBe('100');
    expect(new URL(earlyRequestUrl(first!)!, 'http://x').searchParams.get('seed')).toBe(
      url.searchParams.get('seed'),
    );
    expect(
      new URL(earlyRequestUrl(earlyRouteOf(at('/Nutritionists', '?page=x'))!)!, 'http://x').searchParams.get(
        'skip',
      ),
    ).toBe('0');
  });

  it('preloads only the chunk of the other content pages, and nothing elsewhere', () => {
    const faq = earlyRouteOf(at('/FAQ'));
    expect(faq).toEqual({ page: 'static', key: null });
    expect(earlyRequestUrl(faq!)).toBeNull();
    for (const pathname of ['/', '/Login', '/Patients', '/Nutritionists/a/b', '/Chat'])
      expect(earlyRouteOf(at(pathname))).toBeNull();
  });
});

describe('largestImageOf', () => {
  it('is the image each page renders largest, with the same sizes', () => {
    expect(largestImageOf({ page: 'profile', key: 'k' }, { ImageFilePath: urls })).toEqual({
      urls,
      sizes: NUTRITIONIST_PHOTO_SIZES,
    });
    expect(largestImageOf({ page: 'article', key: 'k' }, { ImageFilePath: urls })).toEqual({
      urls,
      sizes: ARTICLE_COVER_SIZES,
    });
    const list = earlyRouteOf(at('/Nutritionists'))!;
    expect(largestImageOf(list, { Data: [{ ImageFilePath: urls }, { ImageFilePath: null }] })).toEqual({
      urls,
      sizes: NUTRITIONIST_CARD_SIZES,
    });
  });

  it('is nothing without an image or data', () => {
    expect(largestImageOf({ page: 'profile', key: 'k' }, { ImageFilePath: null })).toBeNull();
    expect(largestImageOf({ page: 'article', key: 'k' }, null)).toBeNull();
    expect(largestImageOf(earlyRouteOf(at('/Nutritionists'))!, { Data: [] })).toBeNull();
    expect(largestImageOf({ page: 'about', key: 'k' }, { ImageFilePath: urls })).toBeNull();
  });
});

describe('takeEarlyResponse', () => {
  it('hands the early request over once, and only for its URL', async () => {
    const response = Promise.resolve(new Response('{}'));
    vi.stubGlobal('window', { __nutriEarlyRequest: { url: '/api/v2/StaticContent/1', response } });
    expect(takeEarlyResponse('/api/v2/StaticContent/2')).toBeNull();
    expect(takeEarlyResponse('/api/v2/StaticContent/1')).toBe(response);
    expect(takeEarlyResponse('/api/v2/StaticContent/1')).toBeNull();
    await response;
  });
});
