/**
 * Stands in for Amazon Kinesis Video Streams locally, the part the video rooms call for their ICE servers
 * (functions/src/video/ice-servers.ts): `DescribeSignalingChannel` and `GetSignalingChannelEndpoint` on the
 * control plane and `GetIceServerConfig` on the channel's HTTPS endpoint, spoken as the service speaks
 * them (restJson1 POSTs, SigV4-signed), so the real `@aws-sdk/client-kinesis-video` and `-signaling` clients talk to it unchanged
 * (KINESIS_VIDEO_ENDPOINT). It knows one channel, LOCAL_VIDEO_CHANNEL_NAME, and has no TURN server to give:
 * the answer's list is empty and the browsers on this one machine connect through host candidates. Never
 * deployed (infra/test/cdk-functions.test.ts walks the bundles for stand-in code).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The local stage's signalling channel (the cloud's is created by the video stack). */
export const LOCAL_VIDEO_CHANNEL_NAME = 'nutri-local-video-rooms';
const LOCAL_VIDEO_CHANNEL_ARN =
  'arn:aws:kinesisvideo:eu-south-1:000000000000:channel/nutri-local-video-rooms/1';

/** The HTTPS signalling endpoint the control plane hands out: this server, under its own prefix. */
const SIGNALING_PREFIX = '/signaling';
const MAX_BODY_BYTES = 16_384;

const sendJson = (response: ServerResponse, status: number, body: unknown, errorType?: string) => {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    ...(errorType ? { 'x-amzn-ErrorType': errorType } : {}),
  });
  response.end(JSON.stringify(body));
};

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown> | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** As the service does: an unsigned request, or one signed for another service, is refused. */
const signedForKinesisVideo = (request: IncomingMessage) => {
  const authorization = request.headers.authorization ?? '';
  return /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/kinesisvideo\/aws4_request,/.test(
    authorization,
  );
};

export interface LocalKinesisVideo {
  /** The control plane's endpoint (KINESIS_VIDEO_ENDPOINT). */
  url: string;
  /** How many GetIceServerConfig calls it answered (tests). */
  iceServerConfigCalls: () => number;
  stop: () => Promise<void>;
}

export const startLocalKinesisVideo = async (): Promise<LocalKinesisVideo> => {
  let calls = 0;
  let origin = '';
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') return sendJson(response, 405, { message: 'Method not allowed' });
    if (!signedForKinesisVideo(request))
      return sendJson(response, 403, { message: 'Missing or invalid signature' }, 'AccessDeniedException');
    const body = await readJson(request);
    if (!body) return sendJson(response, 400, { message: 'Invalid JSON body' }, 'InvalidArgumentException');
    const unknownChannel = () =>
      sendJson(response, 404, { Message: 'The requested channel is not found' }, 'ResourceNotFoundException');
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    if (path === '/describeSignalingChannel') {
      if (body.ChannelName !== LOCAL_VIDEO_CHANNEL_NAME && body.ChannelARN !== LOCAL_VIDEO_CHANNEL_ARN)
        return unknownChannel();
      return sendJson(response, 200, {
        ChannelInfo: {
          ChannelName: LOCAL_VIDEO_CHANNEL_NAME,
          ChannelARN: LOCAL_VIDEO_CHANNEL_ARN,
          ChannelType: 'SINGLE_MASTER',
          ChannelStatus: 'ACTIVE',
          Version: '1',
        },
      });
    }
    if (path === '/getSignalingChannelEndpoint') {
      if (body.ChannelARN !== LOCAL_VIDEO_CHANNEL_ARN) return unknownChannel();
      const configuration = body.SingleMasterChannelEndpointConfiguration as
        { Protocols?: unknown; Role?: unknown } | undefined;
      const protocols: unknown[] = Array.isArray(configuration?.Protocols)
        ? (configuration.Protocols as unknown[])
        : ['WSS', 'HTTPS'];
      return sendJson(response, 200, {
        ResourceEndpointList: protocols
          .filter((protocol) => protocol === 'HTTPS')
          .map((protocol) => ({ Protocol: protocol, ResourceEndpoint: `${origin}${SIGNALING_PREFIX}` })),
      });
    }
    if (path === `${SIGNALING_PREFIX}/v1/get-ice-server-config`) {
      if (body.ChannelARN !== LOCAL_VIDEO_CHANNEL_ARN) return unknownChannel();
      if (body.Service !== undefined && body.Service !== 'TURN')
        return sendJson(response, 400, { Message: 'Invalid service' }, 'InvalidArgumentException');
      calls += 1;
      // One machine: no relay needed, and none is made up.
      return sendJson(response, 200, { IceServerList: [] });
    }
    return sendJson(response, 404, { message: 'Not found' }, 'UnknownOperationException');
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => sendJson(response, 500, { message: 'Internal error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    iceServerConfigCalls: () => calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
