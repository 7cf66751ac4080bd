/**
 * The three DynamoDB Streams calls the local outbox stream reader needs (DescribeStream, GetShardIterator,
 * GetRecords), sent to DynamoDB Local over the service's JSON protocol. @aws-sdk/client-dynamodb-streams is
 * not a dependency of this repository; these few typed calls stand in for it locally (the cloud reads the
 * stream through Lambda's event source mapping, not through this code). DynamoDB Local reads the access
 * key from the Authorization header but checks no signature, so the header names the local credentials
 * unsigned.
 */
import { Agent, request as httpRequest } from 'node:http';
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

/** One answer of the service: its HTTP status and JSON body. */
const post = (endpoint: URL, agent: Agent, headers: Record<string, string>, body: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      endpoint,
      { method: 'POST', agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 500, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(CALL_TIMEOUT_MS, () => request.destroy(new Error('DynamoDB Streams call timed out')));
    request.on('error', reject);
    request.end(body);
  });

export const createStreamsClient = (endpoint: string, region: string, accessKeyId: string) => {
  // The reader polls every shard several times a second in the gateway's own process: plain node:http on
  // kept-alive sockets costs that process a fraction of what fetch does per call.
  const agent = new Agent({ keepAlive: true });
  const url = new URL(endpoint);
  const call = async <T>(operation: string, body: Record<string, unknown>): Promise<T> => {
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const response = await post(
      url,
      agent,
      {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': `DynamoDBStreams_20120810.${operation}`,
        Authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${day}/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=local`,
      },
      JSON.stringify(body),
    );
    const parsed = (response.text ? JSON.parse(response.text) : {}) as Record<string, unknown>;
    if (response.status < 200 || response.status >= 300) {
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
