/**
 * `npm run bundle`: every Lambda bundle, built as the CDK builds it (infra/lib/lambda-bundle.ts), into
 * functions/dist/<feature>, with the size each one loads at start; a quick look without a synth.
 * Native modules are not installed here (the CDK does that for the Lambda's platform).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '@nutri/functions/routes';
import { featureEntry, type FeatureName } from '../lib/constructs/feature-function';
import { accessOf } from '../lib/feature-wiring';
import { buildLambdaCode, bundlePrerenderer } from '../lib/lambda-bundle';
import { REPO_ROOT } from '../lib/settings';

const features: FeatureName[] = [...AREAS, 'jobs'];
for (const feature of features) {
  const outdir = path.join(REPO_ROOT, 'functions', 'dist', feature);
  rmSync(outdir, { recursive: true, force: true });
  const metafile = buildLambdaCode({
    entry: featureEntry(feature),
    outdir,
    nativeModules: accessOf(feature).nativeModules,
  });
  // The Lambdas that write the prerendered public pages carry the web build's prerenderer beside them.
  if (accessOf(feature).publicPages) bundlePrerenderer(outdir);
  const bytes = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.mjs'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(
    `${feature.padEnd(14)} ${(bytes / 1024).toFixed(0).padStart(5)} KB (entry and chunks)  ${path.relative(REPO_ROOT, outdir)}`,
  );
}
