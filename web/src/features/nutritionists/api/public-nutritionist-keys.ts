/**
 * The request keys of the public nutritionist pages, shared by the page hooks and the app's data prefetch of
 * a deep link (app/prefetch-route-data.ts), and the list's per-visit shuffle seed.
 */
import { apiPath } from '../../../api/client';
import { PAGE_SIZE } from '../../../lib/shared-values';

export const publicNutritionistByUrlKey = (friendlyUrl: string) =>
  apiPath('Nutritionists', 'Public', 'FriendlyUrl', friendlyUrl);

export const PUBLIC_NUTRITIONISTS_PATH = '/Nutritionists/Public';
export const NUTRITIONISTS_PAGE_SIZE = PAGE_SIZE.nutritionistList;

const SEED_STORAGE_KEY = 'nutri.nutritionistsSeed';
const MAX_SEED = 2 ** 31 - 1;

const randomSeed = () => {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return value[0]! % MAX_SEED;
};

let memorySeed: number | null = null;

/** This visit's seed: from sessionStorage, or drawn now and stored (in memory when storage is blocked). */
export const visitSeed = (): number => {
  try {
    const stored = Number(sessionStorage.getItem(SEED_STORAGE_KEY));
    if (Number.isInteger(stored) && stored > 0 && stored <= MAX_SEED) return stored;
    const seed = randomSeed() || 1;
    sessionStorage.setItem(SEED_STORAGE_KEY, String(seed));
    return seed;
  } catch {
    memorySeed ??= randomSeed() || 1;
    return memorySeed;
  }
};

/**
 * Makes `seed` this visit's seed: a prerendered list page was drawn with it, and the page the browser
 * takes over (hydrates) must ask for the same order it shows.
 */
export const adoptVisitSeed = (seed: number) => {
  if (!Number.isInteger(seed) || seed <= 0 || seed > MAX_SEED) return;
  memorySeed = seed;
  try {
    sessionStorage.setItem(SEED_STORAGE_KEY, String(seed));
  } catch {
    // Storage blocked: the seed lives in memory for this page.
  }
};

/** The list's page number from the address's `page` value: 1 unless it is a whole number from 1. */
export const listPageFrom = (value: string | null) => {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

export const publicNutritionistsKey = (page: number, seed: number) =>
  [
    PUBLIC_NUTRITIONISTS_PATH,
    { limit: NUTRITIONISTS_PAGE_SIZE, skip: (page - 1) * NUTRITIONISTS_PAGE_SIZE, seed },
  ] as const;
