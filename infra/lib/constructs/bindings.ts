/**
 * Access to shared resources, granted only through these typed binders. Each access level is a customer
 * managed policy created next to the resource it grants (data or realtime stack): its exact actions and
 * resources are reviewed once there, and wildcards that cannot be avoided (object keys, connection ids)
 * are acknowledged once there. The binders attach those policies to a FeatureFunction.
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { tableDefinition } from '@nutri/functions/platform/db/table';
import { LAMBDA_TASK_ROOT, PRERENDERER_FILE } from '../lambda-bundle';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { FeatureFunction } from './feature-function';

export type AccessMode = 'read' | 'readWrite';
export type AccessPolicies = Record<AccessMode, iam.IManagedPolicy>;

const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
// TransactWriteItems is authorised through these per-item actions.
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** KMS use limited to calls the service makes on the caller's behalf. */
const viaService = (scope: Construct, service: 'dynamodb' | 's3') => ({
  StringEquals: { 'kms:ViaService': `${service}.${Stack.of(scope).region}.amazonaws.com` },
});

/**
 * The table and each of its indexes by name (tableDefinition), never `index/*`. No Scan: every list is a
 * Query on a key or index (architecture: access patterns first).
 */
export const createTableAccessPolicies = (scope: Construct, table: dynamodb.ITable): AccessPolicies => {
  const indexArns = tableDefinition.globalSecondaryIndexes.map(
    (index) => `${table.tableArn}/index/${index.indexName}`,
  );
  const policy = (mode: AccessMode) => {
    const statements = [
      new iam.PolicyStatement({
        actions: mode === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
        resources: [table.tableArn, ...indexArns],
      }),
    ];
    if (table.encryptionKey) {
      statements.push(
        new iam.PolicyStatement({
          actions:
            mode === 'readWrite'
              ? ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey']
              : ['kms:Decrypt', 'kms:DescribeKey'],
          resources: [table.encryptionKey.keyArn],
          conditions: viaService(scope, 'dynamodb'),
        }),
      );
    }
    return new iam.ManagedPolicy(scope, `Table${mode === 'read' ? 'Read' : 'ReadWrite'}Policy`, {
      description: `Nutri table: ${mode}`,
      statements,
    });
  };
  return { read: policy('read'), readWrite: policy('readWrite') };
};

/**
 * Objects of a bucket. Presigned POST and GET URLs are signed with these credentials, so a browser can do
 * exactly what the function could.
 */
export const createBucketAccessPolicies = (
  scope: Construct,
  name: string,
  bucket: s3.IBucket,
): AccessPolicies => {
  const objects = bucket.arnForObjects('*');
  const policy = (mode: AccessMode) => {
    const statements = [
      new iam.PolicyStatement({
        actions:
          mode === 'readWrite'
            ? ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload']
            : ['s3:GetObject'],
        resources: [objects],
      }),
      // Listing (with a prefix) lets the service replace or delete all renditions of one upload, and turns
      // a missing object into a 404 instead of a 403.
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    ];
    if (bucket.encryptionKey) {
      statements.push(
        new iam.PolicyStatement({
          actions: mode === 'readWrite' ? ['kms:Decrypt', 'kms:GenerateDataKey'] : ['kms:Decrypt'],
          resources: [bucket.encryptionKey.keyArn],
          conditions: viaService(scope, 's3'),
        }),
      );
    }
    const managed = new iam.ManagedPolicy(scope, `${name}${mode === 'read' ? 'Read' : 'ReadWrite'}Policy`, {
      description: `Nutri ${name} bucket objects: ${mode}`,
      statements,
    });
    acknowledge(
      managed,
      wildcardResourceFinding(managed, objects),
      'Object keys are generated per upload (user and random id), so access is to the objects of this one bucket; the service checks ownership before signing any URL.',
    );
    return managed;
  };
  return { read: policy('read'), readWrite: policy('readWrite') };
};

export interface MailIdentity {
  /** The verified sending domain. */
  domain: string;
  /** The only From address functions may use. */
  fromAddress: string;
  configurationSetName: string;
}

/** Send e-mail from one address of one identity, through the configuration set that records delivery. */
export const createMailSendPolicy = (scope: Construct, mail: MailIdentity) => {
  const stack = Stack.of(scope);
  return new iam.ManagedPolicy(scope, 'MailSendPolicy', {
    description: 'Nutri: send e-mail through SES',
    statements: [
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: mail.domain }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: mail.configurationSetName,
          }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': mail.fromAddress } },
      }),
    ],
  });
};

/**
 * Text messages straight to phone numbers through SNS. A phone number is not an ARN, so the allow must be
 * `*`; the deny on every topic leaves direct-to-phone publishing as the only thing it permits.
 */
export const createSmsSendPolicy = (scope: Construct) => {
  const managed = new iam.ManagedPolicy(scope, 'SmsSendPolicy', {
    description: 'Nutri: send text messages to phone numbers (SNS direct publish)',
    statements: [
      new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }),
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        actions: ['sns:Publish'],
        resources: [`arn:${Stack.of(scope).partition}:sns:*:*:*`],
      }),
    ],
  });
  acknowledge(
    managed,
    'IAM5[Resource::*]',
    'SNS direct SMS publishing takes a phone number, not a resource ARN, so it cannot be scoped; publishing to any topic is explicitly denied in the same policy.',
  );
  return managed;
};

/**
 * The Google Calendar tokens' own key (docs/decisions/0030-gcal-google-calendar.md): the two calls
 * functions/src/platform/token-cipher.ts makes, Encrypt and Decrypt, on that key only. No DescribeKey or
 * GenerateDataKey: the tokens are encrypted by KMS itself (each under 4 KB), never with a data key.
 */
export const createTokenKeyPolicy = (scope: Construct, key: kms.IKey) =>
  new iam.ManagedPolicy(scope, 'GoogleTokensPolicy', {
    description: 'Nutri: encrypt and decrypt the Google Calendar tokens',
    statements: [
      new iam.PolicyStatement({ actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [key.keyArn] }),
    ],
  });

/** `@connections` of one WebSocket API stage: post to, look up and close connections. */
export const createConnectionsPolicy = (scope: Construct, api: apigwv2.IWebSocketApi, stageName: string) => {
  const connections = Stack.of(scope).formatArn({
    service: 'execute-api',
    resource: api.apiId,
    resourceName: `${stageName}/*/@connections/*`,
    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
  });
  const managed = new iam.ManagedPolicy(scope, 'ManageConnectionsPolicy', {
    description: 'Nutri: push to and close WebSocket connections',
    statements: [
      new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }),
    ],
  });
  acknowledge(
    managed,
    wildcardResourceFinding(managed, connections),
    'Connection ids are assigned by API Gateway per client at run time; the grant is limited to the @connections endpoint of this API stage (any method: post, get, delete).',
  );
  return managed;
};

/** The video rooms' signalling channel (video stack) and the policy that lets a Lambda get its ICE servers. */
export interface VideoChannel {
  name: string;
  region: string;
  iceServers: iam.IManagedPolicy;
}

/**
 * The three calls that give a call's ICE servers (functions/src/video/ice-servers.ts), on this stage's
 * channel only: its ARN by name, its HTTPS endpoint and short-lived TURN credentials. Nothing else of
 * Kinesis Video Streams (no streams, no media, no other channel).
 */
export const createVideoIceServersPolicy = (scope: Construct, channel: { name: string; region: string }) => {
  // The ARN ends with the channel's creation time, known only once it exists: named up to it.
  const channelArn = Stack.of(scope).formatArn({
    service: 'kinesisvideo',
    region: channel.region,
    resource: 'channel',
    resourceName: `${channel.name}/*`,
    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
  });
  const managed = new iam.ManagedPolicy(scope, 'VideoIceServersPolicy', {
    description: 'Nutri: ICE servers (TURN credentials) of the video rooms signalling channel',
    statements: [
      new iam.PolicyStatement({
        actions: [
          'kinesisvideo:DescribeSignalingChannel',
          'kinesisvideo:GetSignalingChannelEndpoint',
          'kinesisvideo:GetIceServerConfig',
        ],
        resources: [channelArn],
      }),
    ],
  });
  acknowledge(
    managed,
    wildcardResourceFinding(managed, channelArn),
    'A signalling channel ARN ends with its creation time, assigned by Kinesis Video Streams; the grant names this stage channel up to that suffix, in its region and account.',
  );
  return managed;
};

/** The channel's name and region and Kinesis Video Streams' STUN server in the environment, and the policy. */
export const bindVideoChannel = (fn: FeatureFunction, channel: VideoChannel) => {
  fn.role.addManagedPolicy(channel.iceServers);
  fn.function.addEnvironment('VIDEO_SIGNALING_CHANNEL_NAME', channel.name);
  fn.function.addEnvironment('VIDEO_REGION', channel.region);
  fn.function.addEnvironment('VIDEO_STUN_URL', `stun:stun.kinesisvideo.${channel.region}.amazonaws.com:443`);
};

export const bindTable = (fn: FeatureFunction, table: AccessPolicies, mode: AccessMode) =>
  fn.role.addManagedPolicy(table[mode]);

export const bindBucket = (fn: FeatureFunction, bucket: AccessPolicies, mode: AccessMode) =>
  fn.role.addManagedPolicy(bucket[mode]);

export const bindMail = (fn: FeatureFunction, mailSend: iam.IManagedPolicy) =>
  fn.role.addManagedPolicy(mailSend);

export const bindConnections = (fn: FeatureFunction, manageConnections: iam.IManagedPolicy) =>
  fn.role.addManagedPolicy(manageConnections);

/** SMS through SNS; SMS_TRANSPORT tells functions/src/platform/sms.ts to use it instead of the local mail drop. */
export const bindSms = (fn: FeatureFunction, smsSend: iam.IManagedPolicy) => {
  fn.role.addManagedPolicy(smsSend);
  fn.function.addEnvironment('SMS_TRANSPORT', 'sns');
};

/** Read one secret's value and tell the function where it is (AWS-managed key: no KMS grant needed). */
export const bindSecret = (
  fn: FeatureFunction,
  secret: secretsmanager.ISecret,
  environmentVariable: string,
) => {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
      resources: [secret.secretArn],
    }),
  );
  fn.function.addEnvironment(environmentVariable, secret.secretArn);
};

/** The partners' Google Calendar connection: its OAuth client id when the stage has one, the tokens' key. */
export interface GoogleCalendarBinding {
  clientId: string | undefined;
  tokenKey: kms.IKey;
  tokenKeyUse: iam.IManagedPolicy;
}

/**
 * Without a client id the connection is not offered (functions/src/platform/google-calendar.ts); the key
 * stays bound so tokens stored while it was offered still decrypt for the disconnection.
 */
export const bindGoogleCalendar = (fn: FeatureFunction, google: GoogleCalendarBinding) => {
  fn.role.addManagedPolicy(google.tokenKeyUse);
  // KMS takes the key's ARN wherever it takes a key id.
  fn.function.addEnvironment('GOOGLE_TOKEN_KMS_KEY_ID', google.tokenKey.keyArn);
  if (google.clientId) fn.function.addEnvironment('GOOGLE_CALENDAR_CLIENT_ID', google.clientId);
};

/**
 * The log viewer's search (docs/product.md#log-viewer): CloudWatch Logs Insights queries on the product's
 * Lambda log groups only (`<prefix>*`, named by feature-function.ts), never on other groups of the account.
 */
export const bindLogSearch = (fn: FeatureFunction, logGroupPrefix: string) => {
  const stack = Stack.of(fn);
  const groups = stack.formatArn({
    service: 'logs',
    resource: 'log-group',
    resourceName: `${logGroupPrefix}*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['logs:StartQuery'], resources: [groups, `${groups}:*`] }),
  );
  // GetQueryResults and StopQuery name a query id, not a log group: IAM accepts no resource for them.
  const results = new iam.Policy(fn, 'LogSearchResultsPolicy', {
    statements: [
      new iam.PolicyStatement({ actions: ['logs:GetQueryResults', 'logs:StopQuery'], resources: ['*'] }),
    ],
  });
  fn.role.attachInlinePolicy(results);
  acknowledge(
    results,
    'IAM5[Resource::*]',
    'CloudWatch Logs GetQueryResults and StopQuery support no resource-level permissions; the queries themselves can only be started on the product log groups.',
  );
  for (const arn of [groups, `${groups}:*`])
    acknowledge(
      fn,
      wildcardResourceFinding(fn, arn),
      'The log viewer searches every Lambda log group of this stage, all named under one prefix.',
    );
};

/** The prerendered public pages (web stack): where they go and what the Lambda renders them with. */
export interface PublicPagesBinding {
  bucket: s3.IBucket;
  pageList: cloudfront.IKeyValueStore;
  /** The web stack's policy: write `prerendered/*`, read the frame, keep the page list. */
  write: iam.IManagedPolicy;
}

/**
 * Writing the prerendered public pages (functions/src/site): the web bucket's `prerendered/*` and the
 * CloudFront page list, with the prerenderer bundled beside the Lambda's code (FeatureFunction `prerenderer`).
 */
export const bindPublicPages = (fn: FeatureFunction, pages: PublicPagesBinding) => {
  fn.role.addManagedPolicy(pages.write);
  fn.function.addEnvironment('WEB_BUCKET', pages.bucket.bucketName);
  fn.function.addEnvironment('PUBLIC_PAGES_KVS_ARN', pages.pageList.keyValueStoreArn);
  fn.function.addEnvironment('PRERENDER_MODULE', `${LAMBDA_TASK_ROOT}/${PRERENDERER_FILE}`);
};
