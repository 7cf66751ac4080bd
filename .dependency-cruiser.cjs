/**
 * Import structure checks run by `npm run lint` (docs/decisions/0015-area-boundaries.md).
 *
 * ESLint's no-restricted-imports refuses deep imports into another area or feature file by file, as
 * the editor shows them; dependency-cruiser sees the whole graph, which ESLint cannot: it refuses any
 * import cycle between files and any cycle between areas (functions/src/<area>) or features
 * (web/src/features/<feature>), and repeats the deep-import rule as a safety net for imports ESLint's
 * patterns could miss (dynamic imports, re-exports).
 *
 * Shared layers, not areas: functions/src/platform, functions/src/http and functions/src/route-table may be
 * imported file by file from anywhere in functions/src; routes.ts and each area's handler.ts are the composition root.
 */

const AREAS = [
  'accounts',
  'billing',
  'bookings',
  'chat',
  'content',
  'jobs',
  'nutritionists',
  'onboarding',
  'payments',
  'realtime',
  'settings',
  'site',
  'system',
].join('|');

/** A file of an area other than the importer's (group 1 of `from.path` is the importer's area). */
const otherArea = `^functions/src/(?!$1/)(?:${AREAS})/`;
/** An area's public surface: its index.ts, and start.ts (what a Lambda's start path needs of it). */
const areaIndex = `^functions/src/(?:${AREAS})/(?:index|start)\\.ts$`;

/** A feature other than the importer's, and a feature's public entries (index.ts(x), pages.ts, lazy.ts). */
const otherFeature = '^web/src/features/(?!$1/)[^/]+/';
const featureEntry = '^web/src/features/[^/]+/(?:index\\.tsx?|pages\\.ts|lazy\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Files never import each other in a circle (one of them reaches the other half-initialised).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-area-cycle',
      severity: 'error',
      comment:
        'Areas and features depend on each other in one direction only: a cycle means one of them owns ' +
        'something that belongs to the other (move it down to shared or platform, or invert the call).',
      scope: 'folder',
      from: { path: `^(?:functions/src/(?:${AREAS})|web/src/features/[^/]+)/?$` },
      to: { circular: true },
    },
    {
      name: 'no-deep-area-import',
      severity: 'error',
      comment: 'Another area is used only through its index.ts (its public surface), never its files.',
      from: { path: `^functions/src/(${AREAS})/` },
      to: { path: otherArea, pathNot: areaIndex },
    },
    {
      name: 'no-deep-feature-import',
      severity: 'error',
      comment:
        'Another feature is used only through its index.ts(x) (or pages.ts for the router), never its files.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: otherFeature, pathNot: featureEntry },
    },
    {
      name: 'no-deep-feature-import-from-app',
      severity: 'error',
      comment: 'The app shell uses a feature only through its index.ts(x), pages.ts or lazy.ts.',
      from: { path: '^web/src/(?!features/)' },
      to: { path: '^web/src/features/', pathNot: featureEntry },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // An area's handler.ts is its Lambda's composition root: it may wire other areas in (a callback,
    // `connect…` of collaborators.ts) and nothing imports it (ESLint refuses that), so it can never be
    // part of a cycle of files; leaving it out keeps the area graph to the areas' own code.
    exclude: { path: ['(?:^|/)(?:node_modules|dist|cdk\\.out)/', '^functions/src/[^/]+/handler\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
