/**
 * Stateful resources: the one DynamoDB table, the files and assets buckets, secrets, the Google tokens' key
 * and the SES set-up.
 * Everything here is retained on stack deletion: losing it loses patients' data.
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { PRIVACY_EXPORT_LINK_HOURS } from '@nutri/shared';
import { tableDefinition } from '@nutri/functions/platform/db/table';
import {
  createBucketAccessPolicies,
  createMailSendPolicy,
  createSmsSendPolicy,
  createTableAccessPolicies,
  createTokenKeyPolicy,
  type AccessPolicies,
} from '../constructs/bindings';
import { createLogsBucket, createPrivateBucket } from '../constructs/private-bucket';
import { acknowledge } from '../nag';
import type { NutriSettings } from '../settings';

export interface DataStackProps extends StackProps {
  settings: NutriSettings;
}

/** Longest a browser may cache a CORS preflight for uploads. */
const UPLOAD_CORS_MAX_AGE_SECONDS = 3600;
/** Deleted or replaced health files must really go away; versions are kept only to undo mistakes. */
const NONCURRENT_VERSION_DAYS = 30;
/** Days a privacy export zip is kept: the whole day after its link lapses, then S3 expires it. */
export const PRIVACY_EXPORT_RETENTION_DAYS = Math.ceil(PRIVACY_EXPORT_LINK_HOURS / 24) + 1;

export class DataStack extends Stack {
  /** Encrypts the table, the files bucket and the mail events topic (health and personal data). */
  readonly dataKey: kms.Key;
  /**
   * Encrypts the partners' Google Calendar tokens (functions/src/platform/token-cipher.ts), apart from the
   * data key: only the areas that use the connection may use it, directly and not via a service.
   */
  readonly googleTokenKey: kms.Key;
  readonly table: dynamodb.Table;
  readonly filesBucket: s3.Bucket;
  readonly assetsBucket: s3.Bucket;
  readonly jwtSecret: secretsmanager.Secret;
  readonly stripeSecretKey: secretsmanager.Secret;
  readonly stripeWebhookSecret: secretsmanager.Secret;
  readonly tallySigningSecret: secretsmanager.Secret;
  readonly whatsappAccessToken: secretsmanager.Secret;
  readonly whatsappWebhookVerifyToken: secretsmanager.Secret;
  readonly whatsappAppSecret: secretsmanager.Secret;
  readonly googleCalendarClientSecret: secretsmanager.Secret;
  readonly mailConfigurationSet: ses.ConfigurationSet;
  readonly mailEventsTopic: sns.Topic;
  readonly mailIdentity: ses.EmailIdentity;
  /** Access levels to the resources above, attached to Lambdas by the binders (constructs/bindings.ts). */
  readonly tableAccess: AccessPolicies;
  readonly filesAccess: AccessPolicies;
  readonly assetsAccess: AccessPolicies;
  readonly mailSend: iam.ManagedPolicy;
  readonly smsSend: iam.ManagedPolicy;
  /** Encrypt and decrypt with googleTokenKey. */
  readonly googleTokensUse: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.dataKey = new kms.Key(this, 'DataKey', {
      description: 'Nutri: table, files and mail events',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.googleTokenKey = new kms.Key(this, 'GoogleTokenKey', {
      description: 'Nutri: Google Calendar tokens of partner nutritionists',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table = this.createTable();

    const logsBucket = createLogsBucket(this, 'AccessLogsBucket');

    this.filesBucket = createPrivateBucket(this, 'FilesBucket', {
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.dataKey,
      // One data key per bucket instead of one KMS call per object: same protection, a fraction of the cost.
      bucketKeyEnabled: true,
      versioned: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'files/',
      // Browsers upload with presigned POST straight to S3 and may read previews with fetch().
      cors: [
        {
          allowedOrigins: [settings.publicBaseUrl],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: UPLOAD_CORS_MAX_AGE_SECONDS,
        },
      ],
      lifecycleRules: [
        {
          id: 'tidy-versions-and-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS),
        },
        {
          // Chat files wait here between the presigned POST and the confirm; unconfirmed ones go.
          id: 'expire-unconfirmed-chat-uploads',
          prefix: 'chat-uploads/',
          expiration: Duration.days(1),
        },
        {
          // The accountant's zips are fetched through a 5-minute link right after they are made.
          id: 'expire-exports',
          prefix: 'exports/',
          expiration: Duration.days(1),
        },
        {
          // A patient's data export (docs/product.md#privacy-centre) is reached only through its presigned
          // link: once the link has lapsed the zip is dead weight holding health data.
          id: 'expire-privacy-exports',
          prefix: 'privacy-exports/',
          expiration: Duration.days(PRIVACY_EXPORT_RETENTION_DAYS),
          // The bucket is versioned: the expired (or erased) zip must not linger as an old version either.
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
    });

    // Public content (photos, blog images) that CloudFront serves under /media/* (web-bundle.ts: ASSETS_PATH). CloudFront cannot use
    // an SSE-KMS key without a key-policy grant per distribution, and nothing here is confidential.
    this.assetsBucket = createPrivateBucket(this, 'AssetsBucket', {
      versioned: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'assets/',
      lifecycleRules: [
        { id: 'tidy-versions', noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS) },
      ],
    });
    // The distribution lives in the web stack, which depends on this one: naming its ARN here would make
    // a cycle, so any distribution of this account may read through OAC (the content is public anyway).
    this.assetsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudFrontOriginAccessControl',
        actions: ['s3:GetObject'],
        resources: [this.assetsBucket.arnForObjects('*')],
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    this.jwtSecret = this.createEmptySecret(
      'JwtKeysSecret',
      'Nutri: Ed25519 JWT signing keys {kid, privateJwk, publicJwk}; set with infra/scripts/put-jwt-secret.ts',
      'The JWT signing keys are rotated by running infra/scripts/put-jwt-secret.ts (new kid); an automatic rotation Lambda would sign out every user at each rotation while the API verifies one key.',
    );
    this.stripeSecretKey = this.createEmptySecret(
      'StripeSecretKey',
      'Nutri: Stripe secret API key (operators)',
      'Issued by Stripe: it can only be rolled in the Stripe dashboard, then put here by an operator.',
    );
    this.stripeWebhookSecret = this.createEmptySecret(
      'StripeWebhookSecret',
      'Nutri: Stripe webhook signing secret (operators)',
      'Issued by Stripe for the webhook endpoint: rolled in the Stripe dashboard, then put here by an operator.',
    );
    this.tallySigningSecret = this.createEmptySecret(
      'TallySigningSecret',
      'Nutri: Tally webhook signing secret (operators)',
      'Issued by Tally for the form webhook: rotated in Tally, then put here by an operator.',
    );

    this.whatsappAccessToken = this.createEmptySecret(
      'WhatsAppAccessToken',
      'Nutri: WhatsApp Business Cloud API access token (operators)',
      'Issued by Meta for the WhatsApp Business system user: rotated in Meta Business Manager, then put here by an operator.',
    );
    this.whatsappAppSecret = this.createEmptySecret(
      'WhatsAppAppSecret',
      'Nutri: Meta app secret signing the WhatsApp status webhook (operators)',
      'The app secret of the Meta app subscribed to the WhatsApp Business account: reset in the Meta app dashboard, then put here by an operator.',
    );

    this.whatsappWebhookVerifyToken = this.createEmptySecret(
      'WhatsAppWebhookVerifyToken',
      'Nutri: verify token of the WhatsApp webhook subscription (operators)',
      'Chosen by an operator and typed in the Meta app dashboard when subscribing the callback URL: Meta sends it back once to check the callback.',
    );

    this.googleCalendarClientSecret = this.createEmptySecret(
      'GoogleCalendarClientSecret',
      'Nutri: Google Calendar OAuth client secret (operators)',
      'Issued by Google for the OAuth client of the Google Cloud project: reset in the Google Cloud console, then put here by an operator.',
    );

    this.mailEventsTopic = new sns.Topic(this, 'MailEventsTopic', {
      displayName: 'Nutri e-mail delivery events',
      masterKey: this.dataKey,
      enforceSSL: true,
    });
    // SES publishes to the encrypted topic, so it must be able to use the key. The topic policy already
    // pins the publisher to this account's configuration set, which closes the confused-deputy path.
    this.dataKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowSesToPublishEncryptedEvents',
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
      }),
    );

    this.mailConfigurationSet = new ses.ConfigurationSet(this, 'MailConfigurationSet', {
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.mailConfigurationSet.addEventDestination('DeliveryEvents', {
      destination: ses.EventDestination.snsTopic(this.mailEventsTopic),
      events: [
        ses.EmailSendingEvent.SEND,
        ses.EmailSendingEvent.DELIVERY,
        ses.EmailSendingEvent.DELIVERY_DELAY,
        ses.EmailSendingEvent.BOUNCE,
        ses.EmailSendingEvent.COMPLAINT,
        ses.EmailSendingEvent.REJECT,
        ses.EmailSendingEvent.OPEN,
        ses.EmailSendingEvent.CLICK,
      ],
    });

    // The sending domain; DKIM records to publish are in the outputs (no Route 53 zone is assumed).
    this.mailIdentity = new ses.EmailIdentity(this, 'MailIdentity', {
      identity: ses.Identity.domain(settings.mailDomain),
      configurationSet: this.mailConfigurationSet,
      dkimSigning: true,
    });

    this.tableAccess = createTableAccessPolicies(this, this.table);
    this.filesAccess = createBucketAccessPolicies(this, 'Files', this.filesBucket);
    this.assetsAccess = createBucketAccessPolicies(this, 'Assets', this.assetsBucket);
    this.mailSend = createMailSendPolicy(this, {
      domain: settings.mailDomain,
      fromAddress: settings.mailFromAddress,
      configurationSetName: this.mailConfigurationSet.configurationSetName,
    });
    this.smsSend = createSmsSendPolicy(this);
    this.googleTokensUse = createTokenKeyPolicy(this, this.googleTokenKey);

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'FilesBucketName', { value: this.filesBucket.bucketName });
    new CfnOutput(this, 'AssetsBucketName', { value: this.assetsBucket.bucketName });
    new CfnOutput(this, 'JwtSecretArn', { value: this.jwtSecret.secretArn });
    new CfnOutput(this, 'StripeSecretKeyArn', { value: this.stripeSecretKey.secretArn });
    new CfnOutput(this, 'StripeWebhookSecretArn', { value: this.stripeWebhookSecret.secretArn });
    new CfnOutput(this, 'TallySigningSecretArn', { value: this.tallySigningSecret.secretArn });
    new CfnOutput(this, 'WhatsAppAccessTokenArn', { value: this.whatsappAccessToken.secretArn });
    new CfnOutput(this, 'WhatsAppAppSecretArn', { value: this.whatsappAppSecret.secretArn });
    new CfnOutput(this, 'WhatsAppWebhookVerifyTokenArn', {
      value: this.whatsappWebhookVerifyToken.secretArn,
    });
    new CfnOutput(this, 'GoogleCalendarClientSecretArn', {
      value: this.googleCalendarClientSecret.secretArn,
    });
    new CfnOutput(this, 'MailEventsTopicArn', { value: this.mailEventsTopic.topicArn });
    this.mailIdentity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
    });
  }

  /** The table exactly as tableDefinition describes it (the local runtime builds the same one). */
  private createTable() {
    const string = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    const table = new dynamodb.Table(this, 'Table', {
      partitionKey: string(tableDefinition.partitionKey),
      sortKey: string(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.dataKey,
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      // The outbox Lambda (jobs stack) reads new outbox items from it.
      stream: dynamodb.StreamViewType[tableDefinition.streamViewType],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }

  /**
   * A secret created without a value: operators (or the JWT script) put it after deploy, so no generated
   * placeholder can ever be mistaken for a real key. Readers fail loudly until it is set.
   */
  private createEmptySecret(id: string, description: string, whyNoAutomaticRotation: string) {
    const secret = new secretsmanager.Secret(this, id, { description, removalPolicy: RemovalPolicy.RETAIN });
    (secret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride(
      'GenerateSecretString',
    );
    acknowledge(secret, 'SMG4', whyNoAutomaticRotation);
    return secret;
  }
}
