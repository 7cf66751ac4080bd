/**
 * cdk-nag's AWS Solutions checks pass on every stack, every acknowledgement says why, and every stack
 * stays far below CloudFormation's 500-resource limit.
 */
import { App, Stack, type Stack as StackType } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAcknowledgements } from '../lib/nag';
import { synthesizeTestApp, type TestApp } from '../lib/test-support';

/**
 * Below CloudFormation's hard limit of 500 with room to spare. The api stack grows by about 2.2 resources
 * per route (path resources + method); docs/decisions/0002-cloud-stacks.md says how it splits when it nears
 * this budget.
 */
const RESOURCE_BUDGET = 450;

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

  it('finds no unacknowledged error or warning in any stack', () => {
    for (const stack of nutri.stacks)
      expect({ stack: stack.stackName, findings: findingsOf(stack) }).toEqual({
        stack: stack.stackName,
        findings: [],
      });
  });

  it('keeps every stack well under the CloudFormation resource limit', () => {
    const counts = nutri.stacks.map((stack) => ({
      stack: stack.stackName,
      resources: Object.keys(nutri.templateOf(stack).toJSON().Resources as object).length,
    }));
    console.log(
      `Resources per stack: ${counts.map(({ stack, resources }) => `${stack} ${resources}`).join(', ')}`,
    );
    for (const { resources } of counts) expect(resources).toBeLessThan(RESOURCE_BUDGET);
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
