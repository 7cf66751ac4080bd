// Lint rules that keep the quality gates of docs/decisions/0001-toolchain.md:
// typed rules (no floating promises, no any), no focused or skipped tests, and import boundaries.
import tseslint from 'typescript-eslint';

const noFocusedOrSkipped = ['it', 'test', 'describe'].flatMap((object) =>
  ['only', 'skip'].map((property) => ({
    object,
    property,
    message: 'Focused or skipped tests never land: remove .only/.skip.',
  })),
);

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
  {
    // Dependencies flow one way: shared <- functions <- infra; web never imports functions or infra.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nutri/functions',
                '@nutri/functions/*',
                '**/functions/**',
                '@nutri/infra',
                '**/infra/**',
              ],
              message: 'web never imports functions or infra.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
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
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nutri/infra', '**/infra/**', '@nutri/web', '**/web/**'],
              message: 'functions never import infra or web.',
            },
          ],
        },
      ],
    },
  },
  {
    // The Lambda bundles: zod's named `z` is a re-exported namespace esbuild cannot tree-shake (all of zod,
    // locales and JSON Schema included, about 450 KB); the namespace import shakes (docs/decisions/0016).
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
