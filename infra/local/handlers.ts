/**
 * Loads the same Lambda handler modules the CDK stacks deploy (functions/src/<area>/handler.ts, and the
 * jobs and outbox Lambdas) and calls them in-process, as one warm Lambda per area.
 */
import type { Context, DynamoDBStreamEvent, SNSEvent } from 'aws-lambda';
import type { Area } from '@nutri/functions/routes';
import { lambdaContext } from './events';

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const cache = new Map<string, Promise<LambdaHandler>>();

const load = (entry: string): Promise<LambdaHandler> => {
  let handler = cache.get(entry);
  if (!handler) {
    handler = (import(`../../functions/src/${entry}/handler.ts`) as Promise<{ handler: LambdaHandler }>).then(
      (module) => module.handler,
    );
    cache.set(entry, handler);
  }
  return handler;
};

/** Lambda returns its result serialized as JSON: undefined values vanish, as they do in the cloud. */
const asLambdaReturns = (result: unknown): unknown =>
  result === undefined ? undefined : JSON.parse(JSON.stringify(result));

export const invokeArea = async (area: Area, event: unknown): Promise<unknown> =>
  asLambdaReturns(await (await load(area))(event, lambdaContext(`nutri-${area}`)));

export const invokeJobs = async (event: { job: string }): Promise<unknown> =>
  asLambdaReturns(await (await load('jobs'))(event, lambdaContext('nutri-jobs')));

/** The outbox Lambda with table stream records, as its event source mapping invokes it in the cloud. */
export const invokeOutbox = async (event: DynamoDBStreamEvent): Promise<unknown> =>
  asLambdaReturns(await (await load('outbox'))(event, lambdaContext('nutri-outbox')));

/** The jobs Lambda with SNS records, as the SES delivery events topic invokes it in the cloud. */
export const invokeMailEvents = async (event: SNSEvent): Promise<unknown> =>
  asLambdaReturns(await (await load('jobs'))(event, lambdaContext('nutri-jobs')));
