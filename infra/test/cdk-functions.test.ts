/**
 * The feature Lambdas: one per area plus the jobs and outbox Lambdas, built by FeatureFunction with real esbuild
 * bundles, configured for functions/src/platform/config.ts, and granted only what featureAccess says.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { config, resetConfigCache } from '@nutri/functions/platform/config';
import { AREAS } from '@nutri/functions/routes';
import { accessOf } from '../lib/feature-wiring';
import { PRERENDERER_DIR, PRERENDERER_FILE } from '../lib/lambda-bundle';
import { restMethodsOf, synthesizeTestApp, TEST_SETTINGS, type TestApp } from '../lib/test-support';

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
}

interface FeatureLambda {
  stack: Stack;
  template: Template;
  logicalId: string;
  resource: CfnResource;
  feature: string;
}

const resourcesOf = (template: Template) => template.toJSON().Resources as Record<string, CfnResource>;

/** The JavaScript files of a bundle (the entry and its chunks), relative to its directory. */
const bundleFiles = (directory: string, extension: string) =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension) && !file.split(path.sep).includes('node_modules'))
    .sort();

/** The policies the data and realtime stacks publish, by the name their logical ids start with. */
const ACCESS_POLICY_NAMES = [
  'TableReadPolicy',
  'TableReadWritePolicy',
  'FilesReadPolicy',
  'FilesReadWritePolicy',
  'AssetsReadPolicy',
  'AssetsReadWritePolicy',
  'MailSendPolicy',
  'SmsSendPolicy',
  'ManageConnectionsPolicy',
  'VideoIceServersPolicy',
  'GoogleTokensPolicy',
] as const;

const featureLambdasOf = (nutri: TestApp): FeatureLambda[] =>
  [nutri.realtime, nutri.api, nutri.jobs, nutri.web, nutri.data].flatMap((stack) => {
    const template = nutri.templateOf(stack);
    return Object.entries(resourcesOf(template))
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .filter(([, resource]) => String(resource.Properties.Runtime).startsWith('nodejs'))
      .map(([logicalId, resource]) => ({
        stack,
        template,
        logicalId,
        resource,
        feature: String(resource.Properties.Description).replace(/^Nutri /, ''),
      }));
  });

/** The logical ids of the access policies, by name. */
const accessPolicyIdsOf = (nutri: TestApp) =>
  new Map(
    [nutri.data, nutri.realtime].flatMap((stack) =>
      Object.entries(resourcesOf(nutri.templateOf(stack)))
        .filter(([, resource]) => resource.Type === 'AWS::IAM::ManagedPolicy')
        .map(([logicalId]) => {
          const name = ACCESS_POLICY_NAMES.find((candidate) => logicalId.startsWith(candidate));
          if (!name) throw new Error(`Unexpected managed policy ${logicalId}`);
          return [name, logicalId] as const;
        }),
    ),
  );

const roleIdOf = (lambda: FeatureLambda) =>
  (lambda.resource.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

const attachedPoliciesOf = (lambda: FeatureLambda, policyLogicalIds: Map<string, string>) => {
  const arns = JSON.stringify(
    resourcesOf(lambda.template)[roleIdOf(lambda)]?.Properties.ManagedPolicyArns ?? [],
  );
  return ACCESS_POLICY_NAMES.filter((name) => {
    const logicalId = policyLogicalIds.get(name);
    return logicalId !== undefined && arns.includes(logicalId);
  });
};

/** The statements of the inline policies of a Lambda's role. */
const inlineStatementsOf = (lambda: FeatureLambda) =>
  Object.values(resourcesOf(lambda.template))
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter(
      (policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleIdOf(lambda) }]),
    )
    .flatMap(
      (policy) =>
        (
          policy.Properties.PolicyDocument as {
            Statement: { Action: string | string[]; Resource: unknown }[];
          }
        ).Statement,
    );

const environmentOf = (lambda: FeatureLambda) =>
  (lambda.resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

describe('feature Lambdas', () => {
  let nutri: TestApp;
  let lambdas: FeatureLambda[];
  let policyLogicalIds: Map<string, string>;

  beforeAll(() => {
    nutri = synthesizeTestApp({ bundle: true });
    lambdas = featureLambdasOf(nutri);
    policyLogicalIds = accessPolicyIdsOf(nutri);
  });
  afterAll(() => nutri.cleanUp());

  const attachedPolicies = (lambda: FeatureLambda) => attachedPoliciesOf(lambda, policyLogicalIds);

  it('there is one Lambda per area plus the jobs, outbox and aggregation Lambdas, and no other Node.js Lambda', () => {
    console.log(
      `Feature Lambdas: ${lambdas.map((lambda) => `${lambda.feature} (${lambda.stack.stackName})`).join(', ')}`,
    );
    expect(lambdas.map((lambda) => lambda.feature).sort()).toEqual(
      [...AREAS, 'jobs', 'outbox', 'aggregates'].sort(),
    );
  });

  it('run Node.js 22 on arm64 with source maps, JSON logs with retention and tracing', () => {
    for (const lambda of lambdas) {
      const properties = lambda.resource.Properties;
      expect(properties.Runtime).toBe('nodejs22.x');
      expect(properties.Architectures).toEqual(['arm64']);
      expect(properties.Handler).toBe('index.handler');
      expect(properties.TracingConfig).toEqual({ Mode: 'Active' });
      const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(variables.POWERTOOLS_SERVICE_NAME).toBe(`nutri-${lambda.feature}`);
      const logging = properties.LoggingConfig as { LogFormat: string; LogGroup: { Ref: string } };
      expect(logging.LogFormat).toBe('JSON');
      const logGroup = resourcesOf(lambda.template)[logging.LogGroup.Ref];
      expect(logGroup?.Properties.RetentionInDays).toBe(90);
    }
  });

  /** Where the staged (unzipped) bundle of a Lambda sits: cdk.out/asset.<hash>, the zip's key being the hash. */
  const assetDirectory = (lambda: FeatureLambda) => {
    const key = String((lambda.resource.Properties.Code as { S3Key: string }).S3Key);
    return path.join(nutri.outdir, `asset.${key.replace(/\.zip$/, '')}`);
  };

  it('ship a minified ESM bundle, split into chunks, with source maps and the AWS SDK inside', () => {
    for (const lambda of lambdas) {
      const directory = assetDirectory(lambda);
      const files = bundleFiles(directory, '.mjs');
      expect(files).toContain('index.mjs');
      for (const file of files) {
        const code = readFileSync(path.join(directory, file), 'utf8');
        expect(existsSync(path.join(directory, `${file}.map`))).toBe(true);
        expect(code.startsWith('import { createRequire as __createRequire }')).toBe(true);
        expect(code).toMatch(
          new RegExp(`//# sourceMappingURL=${path.basename(file).replace('.', '\\.')}\\.map\\s*$`),
        );
        // No import or require of the SDK left for the runtime to resolve (messages may still name packages).
        expect(code).not.toMatch(/(\bfrom|\bimport\(|__require\()\s*["']@aws-sdk\//);
      }
      const all = files.map((file) => readFileSync(path.join(directory, file), 'utf8')).join('\n');
      // Minified: long lines (only template literals keep their line breaks), not one statement per line.
      expect(all.length / all.split('\n').length).toBeGreaterThan(1000);
      expect(all).toContain('DynamoDBClient');
    }
  });

  it("ship the web build's prerenderer beside the bundle of the Lambdas that write the public pages only", () => {
    for (const lambda of lambdas) {
      const directory = assetDirectory(lambda);
      const writesPages = accessOf(lambda.feature as 'jobs').publicPages === true;
      expect({
        feature: lambda.feature,
        prerenderer: existsSync(path.join(directory, PRERENDERER_FILE)),
      }).toEqual({ feature: lambda.feature, prerenderer: writesPages });
      if (!writesPages) continue;
      // React and the router inside, nothing left for the runtime to resolve from web's node_modules.
      const code = bundleFiles(path.join(directory, PRERENDERER_DIR), '.mjs')
        .map((file) => readFileSync(path.join(directory, PRERENDERER_DIR, file), 'utf8'))
        .join('\n');
      expect(code).toContain('prerenderToNodeStream');
      expect(code).not.toMatch(/\bfrom\s*["'](react|react-dom|react-router-dom|swr|@mantine)[/"']/);
    }
  });

  describe('no local stand-in is deployed', () => {
    // The local runtime's stand-ins for Stripe, Tally and Kinesis Video Streams (infra/local) and their routes.
    const STAND_IN_ROUTE = /LocalCheckout|\/dev\/|\/v1\//i;
    const STAND_IN_SOURCE = /(^|\/)infra\/|local-(checkout|stripe|tally|kinesis-video)/;

    it('no API Gateway method serves a stand-in route', () => {
      const routes = [nutri.api, nutri.realtime].flatMap((stack) =>
        restMethodsOf(stack, nutri.templateOf).map(({ route }) => route),
      );
      expect(routes.length).toBeGreaterThan(100);
      expect(routes.filter((route) => STAND_IN_ROUTE.test(route))).toEqual([]);
    });

    /**
     * The Lambda's own code. The prerenderer beside it (prerender/, the Lambdas that write the public
     * pages) is the web app, the same code the web bucket serves, whose router names every page the app has.
     */
    const ownFiles = (directory: string, extension: string) =>
      bundleFiles(directory, extension).filter((file) => !file.startsWith(`${PRERENDERER_DIR}${path.sep}`));

    it('no Lambda bundle holds stand-in code: no source from infra/, no local checkout', () => {
      for (const lambda of lambdas) {
        const directory = assetDirectory(lambda);
        const sources = ownFiles(directory, '.mjs.map').flatMap(
          (map) =>
            (JSON.parse(readFileSync(path.join(directory, map), 'utf8')) as { sources: string[] }).sources,
        );
        expect(sources.some((source) => source.includes('functions/src/'))).toBe(true);
        expect({
          feature: lambda.feature,
          standIns: sources.filter((source) => STAND_IN_SOURCE.test(source)),
        }).toEqual({
          feature: lambda.feature,
          standIns: [],
        });
        // The stand-in's ids and page never appear in deployed code either.
        const code = ownFiles(directory, '.mjs')
          .map((file) => readFileSync(path.join(directory, file), 'utf8'))
          .join('\n');
        expect(code).not.toMatch(/cs_local_|\/dev\/stripe|LocalCheckout|nutri-local-video-rooms/);
      }
    });
  });

  describe('configuration', () => {
    const savedEnvironment = { ...process.env };
    afterEach(() => {
      process.env = { ...savedEnvironment };
      resetConfigCache();
    });

    it('is what functions/src/platform/config.ts accepts, with deploy-time values in place of references', () => {
      for (const lambda of lambdas) {
        const variables = (lambda.resource.Properties.Environment as { Variables: Record<string, unknown> })
          .Variables;
        process.env = {
          ...Object.fromEntries(
            Object.entries(variables).map(([name, value]) => [
              name,
              typeof value === 'string' ? value : 'https://resolved-at-deploy.example',
            ]),
          ),
          AWS_REGION: TEST_SETTINGS.region,
        };
        resetConfigCache();
        const parsed = config();
        expect(parsed.PUBLIC_BASE_URL).toBe(TEST_SETTINGS.publicBaseUrl);
        expect(parsed.ASSETS_BASE_URL).toBe(`${TEST_SETTINGS.publicBaseUrl}/media`);
        expect(parsed.JWT_ISSUER).toBe(TEST_SETTINGS.publicBaseUrl);
        expect(parsed.MAIL_FROM).toBe(TEST_SETTINGS.mailFrom);
        // Support mail stays on the verified sending domain unless nutri:supportEmail says otherwise.
        expect(parsed.SUPPORT_EMAIL).toBe('supporto@nutri.test');
        // Emulator endpoints are a local-runtime thing only.
        expect(parsed.DYNAMODB_ENDPOINT).toBeUndefined();
        expect(parsed.S3_ENDPOINT).toBeUndefined();
        expect(parsed.SES_ENDPOINT).toBeUndefined();
        expect(parsed.STRIPE_API_URL).toBeUndefined();
        expect(parsed.KINESIS_VIDEO_ENDPOINT).toBeUndefined();
        // The video rooms' channel and STUN server only where ICE servers are handed out.
        const video = accessOf(lambda.feature as 'jobs').videoCalls === true;
        expect(parsed.VIDEO_SIGNALING_CHANNEL_NAME !== undefined).toBe(video);
        if (video) {
          expect(parsed.VIDEO_SIGNALING_CHANNEL_NAME).toBe('Nutri-video-rooms');
          expect(parsed.VIDEO_REGION).toBe('eu-central-1');
          expect(parsed.VIDEO_STUN_URL).toBe('stun:stun.kinesisvideo.eu-central-1.amazonaws.com:443');
        } else expect(parsed.VIDEO_STUN_URL).toBeUndefined();
        expect(parsed.WS_MANAGEMENT_ENDPOINT).toBeDefined();
        expect(parsed.SES_CONFIGURATION_SET).toBeDefined();
        expect(Boolean(parsed.JWT_SECRET_ARN)).toBe(accessOf(lambda.feature as 'jobs').jwt === true);
        // Google Calendar: Google's own endpoints; the secret's ARN and the tokens' key only where the
        // connection is used, and no client id without the nutri:googleCalendarClientId setting.
        const google = accessOf(lambda.feature as 'jobs').googleCalendar === true;
        expect(Boolean(parsed.GOOGLE_CALENDAR_CLIENT_SECRET_ARN)).toBe(google);
        expect(Boolean(parsed.GOOGLE_TOKEN_KMS_KEY_ID)).toBe(google);
        expect(parsed.GOOGLE_CALENDAR_CLIENT_ID).toBeUndefined();
        expect(parsed.GOOGLE_CALENDAR_CLIENT_SECRET).toBeUndefined();
        expect(parsed.GOOGLE_TOKEN_KEY).toBeUndefined();
        expect(parsed.GOOGLE_OAUTH_TOKEN_URL).toBe('https://oauth2.googleapis.com/token');
        expect(parsed.GOOGLE_CALENDAR_API_URL).toBe('https://www.googleapis.com/');
      }
    });
  });

  describe('permissions', () => {
    it('each Lambda gets exactly the access policies featureAccess lists', () => {
      for (const lambda of lambdas) {
        const access = accessOf(lambda.feature as 'jobs');
        const expected = [
          access.table === 'read' ? 'TableReadPolicy' : 'TableReadWritePolicy',
          ...(access.files ? [access.files === 'read' ? 'FilesReadPolicy' : 'FilesReadWritePolicy'] : []),
          ...(access.assets ? [access.assets === 'read' ? 'AssetsReadPolicy' : 'AssetsReadWritePolicy'] : []),
          ...(access.mail ? ['MailSendPolicy'] : []),
          ...(access.sms ? ['SmsSendPolicy'] : []),
          ...(access.realtimePush ? ['ManageConnectionsPolicy'] : []),
          ...(access.videoCalls ? ['VideoIceServersPolicy'] : []),
          ...(access.googleCalendar ? ['GoogleTokensPolicy'] : []),
        ];
        expect({ feature: lambda.feature, policies: attachedPolicies(lambda).sort() }).toEqual({
          feature: lambda.feature,
          policies: expected.sort(),
        });
      }
    });

    it('the health check only reads; the realtime and jobs Lambdas may manage connections', () => {
      const byFeature = new Map(lambdas.map((lambda) => [lambda.feature, attachedPolicies(lambda)]));
      expect(byFeature.get('system')).toEqual(['TableReadPolicy']);
      expect(byFeature.get('realtime')).toContain('ManageConnectionsPolicy');
      expect(byFeature.get('jobs')).toContain('ManageConnectionsPolicy');
    });

    it('inline role policies hold only log writing, secret reads, (jobs, outbox, aggregates) a dead-letter queue, (outbox, aggregates) the table stream and (settings) log queries', () => {
      for (const lambda of lambdas) {
        const actions = inlineStatementsOf(lambda).flatMap((statement) => [statement.Action].flat());
        const allowed = [
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          'xray:PutTraceSegments',
          'xray:PutTelemetryRecords',
          'secretsmanager:GetSecretValue',
          'secretsmanager:DescribeSecret',
          'sqs:SendMessage',
        ];
        // The outbox and aggregation Lambdas' event sources read the stream (decrypting it) and report to a queue.
        const outboxOnly = [
          'dynamodb:ListStreams',
          'dynamodb:DescribeStream',
          'dynamodb:GetRecords',
          'dynamodb:GetShardIterator',
          'kms:Decrypt',
          'kms:DescribeKey',
          'sqs:GetQueueAttributes',
          'sqs:GetQueueUrl',
        ];
        // The settings Lambda's log viewer queries the Lambdas' log groups (CloudWatch Logs Insights).
        const logViewerOnly = ['logs:StartQuery', 'logs:GetQueryResults', 'logs:StopQuery'];
        const streamReader = ['outbox', 'aggregates'].includes(lambda.feature);
        const permitted = [
          ...allowed,
          ...(streamReader ? outboxOnly : []),
          ...(lambda.feature === 'settings' ? logViewerOnly : []),
        ];
        expect(actions.filter((action) => !permitted.includes(action))).toEqual([]);
        expect(actions.includes('sqs:SendMessage')).toBe(
          ['jobs', 'outbox', 'aggregates'].includes(lambda.feature),
        );
        expect(actions.includes('dynamodb:GetRecords')).toBe(streamReader);
      }
    });

    it('mail may only be sent from the configured address, through the configuration set', () => {
      const mail = Object.entries(resourcesOf(nutri.templateOf(nutri.data))).find(([id]) =>
        id.startsWith('MailSendPolicy'),
      )?.[1];
      const document = JSON.stringify(mail?.Properties.PolicyDocument);
      expect(document).toContain('"ses:FromAddress":"noreply@nutri.test"');
      expect(document).toContain(':identity/nutri.test');
      expect(document).toContain(':configuration-set/');
      expect(document).not.toMatch(/"Resource":"\*"/);
    });

    it('one video signalling channel per stage, in a region with Kinesis Video Streams; its ICE servers only, for the video Lambda', () => {
      expect(nutri.video.region).toBe('eu-central-1');
      const channels = Object.values(resourcesOf(nutri.templateOf(nutri.video))).filter(
        (resource) => resource.Type === 'AWS::KinesisVideo::SignalingChannel',
      );
      expect(channels.map((channel) => channel.Properties)).toEqual([
        expect.objectContaining({ Name: 'Nutri-video-rooms', Type: 'SINGLE_MASTER', MessageTtlSeconds: 5 }),
      ]);
      const policy = Object.entries(resourcesOf(nutri.templateOf(nutri.realtime))).find(([id]) =>
        id.startsWith('VideoIceServersPolicy'),
      )?.[1];
      const statements = (
        policy?.Properties.PolicyDocument as { Statement: { Action: string[]; Resource: unknown }[] }
      ).Statement;
      expect(statements).toHaveLength(1);
      expect([statements[0]?.Action].flat().sort()).toEqual([
        'kinesisvideo:DescribeSignalingChannel',
        'kinesisvideo:GetIceServerConfig',
        'kinesisvideo:GetSignalingChannelEndpoint',
      ]);
      // This stage's channel in the video region only (its ARN ends with its creation time).
      expect(JSON.stringify(statements[0]?.Resource)).toMatch(
        /kinesisvideo:eu-central-1:.*:channel\/Nutri-video-rooms\/\*"/,
      );
      const holders = lambdas.filter((lambda) => attachedPolicies(lambda).includes('VideoIceServersPolicy'));
      expect(holders.map((lambda) => lambda.feature)).toEqual(['video']);
    });

    it('connections may only be managed on the realtime API stage', () => {
      const policy = Object.entries(resourcesOf(nutri.templateOf(nutri.realtime))).find(([id]) =>
        id.startsWith('ManageConnectionsPolicy'),
      )?.[1];
      const document = JSON.stringify(policy?.Properties.PolicyDocument);
      expect(document).toContain('"Action":"execute-api:ManageConnections"');
      expect(document).toMatch(/\{"Ref":"WebSocketApi[0-9A-F]+"\}/);
      expect(document).toContain('/prod/*/@connections/*');
    });
  });
});

/**
 * The partners' Google Calendar connection (docs/decisions/0030-gcal-google-calendar.md) in the cloud. Its
 * code runs in three Lambdas: bookings (connecting and disconnecting, Google's busy times in the slots and
 * the availability calendar), outbox (a visit's event after each booking change) and jobs (deliver-outbox,
 * the outbox's safety net, runs the same steps). Other areas import the bookings index, which names the
 * outbox steps, but never run them. Without the nutri:googleCalendarClientId setting no Lambda gets a
 * client id (the configuration test above), so the connection is not offered.
 */
describe('Google Calendar wiring', () => {
  const CLIENT_ID = '1234567890-nutri.apps.googleusercontent.com';
  const GOOGLE_CALENDAR_FEATURES = ['bookings', 'jobs', 'outbox'];
  let nutri: TestApp;
  let lambdas: FeatureLambda[];
  let policyLogicalIds: Map<string, string>;

  beforeAll(() => {
    nutri = synthesizeTestApp({ googleCalendarClientId: CLIENT_ID });
    lambdas = featureLambdasOf(nutri);
    policyLogicalIds = accessPolicyIdsOf(nutri);
  });
  afterAll(() => nutri.cleanUp());

  const featuresWhere = (holds: (lambda: FeatureLambda) => boolean) =>
    lambdas
      .filter(holds)
      .map((lambda) => lambda.feature)
      .sort();

  it('the client id, the secret ARN and the tokens key reach exactly the bookings, outbox and jobs Lambdas', () => {
    expect(lambdas.length).toBeGreaterThan(GOOGLE_CALENDAR_FEATURES.length);
    for (const variable of [
      'GOOGLE_CALENDAR_CLIENT_ID',
      'GOOGLE_CALENDAR_CLIENT_SECRET_ARN',
      'GOOGLE_TOKEN_KMS_KEY_ID',
    ]) {
      expect({ variable, features: featuresWhere((lambda) => variable in environmentOf(lambda)) }).toEqual({
        variable,
        features: GOOGLE_CALENDAR_FEATURES,
      });
    }
    for (const lambda of lambdas.filter((candidate) =>
      GOOGLE_CALENDAR_FEATURES.includes(candidate.feature),
    )) {
      const variables = environmentOf(lambda);
      expect(variables.GOOGLE_CALENDAR_CLIENT_ID).toBe(CLIENT_ID);
      // References to the data stack's secret and key (imported by the other stacks).
      expect(JSON.stringify(variables.GOOGLE_CALENDAR_CLIENT_SECRET_ARN)).toContain(
        'GoogleCalendarClientSecret',
      );
      expect(JSON.stringify(variables.GOOGLE_TOKEN_KMS_KEY_ID)).toMatch(/GoogleTokenKey[0-9A-F]*Arn/);
      // The inline secret and the local AES key never reach the cloud.
      expect(variables).not.toHaveProperty('GOOGLE_CALENDAR_CLIENT_SECRET');
      expect(variables).not.toHaveProperty('GOOGLE_TOKEN_KEY');
    }
  });

  it('only those Lambdas may read the client secret and encrypt or decrypt with the tokens key', () => {
    const readsSecret = (lambda: FeatureLambda) =>
      inlineStatementsOf(lambda).some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes('GoogleCalendarClientSecret'),
      );
    expect(featuresWhere(readsSecret)).toEqual(GOOGLE_CALENDAR_FEATURES);
    expect(
      featuresWhere((lambda) => attachedPoliciesOf(lambda, policyLogicalIds).includes('GoogleTokensPolicy')),
    ).toEqual(GOOGLE_CALENDAR_FEATURES);
    // No Lambda touches the tokens key other than through that policy.
    for (const lambda of lambdas)
      expect({
        feature: lambda.feature,
        inline: JSON.stringify(inlineStatementsOf(lambda)).includes('GoogleTokenKey'),
      }).toEqual({ feature: lambda.feature, inline: false });
  });
});
