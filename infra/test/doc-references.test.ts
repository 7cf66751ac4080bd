/**
 * Comments and docs point only where a maintainer can follow: to docs/product.md's sections, never to
 * a part of the specification, a numbered issue or a numbered habit that the repository does not hold.
 * Every `docs/product.md#<section>` they cite must be a heading of that page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_ROOTS = ['functions', 'shared', 'web', 'infra', 'tests', 'scripts', 'docs'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'cdk.out', 'test-results', '.data']);
const TEXT_FILE = /\.(?:ts|tsx|mts|mjs|js|css|md)$/;
/** Split so this file does not match itself. */
const DEAD_REFERENCE = new RegExp(
  ['spec(?:ification)? sections?', '\\bissues? #?\\d', 'style ' + 'habit'].join('|'),
  'i',
);

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(join(directory, entry.name));
    return TEXT_FILE.test(entry.name) ? [join(directory, entry.name)] : [];
  });

const files = SOURCE_ROOTS.flatMap((root) => filesUnder(join(REPO_ROOT, root)));

/** GitHub's anchor of a heading: lower case, spaces as hyphens, punctuation dropped. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('references in comments and docs', () => {
  it('never cite a part of the specification, a numbered issue or a numbered habit', () => {
    const dead = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          DEAD_REFERENCE.test(line) ? [`${relative(REPO_ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );

    expect(dead).toEqual([]);
  });

  it('cite only sections docs/product.md has', () => {
    const product = readFileSync(join(REPO_ROOT, 'docs', 'product.md'), 'utf8');
    const sections = new Set([...product.matchAll(/^##+ (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
    const unknown = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/product\.md#([a-z0-9-]+)((?:(?:, | and | or )#[a-z0-9-]+)*)/g)]
        .flatMap((match) => [
          match[1] ?? '',
          ...[...(match[2] ?? '').matchAll(/#([a-z0-9-]+)/g)].map((m) => m[1] ?? ''),
        ])
        .filter((anchor) => !sections.has(anchor))
        .map((anchor) => `${relative(REPO_ROOT, file)}: #${anchor}`),
    );

    expect(sections.size).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  });
});
