/**
 * A list's filters kept in the address (`?status=…&from=…`), so a filtered list can be reloaded,
 * bookmarked or opened from a link. `change` sets parameters, or removes them for '' / null / undefined.
 *
 * Each change builds on the previous one even before the page has re-rendered: React Router's own
 * `setSearchParams` starts from the parameters of the last render, so two quick changes (typing the two
 * dates of a range) would lose the first. The bookkeeping is `AddressFilterState`, kept apart from React
 * so its ordering rules are tested on their own (web/test/address-filters.test.ts).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export type AddressFilterChanges = Record<string, string | number | null | undefined>;

/**
 * The parameters the next change starts from. A render may show an address this page asked for earlier
 * and has already moved past (the router renders each of two quick navigations in turn): that render must
 * not take the place of the newer parameters, or the change after it would drop what came between. Only an
 * address the page never asked for (back/forward, a link) replaces them.
 */
export class AddressFilterState {
  private latest: URLSearchParams;
  /** Addresses asked for and not rendered yet, oldest first. */
  private pending: string[] = [];

  constructor(initial: URLSearchParams) {
    this.latest = new URLSearchParams(initial);
  }

  /** Applies changes to the newest parameters and returns the address to navigate to. */
  change(changes: AddressFilterChanges): URLSearchParams {
    const next = new URLSearchParams(this.latest);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    this.latest = next;
    this.pending.push(next.toString());
    return next;
  }

  /** A render showed these parameters. */
  rendered(params: URLSearchParams) {
    const shown = params.toString();
    const ours = this.pending.indexOf(shown);
    if (ours >= 0) {
      // One of ours: it and any older ones are done; the newest parameters stay.
      this.pending = this.pending.slice(ours + 1);
      return;
    }
    if (shown === this.latest.toString()) return;
    this.latest = new URLSearchParams(params);
    this.pending = [];
  }
}

export const useAddressFilters = () => {
  const [params, setParams] = useSearchParams();
  const state = useRef<AddressFilterState | null>(null);
  state.current ??= new AddressFilterState(params);
  useEffect(() => {
    state.current!.rendered(params);
  }, [params]);
  const change = useCallback(
    (changes: AddressFilterChanges) => setParams(state.current!.change(changes), { replace: true }),
    [setParams],
  );
  return [params, change] as const;
};
