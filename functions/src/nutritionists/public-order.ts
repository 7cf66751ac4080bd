/**
 * The public list's order: shuffled (spec: "shuffled randomly") yet the same for one seed, so pages
 * fetched with skip neither repeat nor miss anyone while the visitor browses.
 */
import { createHash } from 'node:crypto';
import { TIME_ZONE } from '@nutri/shared';

/** Sorting by a keyed hash is a uniform permutation per seed that needs no state and no extra index. */
export const seededOrder = <T>(items: readonly T[], idOf: (item: T) => string, seed: number): T[] =>
  items
    .map((item) => ({
      item,
      rank: createHash('sha256')
        .update(`${seed}:${idOf(item)}`)
        .digest('hex'),
    }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map(({ item }) => item);

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The seed when the client sends none: the day in Rome (e.g. 20250314), so seedless paging stays
 * consistent for a day and the order still changes daily.
 */
export const dailySeed = (now: Date) => Number(romeDay.format(now).replaceAll('-', ''));
