/**
 * The cloud and the local runtime expose the same routes: every REST method and WebSocket route key in
 * the synthesized templates equals what the local gateway registers (infra/local/router.ts).
 */
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocalRoutes } from '../local/router';
import { restMethodsOf, synthesizeTestApp, type TestApp } from '../lib/test-support';

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

/** `METHOD /full/path` of every REST method of a stack and its nested stacks. */
const restRoutesOf = (stack: Stack, templateOf: (stack: Stack) => Template) =>
  restMethodsOf(stack, templateOf).map(({ route }) => route);

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

  it('path reconstruction follows nested resources to the root, out of nested stacks too', () => {
    // Prepare
    const stack = new Stack(new App(), 'PathFixture');
    const api = new apigw.RestApi(stack, 'Api', { deploy: false });
    api.root.resourceForPath('/a/{id}/b').addMethod('GET');
    api.root.resourceForPath('/a').addMethod('DELETE');
    api.root.addMethod('POST');
    const nested = new NestedStack(stack, 'Nested');
    apigw.Resource.fromResourceAttributes(nested, 'A', {
      resourceId: api.root.resourceForPath('/a').resourceId,
      restApi: api,
      path: '/a',
    })
      .resourceForPath('c/d')
      .addMethod('PUT');
    // Act
    const routes = restRoutesOf(stack, (of) => Template.fromStack(of));
    // Assess
    expect(sorted(routes)).toEqual(['DELETE /a', 'GET /a/{id}/b', 'POST /', 'PUT /a/c/d']);
  });

  it('REST methods of the api stack and its route stacks equal the local routes', () => {
    const cloud = restRoutesOf(nutri.api, nutri.templateOf);
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
      expect(restRoutesOf(stack, nutri.templateOf)).toEqual([]);
      expect(webSocketRouteKeysOf(template)).toEqual([]);
    }
  });
});
