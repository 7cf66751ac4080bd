/**
 * A list's filters kept in the address (`?status=…&from=…`), so a filtered list can be reloaded,
 * bookmarked or opened from a link. `change` sets parameters, or removes them for '' / null / undefined.
 *
 * Each change builds on the previous one even before the page has re-rendered: React Router's own
 * `setSearchParams` starts from the parameters of the last render, so two quick changes (typing the two
 * dates of a range) would lose the first.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export type AddressFilterChanges = Record<string, string | number | null | undefined>;

export const useAddressFilters = () => {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // Back/forward and links change the address from outside: start again from what is shown.
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (changes: AddressFilterChanges) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === null || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, change] as const;
};
