/**
 * The ICE servers of a call (docs/product.md#video-room). In the cloud: the STUN server of Amazon Kinesis
 * Video Streams and short-lived TURN credentials from the stage's signalling channel (its ARN by name with
 * `DescribeSignalingChannel` and its HTTPS endpoint with `GetSignalingChannelEndpoint`, once per
 * container; then `GetIceServerConfig` per request), so calls work behind NAT and corporate firewalls.
 * Locally the same real clients talk to the local runtime's stand-in (KINESIS_VIDEO_ENDPOINT), which has
 * no TURN to give: the browsers on one machine connect through host candidates. No ICE server is ever
 * written in the code.
 *
 * The clients are loaded on the first request that needs them, not at the Lambda's start
 * (docs/decisions/0017-lean-lambdas.md). Credentials are never logged.
 */
import { randomUUID } from 'node:crypto';
import type { KinesisVideoSignalingClient } from '@aws-sdk/client-kinesis-video-signaling';
import type { VideoIceServersView } from '@nutri/shared';
import { config } from '../platform/config';

const sdk = () => import('./ice-servers-sdk');

/** TURN credentials are handed out only if they last at least this long (the page asks again before). */
const MIN_TTL_SECONDS = 60;

let signalingClient: Promise<{ client: KinesisVideoSignalingClient; channelArn: string }> | undefined;

// The channel's ARN and HTTPS signalling endpoint, asked once per container (they do not change).
const signaling = (channelName: string) =>
  (signalingClient ??= (async () => {
    const {
      DescribeSignalingChannelCommand,
      GetSignalingChannelEndpointCommand,
      KinesisVideoClient,
      KinesisVideoSignalingClient,
    } = await sdk();
    const { AWS_REGION, KINESIS_VIDEO_ENDPOINT, VIDEO_REGION } = config();
    const region = VIDEO_REGION ?? AWS_REGION;
    const control = new KinesisVideoClient({
      region,
      ...(KINESIS_VIDEO_ENDPOINT ? { endpoint: KINESIS_VIDEO_ENDPOINT } : {}),
    });
    try {
      const { ChannelInfo } = await control.send(
        new DescribeSignalingChannelCommand({ ChannelName: channelName }),
      );
      const channelArn = ChannelInfo?.ChannelARN;
      if (!channelArn) throw new Error('The signalling channel has no ARN');
      const { ResourceEndpointList } = await control.send(
        new GetSignalingChannelEndpointCommand({
          ChannelARN: channelArn,
          SingleMasterChannelEndpointConfiguration: { Protocols: ['HTTPS'], Role: 'VIEWER' },
        }),
      );
      const endpoint = ResourceEndpointList?.find((entry) => entry.Protocol === 'HTTPS')?.ResourceEndpoint;
      if (!endpoint) throw new Error('The signalling channel has no HTTPS endpoint');
      return { client: new KinesisVideoSignalingClient({ region, endpoint }), channelArn };
    } finally {
      control.destroy();
    }
  })().catch((error: unknown) => {
    // A failed look-up is tried again by the next request rather than remembered.
    signalingClient = undefined;
    throw error;
  }));

/** The servers RTCPeerConnection is configured with for one member joining one call. */
export const iceServersForCall = async (at: Date): Promise<VideoIceServersView> => {
  const { VIDEO_SIGNALING_CHANNEL_NAME, VIDEO_STUN_URL } = config();
  const servers: VideoIceServersView['IceServers'] = VIDEO_STUN_URL ? [{ urls: [VIDEO_STUN_URL] }] : [];
  if (!VIDEO_SIGNALING_CHANNEL_NAME) return { IceServers: servers, ExpiresAt: null };
  const { GetIceServerConfigCommand } = await sdk();
  const { client, channelArn } = await signaling(VIDEO_SIGNALING_CHANNEL_NAME);
  const { IceServerList } = await client.send(
    new GetIceServerConfigCommand({
      ChannelARN: channelArn,
      // A fresh id per request: it names no one (the service requires it to be unique on the channel).
      ClientId: randomUUID(),
      Service: 'TURN',
    }),
  );
  let expiresAt: number | null = null;
  for (const server of IceServerList ?? []) {
    if (!server.Uris?.length || !server.Username || !server.Password) continue;
    const ttl = server.Ttl ?? 0;
    if (ttl < MIN_TTL_SECONDS) continue;
    servers.push({ urls: server.Uris, username: server.Username, credential: server.Password });
    const expiry = at.getTime() + ttl * 1000;
    expiresAt = expiresAt === null ? expiry : Math.min(expiresAt, expiry);
  }
  return { IceServers: servers, ExpiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() };
};
