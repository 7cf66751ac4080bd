import { describe, expect, it } from 'vitest';
import { AddressFilterState } from '../src/lib/use-address-filters';

const params = (query: string) => new URLSearchParams(query);

describe('filters kept in the address', () => {
  it('two quick changes keep both, whatever the renders in between show', () => {
    const state = new AddressFilterState(params('paid=false'));
    state.change({ paid: undefined });
    state.change({ from: '2026-12-02' });
    // The router renders the first navigation only now, after the second was asked for.
    state.rendered(params(''));
    expect(state.change({ to: '2026-12-02' }).toString()).toBe('from=2026-12-02&to=2026-12-02');
  });

  it('renders of its own addresses, in order, leave the newest parameters', () => {
    const state = new AddressFilterState(params(''));
    state.change({ statusId: 2 });
    state.change({ bookingTypeId: 1 });
    state.rendered(params('statusId=2'));
    state.rendered(params('statusId=2&bookingTypeId=1'));
    expect(state.change({ order: 'asc' }).toString()).toBe('statusId=2&bookingTypeId=1&order=asc');
  });

  it('an address it never asked for (back, a link) is the new start', () => {
    const state = new AddressFilterState(params('statusId=2'));
    state.change({ from: '2026-12-02' });
    state.rendered(params('statusId=2&from=2026-12-02'));
    state.rendered(params('nutritionistUserId=n-1'));
    expect(state.change({ paid: 'true' }).toString()).toBe('nutritionistUserId=n-1&paid=true');
  });

  it('empty values remove their parameter', () => {
    const state = new AddressFilterState(params('from=2026-12-01&to=2026-12-02&paid=true'));
    expect(state.change({ from: '', to: null, paid: undefined }).toString()).toBe('');
  });
});
