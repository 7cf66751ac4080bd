/**
 * The Node versions the repository declares (package.json `engines`, which the README repeats) must be
 * ones every installed package accepts: otherwise `npm ci` and `npm start` print EBADENGINE warnings and
 * the declaration is not true. Reads the lockfile, so it checks exactly what `npm ci` installs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

describe('declared Node versions', () => {
  it('are accepted by every package npm ci installs', () => {
    const declared = rootPackage.engines.node;
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // Optional packages of other platforms (another OS's native binary) are skipped by npm, engines too.
      if (!path || !range || (entry.optional && !existsSync(join(REPO_ROOT, path)))) return [];
      return semver.subset(declared, range) ? [] : [`${path}@${entry.version ?? '?'} wants node ${range}`];
    });

    expect(refusing).toEqual([]);
  });

  it('are the ones the README names', () => {
    // "^20.19.0 || ^22.13.0 || >=24" reads "20.19+, 22.13+ or 24+" there.
    const minimums = rootPackage.engines.node.split('||').map((part) => {
      const minimum = semver.minVersion(part.trim());
      return minimum ? `${minimum.major}${minimum.minor ? `.${minimum.minor}` : ''}+` : part;
    });
    const listed = `${minimums.slice(0, -1).join(', ')} or ${minimums.at(-1)}`;

    expect(readme).toContain(`needs Node.js ${listed}`);
  });
});
