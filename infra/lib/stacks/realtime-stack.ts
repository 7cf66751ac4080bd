/**
 * The WebSocket API, built from webSocketRoutes, and the Lambdas of the areas that serve it.
 *
 * An area with WebSocket routes has its Lambda here, not in the api stack: the Lambda needs this API's
 * `@connections` endpoint and the routes need the Lambda, which across two stacks would be a cycle. The api
 * stack integrates these Lambdas for their REST routes (it depends on this stack, never the reverse).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { REALTIME_ROUTE_SELECTION_EXPRESSION } from '@nutri/shared';
import { webSocketRoutes, type Area } from '@nutri/functions/routes';
import { ApiGatewayAccountLogging, jsonAccessLogFormat } from '../constructs/api-gateway-logging';
import { createConnectionsPolicy, createVideoIceServersPolicy } from '../constructs/bindings';
import type { FeatureFunction } from '../constructs/feature-function';
import { createFeatureFunction, pascalCase, type RealtimeEndpoint } from '../feature-wiring';
import { acknowledge } from '../nag';
import type { NutriSettings } from '../settings';
import type { DataStack } from './data-stack';
import { videoChannelName } from './video-stack';

export interface RealtimeStackProps extends StackProps {
  settings: NutriSettings;
  data: DataStack;
}

/** Areas whose Lambda lives in this stack. */
export const webSocketAreas = (): Area[] => [...new Set(webSocketRoutes.map((route) => route.area))];

/** Steady messages per second over all connections, and the burst above it. */
const THROTTLE = { rateLimit: 100, burstLimit: 200 };

export class RealtimeStack extends Stack {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  readonly endpoint: RealtimeEndpoint;
  readonly apiGatewayLogging: ApiGatewayAccountLogging;
  readonly functions = new Map<Area, FeatureFunction>();

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { settings, data } = props;

    this.apiGatewayLogging = new ApiGatewayAccountLogging(this, 'ApiGatewayLogging');
    acknowledge(
      this.apiGatewayLogging.role,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'The AWS-managed policy API Gateway documents for its account-level logging role; it is assumable by apigateway.amazonaws.com only.',
    );

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${settings.stackPrefix}-realtime`,
      description: 'Nutri realtime channel (chat, notifications, video signalling)',
      routeSelectionExpression: REALTIME_ROUTE_SELECTION_EXPRESSION,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: settings.apiStageName,
      autoDeploy: true,
      throttle: THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(
          jsonAccessLogFormat({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            connectionId: '$context.connectionId',
            integrationLatency: '$context.integrationLatency',
            error: '$context.error.messageString',
          }),
        ),
      },
    });
    // Execution logs at ERROR only: message bodies (chat, health data) must never reach the logs.
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.addPropertyOverride('DefaultRouteSettings.LoggingLevel', 'ERROR');
    cfnStage.addPropertyOverride('DefaultRouteSettings.DataTraceEnabled', false);
    cfnStage.node.addDependency(this.apiGatewayLogging.account);

    // The stage's video signalling channel (video stack, in the region that has Kinesis Video Streams),
    // named, not referenced: used only for its TURN credentials (docs/decisions/0022-video-room.md).
    const videoChannel = { name: videoChannelName(settings), region: settings.videoRegion };
    this.endpoint = {
      callbackUrl: this.stage.callbackUrl,
      manageConnections: createConnectionsPolicy(this, this.webSocketApi, this.stage.stageName),
      videoChannel: { ...videoChannel, iceServers: createVideoIceServersPolicy(this, videoChannel) },
    };

    for (const area of webSocketAreas()) {
      this.functions.set(
        area,
        createFeatureFunction(this, area, { settings, data, realtime: this.endpoint }),
      );
    }

    const integrations = new Map<Area, WebSocketLambdaIntegration>();
    for (const route of webSocketRoutes) {
      const fn = this.functions.get(route.area);
      if (!fn) throw new Error(`No Lambda for area ${route.area}`);
      let integration = integrations.get(route.area);
      if (!integration) {
        integration = new WebSocketLambdaIntegration(`${pascalCase(route.area)}Integration`, fn.function);
        integrations.set(route.area, integration);
      }
      const webSocketRoute = this.webSocketApi.addRoute(route.routeKey, { integration });
      acknowledge(
        webSocketRoute,
        'APIG4',
        route.routeKey === '$connect'
          ? 'Connections start anonymous and user data is only pushed to connections bound to a user (connections-repo, USER#<id> / CONN#<id>); binding takes an access token verified in the realtime Lambda by the same code as REST routes, which an authorizer would duplicate.'
          : 'API Gateway accepts authorizers on $connect only: messages on an open connection carry the identity established there.',
      );
    }

    new CfnOutput(this, 'WebSocketUrl', { value: this.stage.url });
    new CfnOutput(this, 'ManagementEndpoint', { value: this.stage.callbackUrl });
  }
}
