/**
 * The log viewer's local source: the JSON lines the local runtime writes per area (`<dir>/<area>.log`, and
 * `<area>.log.1` once it rotated: infra/local/log-files.ts). The files are bounded, so reading them whole
 * for a search is fine on one machine.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogArea } from '@nutri/shared';
import { matchesFields, type LogFilter, type LogSource, type RawLogLine } from './log-source';

const readLines = async (file: string) => {
  try {
    return (await readFile(file, 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

const linesOfArea = async (dir: string, area: LogArea, filter: LogFilter): Promise<RawLogLine[]> => {
  // Oldest first: the rotated file, then the current one.
  const texts = [
    ...(await readLines(join(dir, `${area}.log.1`))),
    ...(await readLines(join(dir, `${area}.log`))),
  ];
  const found: RawLogLine[] = [];
  for (const text of texts) {
    if (!text) continue;
    let fields: Record<string, unknown>;
    try {
      fields = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    const atMs = Date.parse(String(fields.timestamp));
    if (!(atMs >= filter.fromMs && atMs <= filter.toMs) || !matchesFields(filter, fields)) continue;
    found.push({ atMs, area, fields });
  }
  return found;
};

export const localLogSource = (dir: string): LogSource => ({
  newest: async (filter, limit) => {
    const lines = (await Promise.all(filter.areas.map((area) => linesOfArea(dir, area, filter)))).flat();
    // Newest first; within one millisecond, the later line of a file first (a stable order between pages).
    const indexed = lines.map((line, index) => ({ line, index }));
    indexed.sort((a, b) => b.line.atMs - a.line.atMs || b.index - a.index);
    return indexed.slice(0, limit).map(({ line }) => line);
  },
});
