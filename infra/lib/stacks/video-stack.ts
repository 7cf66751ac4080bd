/**
 * The video rooms' signalling channel of this stage (docs/product.md#video-room), in the region that offers
 * Kinesis Video Streams (settings.videoRegion). It is used only for its ICE servers: `GetIceServerConfig`
 * gives the calls short-lived TURN credentials, while the signalling itself goes through the realtime
 * stack's WebSocket API. The video Lambda finds it by its name (videoChannelName), so no value crosses
 * regions at deploy time; its permissions are bound in the realtime stack (bindings.ts).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as kinesisvideo from 'aws-cdk-lib/aws-kinesisvideo';
import type { Construct } from 'constructs';
import type { NutriSettings } from '../settings';

export interface VideoStackProps extends StackProps {
  settings: NutriSettings;
}

/** The channel's name: one per stage (stack prefix). */
export const videoChannelName = (settings: Pick<NutriSettings, 'stackPrefix'>) =>
  `${settings.stackPrefix}-video-rooms`;

export class VideoStack extends Stack {
  readonly channel: kinesisvideo.CfnSignalingChannel;

  constructor(scope: Construct, id: string, props: VideoStackProps) {
    super(scope, id, props);
    this.channel = new kinesisvideo.CfnSignalingChannel(this, 'VideoSignalingChannel', {
      name: videoChannelName(props.settings),
      type: 'SINGLE_MASTER',
      // Signalling messages are not sent through the channel (only ICE servers are asked of it).
      messageTtlSeconds: 5,
    });
  }
}
