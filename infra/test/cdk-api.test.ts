/** The REST API (api stack) and the WebSocket API (realtime stack). */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTexts, REALTIME_ROUTE_SELECTION_EXPRESSION } from '@nutri/shared';
import { AREAS, restRoutes, webSocketRoutes, type RestRoute } from '@nutri/functions/routes';
import { firstSegmentOf, groupRoutes } from '../lib/api-route-groups';
import { pascalCase } from '../lib/feature-wiring';
import { restMethodsOf, synthesizeTestApp, type TestApp } from '../lib/test-support';

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
}

const resourcesOfType = (template: Template, type: string) =>
  Object.entries(template.toJSON().Resources as Record<string, CfnResource>).filter(
    ([, resource]) => resource.Type === type,
  );

const only = (template: Template, type: string) => {
  const found = resourcesOfType(template, type);
  expect(found).toHaveLength(1);
  return found[0] as [string, CfnResource];
};

/** An access-log format with every `$context` variable replaced by a sample value must be valid JSON. */
const parseAccessLogFormat = (format: string) =>
  JSON.parse(
    format.replace(/"\$context\.[A-Za-z.]+"/g, '"x"').replace(/\$context\.[A-Za-z.]+/g, '"x"'),
  ) as Record<string, unknown>;

describe('REST API', () => {
  let nutri: TestApp;
  let template: Template;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.api);
  });
  afterAll(() => nutri.cleanUp());

  it('is regional, passes multipart uploads as binary, and its stage throttles, traces and logs', () => {
    const [, api] = only(template, 'AWS::ApiGateway::RestApi');
    expect(api.Properties.EndpointConfiguration).toEqual({ Types: ['REGIONAL'] });
    expect(api.Properties.BinaryMediaTypes).toEqual(['multipart/form-data']);
    const [, stage] = only(template, 'AWS::ApiGateway::Stage');
    expect(stage.Properties.StageName).toBe('prod');
    expect(stage.Properties.TracingEnabled).toBe(true);
    expect(stage.Properties.MethodSettings).toEqual([
      expect.objectContaining({
        HttpMethod: '*',
        ResourcePath: '/*',
        ThrottlingRateLimit: expect.any(Number) as number,
        ThrottlingBurstLimit: expect.any(Number) as number,
        LoggingLevel: 'ERROR',
        DataTraceEnabled: false,
      }),
    ]);
    const accessLog = stage.Properties.AccessLogSetting as { DestinationArn: unknown; Format: string };
    const logGroupId = resourcesOfType(template, 'AWS::Logs::LogGroup').find(([id]) =>
      id.startsWith('AccessLogs'),
    )?.[0];
    expect(logGroupId).toBeDefined();
    expect(JSON.stringify(accessLog.DestinationArn)).toContain(`{"Ref":"${String(logGroupId)}"}`);
    const fields = parseAccessLogFormat(accessLog.Format);
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        'requestId',
        'ip',
        'httpMethod',
        'resourcePath',
        'status',
        'integrationLatency',
      ]),
    );
    // Never bodies or headers that carry credentials.
    expect(accessLog.Format).not.toMatch(/requestBody|authorization|\$input/i);
  });

  it('has one method per route, each a Lambda proxy to its area', () => {
    const methods = restMethodsOf(nutri.api, nutri.templateOf);
    expect(methods).toHaveLength(restRoutes.length);
    const areaOf = new Map(restRoutes.map((route) => [`${route.method} ${route.path}`, route.area]));
    for (const method of methods) {
      const integration = JSON.stringify(method.properties.Integration);
      expect(integration).toContain('"Type":"AWS_PROXY"');
      expect(integration).toContain('"IntegrationHttpMethod":"POST"');
      // The function ARN arrives as a parameter named after the area's Lambda.
      expect(integration).toContain(`${pascalCase(areaOf.get(method.route) ?? 'none')}Function`);
    }
    const operationNames = methods.map((method) => method.properties.OperationName).sort();
    expect(operationNames).toEqual(restRoutes.map((route) => route.operation).sort());
  });

  it('keeps every first path segment, its resources and its methods, in one route stack', () => {
    const methods = restMethodsOf(nutri.api, nutri.templateOf);
    expect(methods.filter((method) => method.stack === nutri.api)).toEqual([]);
    const stacksOfSegment = new Map<string, Set<string>>();
    const record = (segment: string, stackId: string) =>
      stacksOfSegment.set(segment, new Set([...(stacksOfSegment.get(segment) ?? []), stackId]));
    for (const { route, stack } of methods)
      record(firstSegmentOf({ path: route.split(' ')[1] ?? '' }), stack.node.id);
    // The resources right below /api/v2: their parent is a parameter, the /api/v2 resource's id.
    for (const routeStack of nutri.api.routeStacks) {
      const parameters = Object.keys(nutri.templateOf(routeStack).toJSON().Parameters as object);
      for (const [, resource] of resourcesOfType(nutri.templateOf(routeStack), 'AWS::ApiGateway::Resource')) {
        const parent = (resource.Properties.ParentId as { Ref?: string }).Ref;
        if (parent && parameters.includes(parent))
          record(String(resource.Properties.PathPart), routeStack.node.id);
      }
    }
    for (const [segment, stacks] of stacksOfSegment)
      expect([...stacks], `${segment}'s stacks`).toHaveLength(1);
    expect([...stacksOfSegment.keys()].sort()).toEqual([...new Set(restRoutes.map(firstSegmentOf))].sort());
    expect(nutri.api.routeStacks.map((routeStack) => routeStack.node.id)).toEqual(
      groupRoutes(restRoutes).map((group) => group.id),
    );
    // Only /api and /api/v2 stay in the api stack itself.
    expect(resourcesOfType(template, 'AWS::ApiGateway::Resource')).toHaveLength(2);
  });

  it('deploys the stage after every route stack, and anew whenever the route table changes', () => {
    const [deploymentId, deployment] = only(template, 'AWS::ApiGateway::Deployment');
    const routeStackIds = resourcesOfType(template, 'AWS::CloudFormation::Stack').map(([id]) => id);
    expect(routeStackIds).toHaveLength(nutri.api.routeStacks.length);
    expect(deployment.DependsOn).toEqual(expect.arrayContaining(routeStackIds));
    const [, stage] = only(template, 'AWS::ApiGateway::Stage');
    expect(stage.Properties.DeploymentId).toEqual({ Ref: deploymentId });

    const deploymentIdFor = (routes: readonly RestRoute[]) => {
      const changed = synthesizeTestApp({ restRoutes: routes });
      try {
        return only(changed.templateOf(changed.api), 'AWS::ApiGateway::Deployment')[0];
      } finally {
        changed.cleanUp();
      }
    };
    const [first, ...others] = restRoutes;
    expect(deploymentIdFor([{ ...first, operation: `${first.operation}Renamed` }, ...others])).not.toBe(
      deploymentId,
    );
  });

  it('lets API Gateway invoke each area Lambda through one stage-scoped permission', () => {
    const areasWithRestRoutes = new Set(restRoutes.map((route) => route.area));
    const permissions = resourcesOfType(template, 'AWS::Lambda::Permission');
    expect(permissions).toHaveLength(areasWithRestRoutes.size);
    const [stageId] = only(template, 'AWS::ApiGateway::Stage');
    for (const [, permission] of permissions) {
      expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
      expect(JSON.stringify(permission.Properties.SourceArn)).toContain(`{"Ref":"${stageId}"},"/*/*"`);
    }
  });

  it('answers its own errors with the product error body', () => {
    const responses = resourcesOfType(template, 'AWS::ApiGateway::GatewayResponse').map(
      ([, response]) => response.Properties,
    );
    const byType = new Map(responses.map((response) => [response.ResponseType, response]));
    const body = (type: string) =>
      JSON.parse(
        (byType.get(type)?.ResponseTemplates as Record<string, string>)['application/json'] ?? '',
      ) as unknown;
    expect(byType.get('MISSING_AUTHENTICATION_TOKEN')?.StatusCode).toBe('404');
    expect(body('MISSING_AUTHENTICATION_TOKEN')).toEqual({
      code: 'not_found',
      message: errorTexts.not_found,
    });
    expect(byType.get('THROTTLED')?.StatusCode).toBe('429');
    expect(body('THROTTLED')).toEqual({ code: 'too_many_requests', message: errorTexts.too_many_requests });
    expect(body('DEFAULT_5XX')).toEqual({ code: 'internal', message: errorTexts.internal });
    for (const response of responses) {
      expect(response.ResponseParameters).toMatchObject({
        'gatewayresponse.header.Content-Type': "'application/json; charset=utf-8'",
      });
    }
  });

  it('is protected by a regional web ACL with the AWS managed rule groups', () => {
    const [aclId, acl] = only(template, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const groups = (
      acl.Properties.Rules as { Statement: { ManagedRuleGroupStatement: { Name: string } } }[]
    ).map((rule) => rule.Statement.ManagedRuleGroupStatement.Name);
    expect(groups).toEqual(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      ResourceArn: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
    });
  });

  it('creates the Lambdas of the areas without WebSocket routes', () => {
    const webSocketAreas = new Set<string>(webSocketRoutes.map((route) => route.area));
    const expected = AREAS.filter((area) => !webSocketAreas.has(area));
    expect([...nutri.api.functions.keys()].sort()).toEqual([...expected].sort());
    expect([...nutri.realtime.functions.keys()].sort()).toEqual([...webSocketAreas].sort());
  });
});

describe('WebSocket API', () => {
  let nutri: TestApp;
  let template: Template;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.realtime);
  });
  afterAll(() => nutri.cleanUp());

  it('selects routes with the shared expression and has one route per webSocketRoutes entry', () => {
    const [apiId, api] = only(template, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.ProtocolType).toBe('WEBSOCKET');
    expect(api.Properties.RouteSelectionExpression).toBe(REALTIME_ROUTE_SELECTION_EXPRESSION);
    const routes = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties);
    expect(routes.map((route) => route.RouteKey).sort()).toEqual(
      webSocketRoutes.map((route) => route.routeKey).sort(),
    );
    for (const route of routes) expect(route.ApiId).toEqual({ Ref: apiId });
  });

  it('integrates every route with its area Lambda', () => {
    const functions = resourcesOfType(template, 'AWS::Lambda::Function');
    const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
    const areas = new Set(webSocketRoutes.map((route) => route.area));
    expect(integrations).toHaveLength(areas.size);
    for (const [, integration] of integrations) {
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      const uri = JSON.stringify(integration.Properties.IntegrationUri);
      expect(functions.some(([functionId]) => uri.includes(functionId))).toBe(true);
    }
    for (const [, route] of resourcesOfType(template, 'AWS::ApiGatewayV2::Route')) {
      expect(JSON.stringify(route.Properties.Target)).toMatch(/integrations\//);
    }
  });

  it('has a throttled stage with JSON access logs and error-only execution logs', () => {
    const [, stage] = only(template, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.AutoDeploy).toBe(true);
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: expect.any(Number) as number,
      ThrottlingBurstLimit: expect.any(Number) as number,
      LoggingLevel: 'ERROR',
      DataTraceEnabled: false,
    });
    const accessLog = stage.Properties.AccessLogSettings as { Format: string };
    expect(Object.keys(parseAccessLogFormat(accessLog.Format))).toEqual(
      expect.arrayContaining(['requestId', 'routeKey', 'status', 'connectionId']),
    );
  });

  it('owns the account-level CloudWatch role API Gateway logging needs, before either stage', () => {
    const [accountId] = only(template, 'AWS::ApiGateway::Account');
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as {
      DependsOn?: string[];
    };
    expect(stage.DependsOn).toContain(accountId);
    expect(nutri.api.dependencies).toContain(nutri.realtime);
  });
});
