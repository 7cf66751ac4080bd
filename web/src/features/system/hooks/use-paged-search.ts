/**
 * A search form whose results come newest first, a page at a time (the audit trail, the log viewer): the
 * filters, the rows loaded so far, the next page's cursor, the fields the server refused with their Italian
 * messages, and the search's own failure.
 */
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/api-error';
import { summarizeSaveError } from '../../../ui/form/server-errors';

export interface SearchPage<Row> {
  Data: Row[];
  NextCursor: string | null;
}

export function usePagedSearch<Filters, Row>(
  initialFilters: () => Filters,
  fetchPage: (filters: Filters, cursor?: string) => Promise<SearchPage<Row>>,
  failure: string,
) {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The first page of the current filters, or (with a cursor) the next one appended. */
  const load = async (cursor?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const page = await fetchPage(filters, cursor);
      setRows((current) => [...(cursor && current ? current : []), ...page.Data]);
      setNext(page.NextCursor);
      setErrors({});
    } catch (error) {
      setErrors(
        isApiError(error)
          ? Object.fromEntries(
              Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(' ')]),
            )
          : {},
      );
      setProblem(summarizeSaveError(error, failure).title);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void load();
  };
  const set = <K extends keyof Filters>(field: K, value: Filters[K]) =>
    setFilters((current) => ({ ...current, [field]: value }));

  return { filters, set, rows, next, errors, problem, busy, load, submit };
}
