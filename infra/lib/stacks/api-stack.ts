/**
 * The REST API, built by walking restRoutes: one resource per path segment under /api/v2, one method per
 * route, each a Lambda proxy integration to its area's Lambda (one Lambda per area keeps the stack far from
 * CloudFormation's 500-resource limit). Areas without WebSocket routes have their Lambda here.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { errorTexts, type ErrorCode } from '@nutri/shared';
import { AREAS, restRoutes, type Area, type RestRoute } from '@nutri/functions/routes';
import { jsonAccessLogFormat } from '../constructs/api-gateway-logging';
import type { FeatureFunction } from '../constructs/feature-function';
import { createFeatureFunction, pascalCase } from '../feature-wiring';
import { acknowledge } from '../nag';
import type { NutriSettings } from '../settings';
import type { DataStack } from './data-stack';
import type { RealtimeStack } from './realtime-stack';

export interface ApiStackProps extends StackProps {
  settings: NutriSettings;
  data: DataStack;
  realtime: RealtimeStack;
}

/** Requests per second over the whole API, and the burst above it; per-user limits live in the app. */
const THROTTLE = { rateLimit: 200, burstLimit: 400 };

export class ApiStack extends Stack {
  readonly restApi: apigw.RestApi;
  /** The Lambdas created in this stack (areas with WebSocket routes live in the realtime stack). */
  readonly functions = new Map<Area, FeatureFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { settings, data, realtime } = props;

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

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.restApi = new apigw.RestApi(this, 'RestApi', {
      restApiName: `${settings.stackPrefix}-api`,
      description: 'Nutri REST API (/api/v2), served to browsers through CloudFront',
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      // Uploads (profile photos) arrive as multipart bodies: API Gateway must pass them base64-encoded.
      binaryMediaTypes: ['multipart/form-data'],
      // The account-level logging role is owned by the realtime stack (ApiGatewayAccountLogging).
      cloudWatchRole: false,
      deployOptions: {
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
      },
    });
    this.restApi.deploymentStage.node.addDependency(realtime.apiGatewayLogging.account);

    acknowledge(
      this.restApi,
      'APIG2',
      'Requests are validated in the handlers with the zod schemas of shared/ that the web forms also use (one source of truth, Italian field messages); API Gateway models would be a second, drifting copy.',
    );
    acknowledge(
      this.restApi,
      'APIG4',
      'Authorization is per route in the area Lambdas (routes.ts access rules, EdDSA bearer tokens) plus per object in the services; public routes (login, webhooks, health) are public by design, and webhooks authenticate by signature.',
    );
    acknowledge(
      this.restApi,
      'COG4',
      'The product issues its own EdDSA access tokens (spec: Account/Login returns accessToken/refreshToken); there is no Cognito user pool to authorize against.',
    );

    const integrations = new Map<Area, apigw.Integration>();
    const integrationFor = (area: Area) => {
      let integration = integrations.get(area);
      if (!integration) {
        integration = this.lambdaProxyIntegration(area, functionArnOf(area));
        integrations.set(area, integration);
      }
      return integration;
    };

    for (const route of restRoutes as readonly RestRoute[]) {
      const resource = this.restApi.root.resourceForPath(route.path);
      resource.addMethod(route.method, integrationFor(route.area), { operationName: route.operation });
    }

    this.addErrorResponses();
    this.addWebAcl();

    new CfnOutput(this, 'RestApiUrl', { value: this.restApi.url });
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

  /** Errors API Gateway answers itself get the product's `{ code, message }` body, in Italian. */
  private addErrorResponses() {
    const respond = (id: string, type: apigw.ResponseType, statusCode: string | undefined, code: ErrorCode) =>
      this.restApi.addGatewayResponse(id, {
        type,
        ...(statusCode ? { statusCode } : {}),
        responseHeaders: {
          'Content-Type': "'application/json; charset=utf-8'",
          'Cache-Control': "'no-store'",
        },
        templates: { 'application/json': JSON.stringify({ code, message: errorTexts[code] }) },
      });
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
