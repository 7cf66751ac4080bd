// Lint rules that keep the quality gates of docs/decisions/0001-toolchain.md:
// typed rules (no floating promises, no any), no focused or skipped tests, and import boundaries.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

const noFocusedOrSkipped = ['it', 'test', 'describe'].flatMap((object) =>
  ['only', 'skip'].map((property) => ({
    object,
    property,
    message: 'Focused or skipped tests never land: remove .only/.skip.',
  })),
);

/** The folders directly under `dir` (areas, features), read so that a new one is covered at once. */
const foldersOf = (dir) =>
  readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Areas and features (docs/decisions/0015-area-boundaries.md). Another area of functions/src is imported
 * only through its index.ts, another feature of web/src/features only through its index.ts(x), and the
 * app shell uses a feature's index, its pages.ts (the pages its lazily loaded areas show) or its lazy.ts
 * (one component it loads on demand). platform,
 * http and route-table (each area's routes, one file per area) are shared layers, not areas: any area
 * imports their files. An area's handler.ts is its Lambda's
 * composition root: nothing imports it. dependency-cruiser (.dependency-cruiser.cjs) checks the same
 * boundaries on the resolved graph and refuses import cycles.
 */
const SHARED_LAYERS = ['platform', 'http', 'route-table'];
const AREAS = foldersOf('functions/src').filter((name) => !SHARED_LAYERS.includes(name));
const FEATURES = foldersOf('web/src/features');
/** How deep files sit below their area or feature folder (web/src/features/admin/content/pages/x.tsx: 2). */
const DEPTHS = [0, 1, 2, 3];

const layerRule = {
  functions: {
    group: ['@nutri/infra', '**/infra/**', '@nutri/web', '**/web/**'],
    message: 'functions never import infra or web.',
  },
  web: {
    group: ['@nutri/functions', '@nutri/functions/*', '**/functions/**', '@nutri/infra', '**/infra/**'],
    message: 'web never imports functions or infra.',
  },
  shared: {
    group: [
      '@nutri/functions',
      '@nutri/functions/*',
      '**/functions/**',
      '@nutri/web',
      '**/web/**',
      '**/infra/**',
    ],
    message: 'shared depends on nothing of ours.',
  },
};
const noHandlerImport = {
  regex: '(^|/)handler$',
  message: "An area's handler.ts is its Lambda's composition root: nothing imports it.",
};
const restrictImports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A relative import leaving a file `depth` folders below its own folder into a sibling folder's files,
 * other than the sibling's extra public entries (`entries`, file names without extension).
 */
const deepIntoSibling = (depth, own, siblings, entries = []) =>
  `^(\\.\\./){${depth + 1}}(?!\\.\\./)(?!${escape(own)}/)(${siblings.map(escape).join('|')})/${
    entries.length ? `(?!(?:${entries.map(escape).join('|')})$)` : ''
  }.+`;
/**
 * Besides its index.ts, an area may have a start.ts: the little a Lambda's start path needs of it (the
 * session check), kept apart so that the lazily used parts its index re-exports stay out of the chunks a
 * cold start reads (docs/decisions/0017-lean-lambdas.md).
 */
const AREA_START_ENTRIES = ['start'];

const importBoundaries = [
  restrictImports(['functions/**/*.ts'], [layerRule.functions, noHandlerImport]),
  ...AREAS.flatMap((area) =>
    DEPTHS.map((depth) =>
      restrictImports(
        [`functions/src/${area}/${'*/'.repeat(depth)}*.ts`],
        [
          layerRule.functions,
          noHandlerImport,
          {
            regex: deepIntoSibling(depth, area, AREAS, AREA_START_ENTRIES),
            message: `Another area is imported only through its index.ts (e.g. '../bookings') or its start.ts, never its other files.`,
          },
        ],
      ),
    ),
  ),
  // Tests of the web app (web/test) may import a feature's files to test them.
  restrictImports(['web/**/*.{ts,tsx}'], [layerRule.web]),
  restrictImports(
    ['web/src/**/*.{ts,tsx}'],
    [
      layerRule.web,
      {
        regex: '(^|/)features/[^/]+/(?!(pages|lazy)$).+',
        message:
          "The app uses a feature only through its index.ts(x), pages.ts or lazy.ts (e.g. '../features/auth').",
      },
    ],
  ),
  ...FEATURES.flatMap((feature) =>
    DEPTHS.map((depth) =>
      restrictImports(
        [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        [
          layerRule.web,
          {
            regex: deepIntoSibling(depth, feature, FEATURES),
            message:
              "Another feature is imported only through its index.ts(x) (e.g. '../../auth'), never its files.",
          },
        ],
      ),
    ),
  ),
  restrictImports(['shared/**/*.ts'], [layerRule.shared]),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'cdk.out/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', ...noFocusedOrSkipped],
      'no-restricted-globals': [
        'error',
        { name: 'xit', message: 'No skipped tests.' },
        { name: 'xdescribe', message: 'No skipped tests.' },
      ],
    },
  },
  ...importBoundaries,
  {
    // The Lambda bundles: zod's named `z` is a re-exported namespace esbuild cannot tree-shake (all of zod,
    // locales and JSON Schema included, about 450 KB); the namespace import shakes (docs/decisions/0017-lean-lambdas.md).
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Import zod as a namespace: import * as z from 'zod' (the named z defeats tree-shaking).",
        },
      ],
    },
  },
);
