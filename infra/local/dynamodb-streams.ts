/**
 * The three DynamoDB Streams calls the local outbox stream reader needs (DescribeStream, GetShardIterator,
 * GetRecords), sent to DynamoDB Local over the service's JSON protocol. @aws-sdk/client-dynamodb-streams is
 * not a dependency of this repository; these few typed calls stand in for it locally (the cloud reads the
 * stream through Lambda's event source mapping, not through this code). DynamoDB Local reads the access
 * key from the Authorization header but checks no signature, so the header names the local credentials
 * unsigned.
 */
import type { AttributeValue } from 'aws-lambda';

export interface StreamShard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange: { StartingSequenceNumber?: string; EndingSequenceNumber?: string };
}

/** A stream record as GetRecords returns it (the shape Lambda passes on, without eventSourceARN). */
export interface StreamRecord {
  eventID: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventVersion: string;
  eventSource: string;
  awsRegion: string;
  dynamodb: {
    ApproximateCreationDateTime?: number;
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    SequenceNumber: string;
    SizeBytes?: number;
    StreamViewType?: string;
  };
}

export type ShardIteratorType = 'TRIM_HORIZON' | 'LATEST' | 'AFTER_SEQUENCE_NUMBER';

/** An error answer of the service, named as the SDK would name it (e.g. `ExpiredIteratorException`). */
export class StreamsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

/** Longest wait for one answer: DynamoDB Local answers in milliseconds unless it is restarting. */
const CALL_TIMEOUT_MS = 10_000;

export const createStreamsClient = (endpoint: string, region: string, accessKeyId: string) => {
  const call = async <T>(operation: string, body: Record<string, unknown>): Promise<T> => {
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': `DynamoDBStreams_20120810.${operation}`,
        Authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${day}/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=local`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    const parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (!response.ok) {
      const type = typeof parsed.__type === 'string' ? parsed.__type.split('#').pop()! : 'UnknownError';
      const message = [parsed.message, parsed.Message].find((value) => typeof value === 'string');
      throw new StreamsError(type, message ?? `HTTP ${response.status}`);
    }
    return parsed as T;
  };

  /** Every shard of the stream (DescribeStream pages through them). */
  const describeShards = async (streamArn: string) => {
    const shards: StreamShard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await call<{
        StreamDescription: { Shards?: StreamShard[]; LastEvaluatedShardId?: string };
      }>('DescribeStream', { StreamArn: streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) });
      shards.push(...(StreamDescription.Shards ?? []));
      start = StreamDescription.LastEvaluatedShardId;
    } while (start);
    return shards;
  };

  const shardIterator = async (
    streamArn: string,
    shardId: string,
    type: ShardIteratorType,
    sequenceNumber?: string,
  ) =>
    (
      await call<{ ShardIterator?: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}),
      })
    ).ShardIterator ?? null;

  /** One read of a shard: its records and where to read next (null once a closed shard is read to its end). */
  const records = async (iterator: string, limit: number) => {
    const result = await call<{ Records?: StreamRecord[]; NextShardIterator?: string }>('GetRecords', {
      ShardIterator: iterator,
      Limit: limit,
    });
    return { records: result.Records ?? [], next: result.NextShardIterator ?? null };
  };

  return { describeShards, shardIterator, records };
};

export type StreamsClient = ReturnType<typeof createStreamsClient>;
