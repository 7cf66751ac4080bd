/**
 * The cloud and the local runtime expose the same routes: every REST method and WebSocket route key in
 * the synthesized templates equals what the local gateway registers (infra/local/router.ts).
 */
import { App, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocalRoutes } from '../local/router';
import { synthesizeTestApp, type TestApp } from '../lib/test-support';

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

const logicalIdOf = (reference: unknown): string | undefined => {
  if (reference && typeof reference === 'object') {
    if ('Ref' in reference && typeof reference.Ref === 'string') return reference.Ref;
    if ('Fn::GetAtt' in reference && Array.isArray(reference['Fn::GetAtt'])) {
      const [logicalId, attribute] = reference['Fn::GetAtt'] as [string, string];
      return attribute === 'RootResourceId' ? `${logicalId}.Root` : logicalId;
    }
  }
  return undefined;
};

/** `METHOD /full/path` of every REST method, walking each resource's parents up to the API root. */
const restRoutesOf = (template: Template): string[] => {
  const resources = template.toJSON().Resources as Record<string, CfnResource>;
  const pathOf = (id: string | undefined): string => {
    if (!id) throw new Error('Unresolvable parent reference');
    if (id.endsWith('.Root')) return '';
    const resource = resources[id];
    if (resource?.Type !== 'AWS::ApiGateway::Resource')
      throw new Error(`${id} is not an API Gateway resource`);
    return `${pathOf(logicalIdOf(resource.Properties?.ParentId))}/${String(resource.Properties?.PathPart)}`;
  };
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::ApiGateway::Method')
    .map(
      (method) =>
        `${String(method.Properties?.HttpMethod)} ${pathOf(logicalIdOf(method.Properties?.ResourceId)) || '/'}`,
    );
};

const webSocketRouteKeysOf = (template: Template): string[] =>
  Object.values(template.toJSON().Resources as Record<string, CfnResource>)
    .filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route')
    .map((route) => String(route.Properties?.RouteKey));

const sorted = (values: Iterable<string>) => [...values].sort();

describe('route parity between the CDK stacks and the local gateway', () => {
  let nutri: TestApp;
  beforeAll(() => {
    nutri = synthesizeTestApp();
  });
  afterAll(() => nutri.cleanUp());

  it('path reconstruction follows nested resources to the root', () => {
    // Prepare
    const stack = new Stack(new App(), 'PathFixture');
    const api = new apigw.RestApi(stack, 'Api', { deploy: false });
    api.root.resourceForPath('/a/{id}/b').addMethod('GET');
    api.root.resourceForPath('/a').addMethod('DELETE');
    api.root.addMethod('POST');
    // Act
    const routes = restRoutesOf(Template.fromStack(stack));
    // Assess
    expect(sorted(routes)).toEqual(['DELETE /a', 'GET /a/{id}/b', 'POST /']);
  });

  it('REST methods of the api stack equal the local routes', () => {
    const cloud = restRoutesOf(nutri.templateOf(nutri.api));
    const local = listLocalRoutes().rest.map((route) => `${route.method} ${route.path}`);
    console.log(`REST routes: ${cloud.length} in the cloud, ${local.length} locally`);
    expect(cloud.length).toBeGreaterThan(0);
    expect(new Set(cloud).size).toBe(cloud.length);
    expect(sorted(cloud)).toEqual(sorted(local));
  });

  it('WebSocket route keys of the realtime stack equal the local routes', () => {
    const cloud = webSocketRouteKeysOf(nutri.templateOf(nutri.realtime));
    const local = listLocalRoutes().webSocket;
    expect(cloud).toContain('$connect');
    expect(sorted(cloud)).toEqual(sorted(local));
  });

  it('no other stack defines API routes', () => {
    for (const stack of [nutri.data, nutri.web, nutri.jobs]) {
      const template = nutri.templateOf(stack);
      expect(restRoutesOf(template)).toEqual([]);
      expect(webSocketRouteKeysOf(template)).toEqual([]);
    }
  });
});
