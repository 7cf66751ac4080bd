/**
 * API Gateway writes execution and access logs (REST and WebSocket) only once the account-and-region
 * setting names a CloudWatch role. It is one setting per region, so exactly one stack owns it: the realtime
 * stack, which every other API stack depends on.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

export class ApiGatewayAccountLogging extends Construct {
  readonly account: apigw.CfnAccount;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.role = new iam.Role(this, 'CloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    // The account setting outlives the stack; keep the role it points to so logging never breaks silently.
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.account = new apigw.CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
  }
}

/** JSON access-log lines. Only identifiers and outcomes: no bodies, no headers, no tokens. */
export const jsonAccessLogFormat = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([name, variable]) => `"${name}":${variable.endsWith('String') ? variable : `"${variable}"`}`)
    .join(',')}}`;
