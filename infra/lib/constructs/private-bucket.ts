/**
 * Every bucket of the product is private: public access blocked, TLS 1.2+ only, ACLs disabled. Content that
 * must reach browsers goes through CloudFront (Origin Access Control) or short-lived presigned URLs.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export type PrivateBucketProps = Omit<
  s3.BucketProps,
  'blockPublicAccess' | 'enforceSSL' | 'publicReadAccess'
>;

export const createPrivateBucket = (scope: Construct, id: string, props: PrivateBucketProps = {}) =>
  new s3.Bucket(scope, id, {
    encryption: s3.BucketEncryption.S3_MANAGED,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: RemovalPolicy.RETAIN,
    ...props,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
  });

export const LOG_OBJECT_RETENTION_DAYS = 180;

/**
 * Destination of S3 server access logs (and CloudFront standard logs when `forCloudFront`). Log delivery
 * cannot write SSE-KMS objects, so it stays SSE-S3; logs carry IPs and paths, so they expire.
 */
export const createLogsBucket = (scope: Construct, id: string, options: { forCloudFront?: boolean } = {}) =>
  createPrivateBucket(scope, id, {
    // CloudFront standard logging still writes through the bucket ACL.
    objectOwnership: options.forCloudFront
      ? s3.ObjectOwnership.BUCKET_OWNER_PREFERRED
      : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(LOG_OBJECT_RETENTION_DAYS) }],
  });
