/**
 * Starts the whole product locally on one port: DynamoDB Local, the S3 emulator, the local SES, the HTTP
 * and WebSocket gateways, the scheduler, the reader of the table's stream that feeds the outbox Lambda
 * (outbox-stream.ts), and demo data. The handlers are the same modules the CDK stacks
 * deploy; only configuration (endpoints, keys) differs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { generateJwtKeys } from '@nutri/functions/platform/tokens';
import {
  DASHBOARD_STREAM_FILTER_PATTERN,
  DASHBOARD_STREAM_SOURCE,
} from '@nutri/functions/platform/dashboard-stream-source';
import { ensureTable, startDynamoDbLocal } from './dynamodb';
import { startHttpGateway } from './http-gateway';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, startLocalStripe } from './local-stripe';
import {
  LOCAL_WHATSAPP_ACCESS_TOKEN,
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  startLocalWhatsApp,
} from './local-whatsapp';
import { LOCAL_VIDEO_CHANNEL_NAME, startLocalKinesisVideo } from './local-kinesis-video';
import { LOCAL_TALLY_SIGNING_SECRET } from './local-tally';
import { localGoogleEnvironment, startLocalGoogle } from './local-google';
import { freePort } from './ports';
import { startS3, LOCAL_S3_CREDENTIALS } from './s3';
import { seedDemoData } from './seed';
import { seedDashboardHistory } from './seed-dashboard-history';
import { DEMO_NUTRITIONIST_ID, SEED_NUTRITIONISTS } from './seed-nutritionists';
import { startScheduler } from './scheduler';
import { startLogFiles } from './log-files';
import { startSes } from './ses';
import { startCallCounting } from './call-counter';
import { invokeAggregates, invokeMailEvents, invokeOutbox } from './handlers';
import { createStreamsClient } from './dynamodb-streams';
import { startOutboxStream, type OutboxStream } from './outbox-stream';
import type { LocalStackInfo } from './stack-info';
import { WebSocketGateway } from './websocket-gateway';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalStackOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dataDir: string;
  reset?: boolean;
  webDist?: string;
  log?: (line: string) => void;
  /** Print one line per HTTP request. */
  accessLog?: boolean;
  /** A part died for good (DynamoDB Local that does not restart): the runtime should stop and exit. */
  onFatal?: (message: string) => void;
}

export interface LocalStack {
  info: LocalStackInfo;
  runJob: (name: string) => Promise<unknown>;
  stop: () => Promise<void>;
}

/**
 * Listening on any of these, the product's one origin is `http://localhost:PORT`: what `npm start` prints,
 * what the browser tests open, and what every generated URL names (images, links in mails, the checkout's
 * return addresses, the WebSocket). A page on one loopback name with URLs of another breaks: the CSP's
 * 'self' refuses the images, and the session (kept per origin) is missing after the payment redirect.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '0.0.0.0']);

const LOCAL = {
  region: 'eu-south-1',
  tableName: 'nutri-local',
  filesBucket: 'nutri-files',
  assetsBucket: 'nutri-assets',
  webSocketStage: 'ws',
} as const;

/** The JWT signing keys of this data directory, generated on first start (the cloud keeps them in Secrets Manager). */
const localJwtKeys = async (dataDir: string) => {
  const file = join(dataDir, 'keys', 'jwt.json');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dirname(file), { recursive: true });
  const json = JSON.stringify(await generateJwtKeys());
  writeFileSync(file, json, { mode: 0o600 });
  return json;
};

/** The key Google tokens are encrypted with locally (the cloud uses KMS), generated on first start. */
const localTokenKey = (dataDir: string) => {
  const file = join(dataDir, 'keys', 'google-token.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
};

export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  const log = options.log ?? (() => undefined);
  // Node 20 runs the local runtime by design (the Lambdas run Node 22): the SDK's notice is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = resolve(options.dataDir);
  if (options.reset) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const host = options.host ?? '127.0.0.1';

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse())
      await step().catch((error: unknown) => log(`stop: ${(error as Error).message}`));
    stops.length = 0;
  };

  try {
    // The port is fixed first: the S3 CORS rule, the configuration and the WebSocket domain all name it.
    const port = options.port || (await freePort());
    const publicHost = LOOPBACK_HOSTS.has(host) ? 'localhost' : host;
    const origin = `http://${publicHost}:${port}`;
    const wsUrl = `ws://${publicHost}:${port}/${LOCAL.webSocketStage}`;

    const dynamo = await startDynamoDbLocal(dataDir, { log, onGiveUp: options.onFatal });
    stops.push(dynamo.stop);
    // Delivery events of every mail go to the jobs Lambda, as the SNS subscription does in the cloud.
    const ses = await startSes({ publish: invokeMailEvents, onLog: log });
    stops.push(ses.stop);
    const s3 = await startS3({
      dataDir,
      buckets: [LOCAL.filesBucket, LOCAL.assetsBucket],
      privateBuckets: [LOCAL.filesBucket],
      allowedOrigin: origin,
    });
    stops.push(s3.stop);

    const webSocket = new WebSocketGateway({
      domainName: `${publicHost}:${port}`,
      stage: LOCAL.webSocketStage,
      onLog: log,
    });
    let runJob: (name: string) => Promise<unknown> = () => Promise.reject(new Error('scheduler not started'));
    let outboxStream: OutboxStream | null = null;
    let dashboardStream: OutboxStream | null = null;
    const gateway = await startHttpGateway({
      port,
      host,
      origin,
      realtimeUrl: wsUrl,
      webDist: options.webDist ?? join(REPO_ROOT, 'web', 'dist'),
      s3Endpoint: s3.endpoint,
      assetsBucket: LOCAL.assetsBucket,
      mailViewerUrl: ses.viewerUrl,
      webSocket,
      webSocketStage: LOCAL.webSocketStage,
      runJob: (name) => runJob(name),
      outboxStream: () => outboxStream,
      dashboardStream: () => dashboardStream,
      ...(options.accessLog ? { onLog: log } : {}),
    });
    stops.push(async () => {
      await webSocket.close();
      await gateway.stop();
    });
    // Stripe's stand-in, unless a Stripe test-mode key of one's own is set (then Stripe itself is used).
    const ownStripeKey = Boolean(process.env.STRIPE_SECRET_KEY);
    if (!ownStripeKey) {
      const stripe = await startLocalStripe({
        checkoutOrigin: origin,
        webhookOrigin: `http://127.0.0.1:${port}`,
      });
      stops.push(stripe.stop);
      Object.assign(process.env, {
        STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
        STRIPE_API_URL: stripe.url,
        STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
      });
    }

    // The WhatsApp Cloud API's stand-in (messages and their status webhook), unless a token of one's own is set.
    if (!process.env.WHATSAPP_ACCESS_TOKEN) {
      const whatsApp = await startLocalWhatsApp({
        publicOrigin: origin,
        webhookOrigin: `http://127.0.0.1:${port}`,
      });
      stops.push(whatsApp.stop);
      Object.assign(process.env, {
        WHATSAPP_ACCESS_TOKEN: LOCAL_WHATSAPP_ACCESS_TOKEN,
        WHATSAPP_API_BASE_URL: whatsApp.url,
        WHATSAPP_PHONE_NUMBER_ID: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
        WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET,
        WHATSAPP_WEBHOOK_VERIFY_TOKEN: LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN,
      });
    }

    // Google's stand-in (OAuth consent, tokens, Calendar), unless a Google client of one's own is set.
    let googleUrl: string | undefined;
    if (!process.env.GOOGLE_CALENDAR_CLIENT_ID) {
      const google = await startLocalGoogle({ stateFile: join(dataDir, 'google', 'state.json') });
      stops.push(google.stop);
      googleUrl = google.url;
      Object.assign(process.env, localGoogleEnvironment(google.url));
    }
    process.env.GOOGLE_TOKEN_KEY ??= localTokenKey(dataDir);

    // Kinesis Video Streams' stand-in: the video rooms' ICE servers (no TURN on one machine).
    const kinesisVideo = await startLocalKinesisVideo();
    stops.push(kinesisVideo.stop);
    Object.assign(process.env, {
      VIDEO_SIGNALING_CHANNEL_NAME: LOCAL_VIDEO_CHANNEL_NAME,
      KINESIS_VIDEO_ENDPOINT: kinesisVideo.url,
    });

    Object.assign(process.env, {
      AWS_REGION: LOCAL.region,
      AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      TABLE_NAME: LOCAL.tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      FILES_BUCKET: LOCAL.filesBucket,
      ASSETS_BUCKET: LOCAL.assetsBucket,
      ASSETS_BASE_URL: `${origin}/media`,
      SES_ENDPOINT: ses.endpoint,
      WS_MANAGEMENT_ENDPOINT: `${origin}/${LOCAL.webSocketStage}`,
      PUBLIC_BASE_URL: origin,
      JWT_KEYS_JSON: await localJwtKeys(dataDir),
      TALLY_SIGNING_SECRET: LOCAL_TALLY_SIGNING_SECRET,
      // INFO: each request's line is kept for the log viewer (log-files.ts); the terminal still shows only
      // warnings and errors.
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'INFO',
      LOCAL_LOG_DIR: join(dataDir, 'logs'),
      POWERTOOLS_DEV: 'true',
    });
    delete process.env.JWT_SECRET_ARN;
    // The handlers' log lines, per area, for the log viewer (log-files.ts).
    const logFiles = startLogFiles(join(dataDir, 'logs'), (line) => process.stdout.write(`${line}\n`));
    stops.push(() => Promise.resolve(logFiles.stop()));

    const dynamoClient = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL.region });
    stops.push(() => Promise.resolve(dynamoClient.destroy()));
    await ensureTable(dynamoClient, LOCAL.tableName);
    // Started before anything writes, so every outbox item from now on is delivered from the stream.
    outboxStream = await startOutboxStream({
      dynamo: dynamoClient,
      streams: createStreamsClient(dynamo.endpoint, LOCAL.region, LOCAL_S3_CREDENTIALS.accessKeyId),
      tableName: LOCAL.tableName,
      region: LOCAL.region,
      invoke: invokeOutbox,
      log,
    });
    stops.push(outboxStream.stop);
    // The dashboards' aggregation reads the same stream with its own filter, as its own event source does.
    dashboardStream = await startOutboxStream({
      dynamo: dynamoClient,
      streams: createStreamsClient(dynamo.endpoint, LOCAL.region, LOCAL_S3_CREDENTIALS.accessKeyId),
      tableName: LOCAL.tableName,
      region: LOCAL.region,
      invoke: invokeAggregates,
      log,
      consumer: {
        name: 'dashboard stream',
        filterPattern: DASHBOARD_STREAM_FILTER_PATTERN,
        source: DASHBOARD_STREAM_SOURCE,
      },
    });
    stops.push(dashboardStream.stop);

    // Benchmarks count the handlers' DynamoDB calls (call-counter.ts); never on unless asked for.
    if (process.env.NUTRI_COUNT_CALLS === '1') startCallCounting();
    await seedDemoData();
    // The dashboards' year of history is written after the start-up (it takes a while on a busy machine):
    // the dashboards fill in a little after the product is ready.
    // The demo nutritionist's practice stays as the demo made it: the journeys read her lists of patients.
    void seedDashboardHistory(
      SEED_NUTRITIONISTS.filter((nutritionist) => nutritionist.id !== DEMO_NUTRITIONIST_ID).map(
        (nutritionist) => nutritionist.id,
      ),
      () => dashboardStream?.skipToLatest() ?? Promise.resolve(),
    ).catch((error: unknown) => log(`dashboard history: not seeded (${(error as Error).name})`));
    const scheduler = startScheduler(log);
    runJob = scheduler.runNow;
    stops.push(() => Promise.resolve(scheduler.stop()));

    const info: LocalStackInfo = {
      baseUrl: origin,
      wsUrl,
      mailViewerUrl: ses.viewerUrl,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      region: LOCAL.region,
      tableName: LOCAL.tableName,
      filesBucket: LOCAL.filesBucket,
      assetsBucket: LOCAL.assetsBucket,
      dataDir,
      pid: process.pid,
      childPids: dynamo.pid() ? [dynamo.pid()!] : [],
      ...(googleUrl ? { googleUrl } : {}),
    };
    return { info, runJob: (name) => runJob(name), stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
