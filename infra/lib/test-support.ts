/**
 * Builds the cloud app for tests: a temporary cloud assembly, fixed deployment settings (a custom domain
 * and certificate, so TLS and aliases are exercised), no web build unless a test brings one and, unless
 * a test needs real bundles, Lambda
 * bundling skipped (templates are identical apart from asset hashes, and synth stays fast).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { createApp, type NutriApp } from './app';
import type { NutriAppOptions } from './settings';

export const TEST_SETTINGS = {
  region: 'eu-south-1',
  publicBaseUrl: 'https://app.nutri.test',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  mailFrom: 'Nutrì <noreply@nutri.test>',
} as const;

export interface TestApp extends NutriApp {
  assembly: CloudAssembly;
  outdir: string;
  templateOf(stack: Stack): Template;
  stacks: Stack[];
  cleanUp(): void;
}

export const synthesizeTestApp = (options: NutriAppOptions & { bundle?: boolean } = {}): TestApp => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'nutri-cdk-'));
  const { bundle = false, ...appOptions } = options;
  const nutri = createApp({
    ...TEST_SETTINGS,
    nag: false,
    // Independent of whether web/dist happens to be built: the placeholder unless a test brings a build.
    webDistDir: path.join(outdir, 'no-web-build'),
    ...appOptions,
    outdir,
    context: { ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...appOptions.context },
  });
  const assembly = nutri.app.synth();
  return {
    ...nutri,
    assembly,
    outdir,
    stacks: [nutri.data, nutri.realtime, nutri.api, nutri.web, nutri.jobs],
    templateOf: (stack) =>
      Template.fromJSON(assembly.getStackByName(stack.stackName).template as Record<string, unknown>),
    cleanUp: () => rmSync(outdir, { recursive: true, force: true }),
  };
};
