/**
 * cdk-nag's AWS Solutions checks pass on every stack and nested stack, every acknowledgement says why, and
 * every stack stays far below CloudFormation's 500-resource limit.
 */
import { App, Stack, type Stack as StackType } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '@nutri/functions/routes';
import { listAcknowledgements } from '../lib/nag';
import { synthesizeTestApp, type TestApp } from '../lib/test-support';

/** Below CloudFormation's hard limit of 500 with room to spare. */
const RESOURCE_BUDGET = 450;

/**
 * Where the api stack and each of its route stacks must stay with 50% more routes. A route costs about 2.2
 * resources (path resources + method) in its route stack; docs/decisions/0002-cloud-stacks.md says how a
 * route range is split before its stack nears this.
 */
const GROWTH_BUDGET = 200;

const nameOf = (stack: StackType) => (stack.nestedStackParent ? stack.node.path : stack.stackName);

const resourceCountsOf = (nutri: TestApp, stacks: StackType[]) =>
  stacks.map((stack) => ({
    stack: nameOf(stack),
    resources: Object.keys(nutri.templateOf(stack).toJSON().Resources as object).length,
  }));

const printCounts = (title: string, counts: { stack: string; resources: number }[]) =>
  console.log(`${title}: ${counts.map(({ stack, resources }) => `${stack} ${resources}`).join(', ')}`);

const findingsOf = (stack: StackType) =>
  new AwsSolutionsChecks()
    .validateScope(stack)
    .violations.filter((violation) => violation.severity === 'error' || violation.severity === 'warning')
    .flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`,
      ),
    );

describe.each([
  { name: 'with a custom domain', options: {} },
  // cdk.json's defaults: no certificate, so CloudFront keeps its default one.
  {
    name: 'without a custom domain',
    options: { certificateArn: undefined, publicBaseUrl: 'https://nutri.example' },
  },
])('cdk-nag AWS Solutions ($name)', ({ options }) => {
  let nutri: TestApp;
  beforeAll(() => {
    // With the plugin registered, synthesis itself fails on any unacknowledged finding (as `cdk synth` does).
    nutri = synthesizeTestApp({ nag: true, ...options });
  });
  afterAll(() => nutri.cleanUp());

  it('finds no unacknowledged error or warning in any stack or nested stack', () => {
    expect(nutri.nestedStacks.length).toBeGreaterThan(0);
    for (const stack of [...nutri.stacks, ...nutri.nestedStacks])
      expect({ stack: nameOf(stack), findings: findingsOf(stack) }).toEqual({
        stack: nameOf(stack),
        findings: [],
      });
  });

  it('keeps every stack and nested stack well under the CloudFormation resource limit', () => {
    const counts = resourceCountsOf(nutri, [...nutri.stacks, ...nutri.nestedStacks]);
    printCounts('Resources per stack', counts);
    for (const { stack, resources } of counts) expect(resources, stack).toBeLessThan(RESOURCE_BUDGET);
  });
});

describe('the api stack with 50% more routes', () => {
  let nutri: TestApp;
  beforeAll(() => {
    // Every other route gets a sibling one level deeper: each route stack grows as its segments would.
    const grownRoutes: RestRoute[] = restRoutes.flatMap((route, index) =>
      index % 2 === 0
        ? [route, { ...route, path: `${route.path}/Grown`, operation: `${route.operation}Grown` }]
        : [route],
    );
    nutri = synthesizeTestApp({ restRoutes: grownRoutes });
  });
  afterAll(() => nutri.cleanUp());

  it('keeps the api stack and each route stack under the growth budget', () => {
    const counts = resourceCountsOf(nutri, [nutri.api, ...nutri.api.routeStacks]);
    printCounts('Resources per stack with 50% more routes', counts);
    for (const { stack, resources } of counts) expect(resources, stack).toBeLessThan(GROWTH_BUDGET);
  });
});

describe('cdk-nag acknowledgements', () => {
  let nutri: TestApp;
  beforeAll(() => {
    nutri = synthesizeTestApp({ certificateArn: undefined });
  });
  afterAll(() => nutri.cleanUp());

  it('each names one AwsSolutions rule on one construct and gives a specific reason', () => {
    const acknowledgements = listAcknowledgements(nutri.app).filter(({ id }) =>
      id.startsWith('AwsSolutions-'),
    );
    console.log(
      `cdk-nag acknowledgements (${acknowledgements.length}):\n${acknowledgements
        .map(({ path, id, reason }) => `  ${id} @ ${path}: ${reason}`)
        .join('\n')}`,
    );
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { path, reason } of acknowledgements) {
      expect(path.split('/').length, `${path} is a stack-wide acknowledgement`).toBeGreaterThan(1);
      expect(reason.length).toBeGreaterThanOrEqual(60);
      expect(new Set(reason.split(/\s+/)).size).toBeGreaterThan(8);
    }
  });
});

describe('cdk-nag check itself', () => {
  it('does report a non-compliant resource (the assertions above can fail)', () => {
    // Prepare
    const stack = new Stack(new App(), 'Unsafe');
    new s3.Bucket(stack, 'Open', {
      enforceSSL: false,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ACLS_ONLY,
    });
    // Act
    const findings = findingsOf(stack);
    // Assess
    expect(findings.some((finding) => finding.includes('AwsSolutions-S10'))).toBe(true);
    expect(findings.some((finding) => finding.includes('AwsSolutions-S1 '))).toBe(true);
  });
});
