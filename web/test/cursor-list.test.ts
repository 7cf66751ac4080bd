import { describe, expect, it } from 'vitest';
import { filtersOf, pagesFor } from '../src/api/cursor-list';

const page = (loadedFor: string, names: string[]) => ({
  Data: names,
  NextCursor: null,
  loadedFor,
});

describe('a paged list shows only pages loaded for the filters on screen', () => {
  const path = '/api/v2/Admin/Bookings';
  const all = filtersOf(path, { nutritionistUserId: 'n-1', limit: 25 });
  const fromDay = filtersOf(path, { nutritionistUserId: 'n-1', from: '2026-12-02', limit: 25 });

  it('names the same filters alike whatever their order, cursor and unset ones left out', () => {
    expect(filtersOf(path, { limit: 25, nutritionistUserId: 'n-1', to: undefined, cursor: 'c2' })).toBe(all);
    expect(fromDay).not.toBe(all);
    expect(filtersOf('/api/v2/Other', { nutritionistUserId: 'n-1', limit: 25 })).not.toBe(all);
  });

  it('shows pages loaded for these filters', () => {
    const pages = [page(all, ['a', 'b']), page(all, ['c'])];
    expect(pagesFor(pages, all)).toBe(pages);
  });

  it('hides pages loaded for the filters of a moment ago, even one among others', () => {
    expect(pagesFor([page(fromDay, ['a', 'b'])], all)).toBeUndefined();
    expect(pagesFor([page(all, ['a']), page(fromDay, ['b'])], all)).toBeUndefined();
    expect(pagesFor(undefined, all)).toBeUndefined();
  });
});
