/** The data stack: table from tableDefinition, private buckets, secrets, SES. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '@nutri/functions/platform/db/table';
import { PRIVACY_EXPORT_LINK_HOURS } from '@nutri/shared';
import { PRIVACY_EXPORT_RETENTION_DAYS } from '../lib/stacks/data-stack';
import { synthesizeTestApp, TEST_SETTINGS, type TestApp } from '../lib/test-support';

type Resources = Record<
  string,
  { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string }
>;

const onlyResource = (template: Template, type: string) => {
  const found = Object.entries(template.findResources(type) as Resources);
  expect(found).toHaveLength(1);
  const [logicalId, resource] = found[0] as [string, Resources[string]];
  return { logicalId, ...resource };
};

/** The resource of a type whose logical id starts with `prefix` (CDK appends a hash). */
const resourceNamed = (template: Template, type: string, prefix: string) => {
  const found = Object.entries(template.findResources(type) as Resources).filter(([id]) =>
    id.startsWith(prefix),
  );
  expect(found).toHaveLength(1);
  const [logicalId, resource] = found[0] as [string, Resources[string]];
  return { logicalId, ...resource };
};

const bucketNamed = (template: Template, prefix: string) =>
  resourceNamed(template, 'AWS::S3::Bucket', prefix);

/** The data key (table, files, mail events); the Google tokens have a key of their own. */
const dataKeyOf = (template: Template) => resourceNamed(template, 'AWS::KMS::Key', 'DataKey');

const policyStatementsOf = (template: Template, bucketLogicalId: string) => {
  const policies = Object.values(template.findResources('AWS::S3::BucketPolicy') as Resources).filter(
    (policy) => JSON.stringify(policy.Properties.Bucket) === JSON.stringify({ Ref: bucketLogicalId }),
  );
  expect(policies).toHaveLength(1);
  return (policies[0]?.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
};

const deniesInsecureTransport = (statements: Record<string, unknown>[]) =>
  statements.some(
    (statement) =>
      statement.Effect === 'Deny' &&
      JSON.stringify(statement.Condition) === JSON.stringify({ Bool: { 'aws:SecureTransport': 'false' } }),
  );

const BLOCK_ALL = {
  BlockPublicAcls: true,
  BlockPublicPolicy: true,
  IgnorePublicAcls: true,
  RestrictPublicBuckets: true,
};

describe('data stack', () => {
  let nutri: TestApp;
  let template: Template;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.data);
  });
  afterAll(() => nutri.cleanUp());

  describe('table', () => {
    it('has the keys, indexes and TTL of tableDefinition', () => {
      const table = onlyResource(template, 'AWS::DynamoDB::Table');
      const properties = table.Properties;
      expect(properties.KeySchema).toEqual([
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ]);
      const indexes = (properties.GlobalSecondaryIndexes as Record<string, unknown>[]).map((index) => ({
        indexName: index.IndexName,
        keySchema: index.KeySchema,
        projection: index.Projection,
      }));
      expect(indexes).toEqual(
        tableDefinition.globalSecondaryIndexes.map((index) => ({
          indexName: index.indexName,
          keySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          projection: { ProjectionType: 'ALL' },
        })),
      );
      const keyAttributes = [
        tableDefinition.partitionKey,
        tableDefinition.sortKey,
        ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
      ];
      expect(properties.AttributeDefinitions).toEqual(
        expect.arrayContaining(keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
      );
      expect(properties.AttributeDefinitions).toHaveLength(keyAttributes.length);
      expect(properties.TimeToLiveSpecification).toEqual({
        AttributeName: tableDefinition.ttlAttribute,
        Enabled: true,
      });
    });

    it('is on-demand, recoverable, protected, encrypted with the customer key and retained', () => {
      const table = onlyResource(template, 'AWS::DynamoDB::Table');
      const key = dataKeyOf(template);
      expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
      expect(table.Properties.SSESpecification).toEqual({
        SSEEnabled: true,
        SSEType: 'KMS',
        KMSMasterKeyId: { 'Fn::GetAtt': [key.logicalId, 'Arn'] },
      });
      expect(table.DeletionPolicy).toBe('Retain');
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect(key.DeletionPolicy).toBe('Retain');
    });

    it('access policies name each index and never Scan', () => {
      const documents = Object.values(template.findResources('AWS::IAM::ManagedPolicy') as Resources)
        .map((policy) => JSON.stringify(policy.Properties.PolicyDocument))
        .filter((document) => document.includes('dynamodb:'));
      expect(documents).toHaveLength(2);
      for (const document of documents) {
        expect(document).not.toContain('dynamodb:Scan');
        expect(document).not.toContain('/index/*');
        for (const index of tableDefinition.globalSecondaryIndexes)
          expect(document).toContain(`/index/${index.indexName}`);
      }
    });
  });

  describe('files bucket', () => {
    it('blocks public access, denies plain HTTP and encrypts with the customer key', () => {
      const bucket = bucketNamed(template, 'FilesBucket');
      const key = dataKeyOf(template);
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual(BLOCK_ALL);
      expect(deniesInsecureTransport(policyStatementsOf(template, bucket.logicalId))).toBe(true);
      expect(bucket.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [
          {
            BucketKeyEnabled: true,
            ServerSideEncryptionByDefault: {
              SSEAlgorithm: 'aws:kms',
              KMSMasterKeyID: { 'Fn::GetAtt': [key.logicalId, 'Arn'] },
            },
          },
        ],
      });
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.DeletionPolicy).toBe('Retain');
    });

    it('lets only the site origin upload from the browser', () => {
      const bucket = bucketNamed(template, 'FilesBucket');
      const rules = (bucket.Properties.CorsConfiguration as { CorsRules: Record<string, unknown>[] })
        .CorsRules;
      expect(rules).toHaveLength(1);
      expect(rules[0]?.AllowedOrigins).toEqual([TEST_SETTINGS.publicBaseUrl]);
      expect(rules[0]?.AllowedMethods).toContain('POST');
      expect(rules[0]?.AllowedMethods).not.toContain('PUT');
      expect(rules[0]?.AllowedMethods).not.toContain('DELETE');
    });

    it('logs access to the logs bucket, which is private too', () => {
      const files = bucketNamed(template, 'FilesBucket');
      const logs = bucketNamed(template, 'AccessLogsBucket');
      expect(files.Properties.LoggingConfiguration).toEqual({
        DestinationBucketName: { Ref: logs.logicalId },
        LogFilePrefix: 'files/',
      });
      expect(logs.Properties.PublicAccessBlockConfiguration).toEqual(BLOCK_ALL);
      expect(deniesInsecureTransport(policyStatementsOf(template, logs.logicalId))).toBe(true);
    });

    it('expires privacy exports the day after their link lapses, old versions included', () => {
      const bucket = bucketNamed(template, 'FilesBucket');
      const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      const rule = rules.find((candidate) => candidate.Prefix === 'privacy-exports/');
      expect(rule).toEqual({
        Id: 'expire-privacy-exports',
        Prefix: 'privacy-exports/',
        Status: 'Enabled',
        ExpirationInDays: PRIVACY_EXPORT_RETENTION_DAYS,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      });
      expect(PRIVACY_EXPORT_RETENTION_DAYS * 24).toBeGreaterThan(PRIVACY_EXPORT_LINK_HOURS);
    });
  });

  describe('assets bucket', () => {
    it('is private and readable by CloudFront of this account only', () => {
      const bucket = bucketNamed(template, 'AssetsBucket');
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual(BLOCK_ALL);
      const statements = policyStatementsOf(template, bucket.logicalId);
      expect(deniesInsecureTransport(statements)).toBe(true);
      const cloudFront = statements.filter((statement) => statement.Effect === 'Allow');
      expect(cloudFront).toHaveLength(1);
      expect(cloudFront[0]).toMatchObject({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceAccount': { Ref: 'AWS::AccountId' } } },
      });
    });
  });

  describe('secrets', () => {
    it('exist without any generated or inline value (operators set them)', () => {
      const secrets = Object.values(template.findResources('AWS::SecretsManager::Secret') as Resources);
      expect(secrets).toHaveLength(8);
      for (const secret of secrets) {
        expect(secret.Properties).not.toHaveProperty('GenerateSecretString');
        expect(secret.Properties).not.toHaveProperty('SecretString');
        expect(secret.DeletionPolicy).toBe('Retain');
      }
      const descriptions = secrets.map((secret) => String(secret.Properties.Description));
      for (const name of [
        'JWT',
        'Stripe secret API key',
        'Stripe webhook',
        'Tally',
        'WhatsApp Business',
        'Meta app secret',
        'verify token of the WhatsApp webhook',
        'Google Calendar OAuth client secret',
      ]) {
        expect(descriptions.some((description) => description.includes(name))).toBe(true);
      }
    });
  });

  describe('Google tokens key', () => {
    it('is a key of its own, rotated and retained as the data key', () => {
      const keys = Object.keys(template.findResources('AWS::KMS::Key'));
      expect(keys).toHaveLength(2);
      const dataKey = dataKeyOf(template);
      const tokenKey = resourceNamed(template, 'AWS::KMS::Key', 'GoogleTokenKey');
      expect(tokenKey.Properties.EnableKeyRotation).toBe(true);
      expect(tokenKey.DeletionPolicy).toBe(dataKey.DeletionPolicy);
      expect(tokenKey.DeletionPolicy).toBe('Retain');
      // Nothing else is encrypted with it: no table, bucket or topic names it.
      const users = Object.entries(template.toJSON().Resources as Resources).filter(
        ([id, resource]) =>
          id !== tokenKey.logicalId &&
          resource.Type !== 'AWS::IAM::ManagedPolicy' &&
          JSON.stringify(resource).includes(`"${tokenKey.logicalId}"`),
      );
      expect(users).toEqual([]);
    });

    it('is used through one policy: kms:Encrypt and kms:Decrypt on that key only', () => {
      const tokenKey = resourceNamed(template, 'AWS::KMS::Key', 'GoogleTokenKey');
      const policy = resourceNamed(template, 'AWS::IAM::ManagedPolicy', 'GoogleTokensPolicy');
      const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] })
        .Statement;
      expect(statements).toHaveLength(1);
      const [statement] = statements as [Record<string, unknown>];
      expect([statement.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:Encrypt']);
      expect(statement).toMatchObject({
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [tokenKey.logicalId, 'Arn'] },
      });
      expect(statement).not.toHaveProperty('NotAction');
      const holders = Object.entries(template.findResources('AWS::IAM::ManagedPolicy') as Resources)
        .filter(([, resource]) => JSON.stringify(resource.Properties).includes(`"${tokenKey.logicalId}"`))
        .map(([id]) => id);
      expect(holders).toEqual([policy.logicalId]);
    });
  });

  describe('mail', () => {
    it('requires TLS and sends delivery events to an encrypted, TLS-only topic', () => {
      const configurationSet = onlyResource(template, 'AWS::SES::ConfigurationSet');
      expect(configurationSet.Properties.DeliveryOptions).toEqual({ TlsPolicy: 'REQUIRE' });
      const topic = onlyResource(template, 'AWS::SNS::Topic');
      const key = dataKeyOf(template);
      expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [key.logicalId, 'Arn'] });
      template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        ConfigurationSetName: { Ref: configurationSet.logicalId },
        EventDestination: {
          Enabled: true,
          SnsDestination: { TopicARN: { Ref: topic.logicalId } },
          MatchingEventTypes: Match.arrayWith(['delivery', 'bounce', 'complaint']),
        },
      });
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
      template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'nutri.test' });
    });
  });
});
