/**
 * Small pieces the benchmarks share: bounded integer options, a concurrency pool and percentiles.
 */
import { parseArgs } from 'node:util';

export interface OptionLimit {
  default: number;
  min: number;
  max: number;
}

/**
 * Reads `--name value` integer options, each with its default and bounds (a run must stay bounded in
 * count and time); an unknown option or a value out of bounds is refused with the bounds named.
 */
export const readBoundedOptions = <Name extends string>(
  limits: Record<Name, OptionLimit>,
): Record<Name, number> => {
  const names = Object.keys(limits) as Name[];
  const { values } = parseArgs({
    options: Object.fromEntries(
      names.map((name) => [name, { type: 'string' as const, default: String(limits[name].default) }]),
    ),
    strict: true,
  });
  const bounded = (name: Name) => {
    const raw = values[name];
    const value = Number(raw);
    const { min, max } = limits[name];
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got "${String(raw)}").`);
    return value;
  };
  return Object.fromEntries(names.map((name) => [name, bounded(name)])) as Record<Name, number>;
};

/** The p-th percentile of ascending values (NaN for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** Runs the jobs with at most `concurrency` in flight; results in job order. */
export const pool = async <T>(jobs: (() => Promise<T>)[], concurrency: number) => {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) {
        const index = next;
        next += 1;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
};

export { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from '../lib/chromium.mjs';

/** One call of the REST API under `/api/v2/` (JSON in and out); anything but 2xx throws with the answer. */
export const callApi = async <T>(
  baseUrl: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
) => {
  const response = await fetch(`${baseUrl}/api/v2/${route}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};
