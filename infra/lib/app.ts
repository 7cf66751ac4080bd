/**
 * The cloud app: six stacks wired together, with cdk-nag's AWS Solutions checks applied. Used by
 * infra/bin/app.ts (the CDK CLI) and by the tests, so both build exactly the same thing.
 *
 *   data  <-  realtime  <-  api  <-  web
 *   video <-----'  ^---------- jobs
 *
 * jobs also writes the web stack's prerendered pages (its bucket's prerendered/ and its page list).
 *
 * The video stack (the rooms' signalling channel) is in settings.videoRegion; realtime only names it.
 */
import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { cdkJsonContext, resolveSettings, type NutriAppOptions, type NutriSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { VideoStack } from './stacks/video-stack';
import { WebStack } from './stacks/web-stack';

export interface NutriApp {
  app: App;
  settings: NutriSettings;
  data: DataStack;
  realtime: RealtimeStack;
  video: VideoStack;
  api: ApiStack;
  web: WebStack;
  jobs: JobsStack;
}

export const createApp = (options: NutriAppOptions = {}): NutriApp => {
  const app = new App({
    ...(options.outdir ? { outdir: options.outdir } : {}),
    context: { ...cdkJsonContext(), ...options.context },
  });
  const settings = resolveSettings(app, options);
  // Account-agnostic unless the CLI knows it, so synth needs no credentials and does no lookups.
  const env: Environment = {
    region: settings.region,
    ...(settings.account ? { account: settings.account } : {}),
  };
  const stackName = (suffix: string) => `${settings.stackPrefix}${suffix}`;

  const data = new DataStack(app, stackName('Data'), {
    env,
    settings,
    description: 'Nutri: table, files, secrets, mail',
    terminationProtection: true,
  });
  const video = new VideoStack(app, stackName('Video'), {
    env: { ...env, region: settings.videoRegion },
    settings,
    description: 'Nutri: the video rooms signalling channel (TURN credentials)',
  });
  const realtime = new RealtimeStack(app, stackName('Realtime'), {
    env,
    settings,
    data,
    description: 'Nutri: WebSocket API and its Lambdas',
  });
  // The video Lambda asks the channel for ICE servers: it exists before the Lambda is deployed.
  realtime.addStackDependency(video);
  const api = new ApiStack(app, stackName('Api'), {
    env,
    settings,
    data,
    realtime,
    routes: options.restRoutes,
    description: 'Nutri: REST API and its Lambdas',
  });
  const web = new WebStack(app, stackName('Web'), {
    env,
    settings,
    data,
    api,
    realtime,
    description: 'Nutri: CloudFront, web app, security headers',
  });
  const jobs = new JobsStack(app, stackName('Jobs'), {
    env,
    settings,
    data,
    realtime,
    web,
    description: 'Nutri: scheduled jobs',
  });

  Tags.of(app).add('project', 'nutri');
  // cdk-nag 3 is a synthesis validation plugin: any unacknowledged finding fails `cdk synth`.
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, settings, data, realtime, video, api, web, jobs };
};
