/**
 * Which deep links the app's data prefetch recognises, with the keys the page hooks use (app/deep-link-route.ts),
 * and the path matching the prerenderer shares.
 */
import { describe, expect, it } from 'vitest';
import { deepLinkRouteOf } from '../src/app/deep-link-route';
import { matchPattern } from '../src/lib/match-pattern';
import { staticContentByUrlKey, staticContentKey } from '../src/features/content/api/static-content-keys';
import {
  publicNutritionistByUrlKey,
  publicNutritionistsKey,
  visitSeed,
} from '../src/features/nutritionists/api/public-nutritionist-keys';

const at = (pathname: string, search = '') => ({ pathname, search });

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

describe('deepLinkRouteOf', () => {
  it('gives the key the page hooks request', () => {
    expect(deepLinkRouteOf(at('/Nutritionists/elena-marino'))).toEqual({
      page: 'profile',
      key: publicNutritionistByUrlKey('elena-marino'),
    });
    expect(deepLinkRouteOf(at('/Blog/pranzo-fuori-casa'))).toEqual({
      page: 'article',
      key: staticContentByUrlKey('pranzo-fuori-casa'),
    });
    expect(deepLinkRouteOf(at('/About'))).toEqual({ page: 'about', key: staticContentKey(1) });
  });

  it('asks for the page of the list in the address, with this visit’s seed', () => {
    expect(deepLinkRouteOf(at('/Nutritionists', '?page=3'))).toEqual({
      page: 'nutritionists',
      key: publicNutritionistsKey(3, visitSeed()),
    });
    expect(deepLinkRouteOf(at('/Nutritionists', '?page=x'))).toEqual({
      page: 'nutritionists',
      key: publicNutritionistsKey(1, visitSeed()),
    });
  });

  it('has nothing to request for the other content pages, and knows no other page', () => {
    expect(deepLinkRouteOf(at('/FAQ'))).toEqual({ page: 'static', key: null });
    for (const pathname of ['/', '/Login', '/Patients', '/Nutritionists/a/b', '/Chat'])
      expect(deepLinkRouteOf(at(pathname))).toBeNull();
  });
});
