/**
 * Builds the cloud app for tests: a temporary cloud assembly, fixed deployment settings (a custom domain
 * and certificate, so TLS and aliases are exercised), no web build unless a test brings one and, unless
 * a test needs real bundles, Lambda
 * bundling skipped (templates are identical apart from asset hashes, and synth stays fast).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
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
  /** The template of a stack or of a nested stack. */
  templateOf: (stack: Stack) => Template;
  stacks: Stack[];
  /** Every nested stack (the api stack's route stacks); each has a template of its own. */
  nestedStacks: NestedStack[];
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
    stacks: [nutri.data, nutri.video, nutri.realtime, nutri.api, nutri.web, nutri.jobs],
    nestedStacks: nutri.app.node.findAll().filter((construct) => NestedStack.isNestedStack(construct)),
    templateOf: (stack) =>
      Template.fromJSON(
        (NestedStack.isNestedStack(stack)
          ? JSON.parse(readFileSync(path.join(outdir, stack.templateFile), 'utf8'))
          : assembly.getStackByName(stack.stackName).template) as Record<string, unknown>,
      ),
    cleanUp: () => rmSync(outdir, { recursive: true, force: true }),
  };
};

interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

export interface RestMethod {
  /** `METHOD /full/path`. */
  route: string;
  /** The stack or nested stack whose template holds the method. */
  stack: Stack;
  properties: Record<string, unknown>;
}

/**
 * The REST methods of a stack and its nested stacks, each with its full path: resources are followed up to
 * the API root through their parents, and out of a nested template through the parameters its parent
 * passes it.
 */
export const restMethodsOf = (stack: Stack, templateOf: (stack: Stack) => Template): RestMethod[] => {
  const walk = (current: Stack, pathOfParameter: (name: string) => string): RestMethod[] => {
    const resources = templateOf(current).toJSON().Resources as Record<string, TemplateResource>;
    const pathOf = (reference: unknown): string => {
      if (reference && typeof reference === 'object') {
        if ('Ref' in reference && typeof reference.Ref === 'string') {
          const resource = resources[reference.Ref];
          if (!resource) return pathOfParameter(reference.Ref);
          if (resource.Type !== 'AWS::ApiGateway::Resource')
            throw new Error(`${reference.Ref} is not an API Gateway resource`);
          return `${pathOf(resource.Properties?.ParentId)}/${String(resource.Properties?.PathPart)}`;
        }
        if ('Fn::GetAtt' in reference && Array.isArray(reference['Fn::GetAtt'])) {
          const [, attribute] = reference['Fn::GetAtt'] as [string, string];
          if (attribute === 'RootResourceId') return '';
        }
      }
      throw new Error(`Unresolvable parent reference ${JSON.stringify(reference)}`);
    };
    const methods = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::ApiGateway::Method')
      .map((method) => ({
        route: `${String(method.Properties?.HttpMethod)} ${pathOf(method.Properties?.ResourceId) || '/'}`,
        stack: current,
        properties: method.Properties ?? {},
      }));
    const nestedMethods = current.node
      .findAll()
      .filter((construct) => NestedStack.isNestedStack(construct))
      .filter((nested) => nested.nestedStackParent === current)
      .flatMap((nested) => {
        const logicalId = current.resolve(nested.nestedStackResource?.logicalId) as string;
        const parameters = (resources[logicalId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
        return walk(nested, (name) => pathOf(parameters[name]));
      });
    return [...methods, ...nestedMethods];
  };
  return walk(stack, (name) => {
    throw new Error(`${name} is not a resource of ${stack.node.path}`);
  });
};
