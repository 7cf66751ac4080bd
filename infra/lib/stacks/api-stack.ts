/**
 * The REST API, built from the route table: one resource per path segment under /api/v2, one method per
 * route, each a Lambda proxy integration to its area's Lambda. The resources and methods live in nested
 * stacks, one per group of first path segments (api-route-groups.ts), so no template nears CloudFormation's
 * 500-resource limit; the RestApi, its stage, error responses, WAF and the Lambda permissions stay here.
 * Areas without WebSocket routes have their Lambda here.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_BASE_PATH, errorTexts, type ErrorCode } from '@nutri/shared';
import { AREAS, restRoutes, type Area, type RestRoute } from '@nutri/functions/routes';
import { groupRoutes } from '../api-route-groups';
import { jsonAccessLogFormat } from '../constructs/api-gateway-logging';
import type { FeatureFunction } from '../constructs/feature-function';
import { createFeatureFunction, pascalCase } from '../feature-wiring';
import { acknowledge } from '../nag';
import type { NutriSettings } from '../settings';
import { ApiRoutesStack } from './api-routes-stack';
import type { DataStack } from './data-stack';
import type { RealtimeStack } from './realtime-stack';

export interface ApiStackProps extends StackProps {
  settings: NutriSettings;
  data: DataStack;
  realtime: RealtimeStack;
  /** Default: the route table; tests pass other tables to check how the stacks follow it. */
  routes?: readonly RestRoute[];
}

/** Requests per second over the whole API, and the burst above it; per-user limits live in the app. */
const THROTTLE = { rateLimit: 200, burstLimit: 400 };

export class ApiStack extends Stack {
  readonly restApi: apigw.RestApi;
  /** The nested stacks holding the REST API's resources and methods, one per group of route ranges. */
  readonly routeStacks: ApiRoutesStack[];
  /** The Lambdas created in this stack (areas with WebSocket routes live in the realtime stack). */
  readonly functions = new Map<Area, FeatureFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { settings, data, realtime, routes = restRoutes } = props;

    for (const area of AREAS) {
      if (realtime.functions.has(area)) continue;
      this.functions.set(
        area,
        createFeatureFunction(this, area, { settings, data, realtime: realtime.endpoint }),
      );
    }
    const functionArnOf = (area: Area) => {
      const fn = this.functions.get(area) ?? realtime.functions.get(area);
      if (!fn) throw new Error(`No Lambda for area ${area}`);
      return fn.functionArn;
    };

    this.restApi = new apigw.RestApi(this, 'RestApi', {
      restApiName: `${settings.stackPrefix}-api`,
      description: 'Nutri REST API (/api/v2), served to browsers through CloudFront',
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      // Uploads (profile photos) arrive as multipart bodies: API Gateway must pass them base64-encoded.
      binaryMediaTypes: ['multipart/form-data'],
      // The account-level logging role is owned by the realtime stack (ApiGatewayAccountLogging).
      cloudWatchRole: false,
      // The deployment and stage are explicit (addStage): the deployment must wait for the route stacks and
      // be renewed whenever the route table changes.
      deploy: false,
    });
    acknowledge(
      this.restApi,
      'APIG2',
      'Requests are validated in the handlers with the zod schemas of shared/ that the web forms also use (one source of truth, Italian field messages); API Gateway models would be a second, drifting copy.',
    );

    const deployment = this.addStage(settings, realtime);
    this.addErrorResponses(deployment);

    const integrations = new Map<Area, apigw.Integration>();
    const integrationFor = (area: Area) => {
      let integration = integrations.get(area);
      if (!integration) {
        integration = this.lambdaProxyIntegration(area, functionArnOf(area));
        integrations.set(area, integration);
      }
      return integration;
    };
    const apiBase = this.restApi.root.resourceForPath(API_BASE_PATH);
    this.routeStacks = groupRoutes(routes).map(
      (group) =>
        new ApiRoutesStack(this, group.id, {
          description: `Nutri: REST routes ${group.segments.join(', ')}`,
          restApi: this.restApi,
          apiBase,
          routes: group.routes,
          integrationFor,
        }),
    );
    // A deployment snapshots the methods that exist when it is created: it waits for every route stack,
    // and a changed route table gives it a new logical id, hence a new deployment of the stage.
    for (const routeStack of this.routeStacks) deployment.node.addDependency(routeStack);
    deployment.addToLogicalId({
      routes: routes.map(({ method, path, area, operation }) => ({ method, path, area, operation })),
      // An integration's URI names its Lambda's ARN: a Lambda replaced under a new construct path gets a new
      // ARN, which the stage serves only once redeployed.
      functions: AREAS.map((area) => (this.functions.get(area) ?? realtime.functions.get(area))?.node.path),
    });

    this.addWebAcl();

    new CfnOutput(this, 'RestApiUrl', { value: this.restApi.url });
  }

  /**
   * The deployment and the stage the RestApi would create itself with `deploy: true`. The stage keeps the
   * construct path of the RestApi's own stage, hence its logical id: a replaced stage would collide with
   * the existing stage's name.
   */
  private addStage(settings: NutriSettings, realtime: RealtimeStack) {
    const deployment = new apigw.Deployment(this.restApi, 'Deployment', { api: this.restApi });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    const stage = new apigw.Stage(this.restApi, `DeploymentStage.${settings.apiStageName}`, {
      deployment,
      stageName: settings.apiStageName,
      throttlingRateLimit: THROTTLE.rateLimit,
      throttlingBurstLimit: THROTTLE.burstLimit,
      tracingEnabled: true,
      metricsEnabled: true,
      // Errors only, and never request or response bodies: they carry health data.
      loggingLevel: apigw.MethodLoggingLevel.ERROR,
      dataTraceEnabled: false,
      accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
      accessLogFormat: apigw.AccessLogFormat.custom(
        jsonAccessLogFormat({
          requestId: '$context.requestId',
          extendedRequestId: '$context.extendedRequestId',
          ip: '$context.identity.sourceIp',
          userAgent: '$context.identity.userAgent',
          requestTime: '$context.requestTime',
          httpMethod: '$context.httpMethod',
          resourcePath: '$context.resourcePath',
          status: '$context.status',
          protocol: '$context.protocol',
          responseLength: '$context.responseLength',
          integrationLatency: '$context.integrationLatency',
          integrationStatus: '$context.integrationStatus',
          xrayTraceId: '$context.xrayTraceId',
          wafResponseCode: '$context.wafResponseCode',
          error: '$context.error.messageString',
        }),
      ),
    });
    stage.node.addDependency(realtime.apiGatewayLogging.account);
    // The stage's URL, ARN and name (WAF, Lambda permissions, CloudFront origin, outputs) come from here.
    this.restApi.deploymentStage = stage;
    return deployment;
  }

  /**
   * A proxy integration plus one invoke permission per area (not per method, as LambdaIntegration does),
   * created in this stack so Lambdas of the realtime stack can be integrated without a reference cycle.
   */
  private lambdaProxyIntegration(area: Area, functionArn: string) {
    new lambda.CfnPermission(this, `${pascalCase(area)}InvokePermission`, {
      action: 'lambda:InvokeFunction',
      functionName: functionArn,
      principal: 'apigateway.amazonaws.com',
      sourceArn: this.restApi.arnForExecuteApi('*', '/*', this.restApi.deploymentStage.stageName),
    });
    return new apigw.Integration({
      type: apigw.IntegrationType.AWS_PROXY,
      integrationHttpMethod: 'POST',
      uri: `arn:${this.partition}:apigateway:${this.region}:lambda:path/2015-03-31/functions/${functionArn}/invocations`,
    });
  }

  /**
   * Errors API Gateway answers itself get the product's `{ code, message }` body, in Italian. Like methods,
   * gateway responses take effect through a deployment: a changed one redeploys the stage.
   */
  private addErrorResponses(deployment: apigw.Deployment) {
    const respond = (
      id: string,
      type: apigw.ResponseType,
      statusCode: string | undefined,
      code: ErrorCode,
    ) => {
      const options = {
        ...(statusCode ? { statusCode } : {}),
        responseHeaders: {
          'Content-Type': "'application/json; charset=utf-8'",
          'Cache-Control': "'no-store'",
        },
        templates: { 'application/json': JSON.stringify({ code, message: errorTexts[code] }) },
      };
      deployment.node.addDependency(this.restApi.addGatewayResponse(id, { type, ...options }));
      deployment.addToLogicalId({ gatewayResponse: { type: type.responseType, ...options } });
    };
    // An unknown path or method: API Gateway's own answer would be a misleading 403.
    respond('UnknownRoute', apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN, '404', 'not_found');
    respond('Throttled', apigw.ResponseType.THROTTLED, '429', 'too_many_requests');
    respond('TooLarge', apigw.ResponseType.REQUEST_TOO_LARGE, '413', 'payload_too_large');
    respond('BadParameters', apigw.ResponseType.BAD_REQUEST_PARAMETERS, '400', 'bad_request');
    respond('WafBlocked', apigw.ResponseType.WAF_FILTERED, '403', 'forbidden');
    // Anything else keeps API Gateway's status code and gets a generic body.
    respond('Default4xx', apigw.ResponseType.DEFAULT_4XX, undefined, 'bad_request');
    respond('Default5xx', apigw.ResponseType.DEFAULT_5XX, undefined, 'internal');
  }

  /**
   * AWS managed rules on the stage. Only content-based groups: behind CloudFront the source IP is an edge
   * location and X-Forwarded-For is client-controlled, so IP reputation and per-IP rate rules would hit
   * the wrong clients; per-user rate limits are the application's.
   */
  private addWebAcl() {
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const managedRule = (
      name: string,
      priority: number,
      ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(ruleActionOverrides ? { ruleActionOverrides } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });
    const webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('nutri-api'),
      rules: [
        // Webhook and questionnaire payloads can exceed the 8 KB body rule; the API's own limits apply.
        managedRule('AWSManagedRulesCommonRuleSet', 10, [
          { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
        ]),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 20),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'WebAclAssociation', {
      resourceArn: this.restApi.deploymentStage.stageArn,
      webAclArn: webAcl.attrArn,
    });
  }
}
