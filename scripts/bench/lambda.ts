/**
 * `npm run bench:lambda`: builds every Lambda bundle exactly as the CDK does (infra/lib/lambda-bundle.ts)
 * and prints, per area, the minified size a cold start loads (the entry and the chunks it imports
 * statically; chunks behind a dynamic import are listed apart, read only when an operation needs them) and
 * the median module-init time in a fresh Node.js process, beside a minimal handler that only creates a
 * DynamoDB document client, built and measured the same way in the same run. Targets: each bundle
 * <= 400 KB, module init <= 2x the minimal handler's. The worst three are named with what they load.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { AREAS } from '../../functions/src/routes';
import { accessOf } from '../../infra/lib/feature-wiring';
import { featureEntry, type FeatureName } from '../../infra/lib/constructs/feature-function';
import { buildLambdaCode, LAMBDA_ENTRY_FILE } from '../../infra/lib/lambda-bundle';
import { REPO_ROOT } from '../../infra/lib/settings';
import { percentile, readBoundedOptions } from './tools';

const { runs } = readBoundedOptions({ runs: { default: 10, min: 3, max: 50 } });
const MAX_KB = 400;
const MAX_INIT_RATIO = 2;
const MINIMAL = 'minimal';

// Inside the repository, so a native module left external (sharp) resolves as it does next to the bundle.
const OUT_ROOT = path.join(REPO_ROOT, 'node_modules', '.cache', 'nutri-bench-lambda');

interface Built {
  name: string;
  file: string;
  /** Bytes of the entry and every chunk it imports statically: what a cold start reads. */
  initBytes: number;
  /** Bytes of the chunks behind dynamic imports. */
  lazyBytes: number;
  /** Source bytes in the loaded files, by package (or by source folder), largest first. */
  contents: [string, number][];
}

const packageOf = (input: string) => {
  const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match?.[1]) return match[1];
  return input.split('/').slice(0, 3).join('/');
};

const measureOutputs = (name: string, outdir: string, metafile: Metafile): Built => {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
  const entry = outputs.find(([file]) => path.basename(file) === LAMBDA_ENTRY_FILE);
  if (!entry) throw new Error(`${name}: no ${LAMBDA_ENTRY_FILE} in the bundle`);
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry[0]);
  const byPackage = new Map<string, number>();
  let initBytes = 0;
  let lazyBytes = 0;
  for (const [file, output] of outputs) {
    if (!loaded.has(file)) {
      lazyBytes += output.bytes;
      continue;
    }
    initBytes += output.bytes;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
  }
  return {
    name,
    file: path.join(outdir, LAMBDA_ENTRY_FILE),
    initBytes,
    lazyBytes,
    contents: [...byPackage.entries()].sort((a, b) => b[1] - a[1]),
  };
};

const build = (name: string, entry: string, nativeModules: readonly string[] = []): Built => {
  const outdir = path.join(OUT_ROOT, name);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const metafile = buildLambdaCode({ entry, outdir, nativeModules });
  // Kept for a closer look (https://esbuild.github.io/analyze/ reads it).
  writeFileSync(path.join(OUT_ROOT, `${name}.meta.json`), JSON.stringify(metafile));
  return measureOutputs(name, outdir, metafile);
};

// What the Lambda runtime and the CDK stacks provide, so modules that read configuration at import can.
const LAMBDA_LIKE_ENV = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'eu-south-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'nutri-bench',
  FILES_BUCKET: 'nutri-bench-files',
  ASSETS_BUCKET: 'nutri-bench-assets',
  ASSETS_BASE_URL: 'https://bench.example/media',
  PUBLIC_BASE_URL: 'https://bench.example',
  WS_MANAGEMENT_ENDPOINT: 'https://bench.example/ws',
  MAIL_FROM: 'Nutrì <noreply@bench.example>',
  JWT_ISSUER: 'https://bench.example',
  POWERTOOLS_SERVICE_NAME: 'nutri-bench',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** Milliseconds from before `import()` to after it, in a fresh Node.js process. */
const initTime = (file: string) => {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: LAMBDA_LIKE_ENV,
    encoding: 'utf8',
  });
  const value = Number(run.stdout.trim().split('\n').pop());
  if (run.status !== 0 || !Number.isFinite(value))
    throw new Error(`Importing ${file} failed:\n${run.stderr || run.stdout}`);
  return value;
};

const features: FeatureName[] = [...AREAS, 'jobs'];
console.log(`Building ${features.length} bundles and the minimal handler with infra/lib/lambda-bundle.ts…`);
const bundles = [
  build(MINIMAL, path.join(REPO_ROOT, 'scripts', 'bench', 'lambda-minimal-handler.ts')),
  ...features.map((feature) => build(feature, featureEntry(feature), accessOf(feature).nativeModules)),
];

// Interleaved, so a burst of load on the machine touches every bundle alike.
const times = new Map<string, number[]>(bundles.map((bundle) => [bundle.name, []]));
for (let run = 0; run < runs; run += 1)
  for (const bundle of bundles) times.get(bundle.name)?.push(initTime(bundle.file));
const median = (name: string) =>
  percentile(
    [...(times.get(name) ?? [])].sort((a, b) => a - b),
    50,
  );

const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const baseline = median(MINIMAL);
const rows = bundles.map((bundle) => ({
  ...bundle,
  init: median(bundle.name),
  ratio: median(bundle.name) / baseline,
}));
const failures: string[] = [];
console.log(`\nModule init: median of ${runs} fresh Node.js ${process.version} processes per bundle`);
console.log(
  `${'bundle'.padEnd(14)}${'loaded KB'.padStart(10)}${'lazy KB'.padStart(9)}${'init ms'.padStart(9)}${'x minimal'.padStart(11)}`,
);
for (const row of rows) {
  const sizeOk = row.initBytes <= MAX_KB * 1024;
  const initOk = row.name === MINIMAL || row.ratio <= MAX_INIT_RATIO;
  if (!sizeOk) failures.push(`${row.name}: ${kb(row.initBytes)} KB > ${MAX_KB} KB`);
  if (!initOk)
    failures.push(`${row.name}: init ${row.ratio.toFixed(2)}x > ${MAX_INIT_RATIO}x the minimal handler`);
  console.log(
    `${row.name.padEnd(14)}${kb(row.initBytes).padStart(10)}${kb(row.lazyBytes).padStart(9)}${row.init.toFixed(0).padStart(9)}${row.ratio.toFixed(2).padStart(11)}${sizeOk && initOk ? '' : '  <- over target'}`,
  );
}

console.log('\nWorst three (init time), with what a cold start loads (KB by package or source folder):');
for (const row of rows
  .filter((candidate) => candidate.name !== MINIMAL)
  .sort((a, b) => b.ratio - a.ratio)
  .slice(0, 3))
  console.log(
    `${row.name}: ${row.contents
      .slice(0, 6)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ')}`,
  );

console.log(
  failures.length
    ? `\nTARGET MISSED:\n  ${failures.join('\n  ')}`
    : `\ntargets met: every bundle <= ${MAX_KB} KB loaded at start, init <= ${MAX_INIT_RATIO}x the minimal handler (${baseline.toFixed(0)} ms)`,
);
if (failures.length) process.exitCode = 1;
