/**
 * Background work. Scheduled jobs: the jobs Lambda and one EventBridge Scheduler schedule per entry of
 * jobDefinitions, invoking it with `{ "job": name }`. Daily jobs run on Europe/Rome wall-clock time, across
 * DST changes. The same Lambda is subscribed to the SES delivery events topic (data stack): it records the
 * events of the unseen-chat-message e-mails on the messages (functions/src/jobs/mail-events.ts).
 * The outbox Lambda delivers the effects of committed changes from the table's stream (new outbox items
 * only, functions/src/platform/outbox-stream-source.ts); the deliver-outbox job is its safety net.
 */
import { CfnOutput, Duration, Stack, TimeZone, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as eventsources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { bindPublicPages } from '../constructs/bindings';
import { acknowledge } from '../nag';
import { jobDefinitions, type JobSchedule } from '@nutri/functions/jobs/definitions';
import {
  OUTBOX_STREAM_FILTER_PATTERN,
  OUTBOX_STREAM_SOURCE,
} from '@nutri/functions/platform/outbox-stream-source';
import {
  DASHBOARD_STREAM_FILTER_PATTERN,
  DASHBOARD_STREAM_SOURCE,
} from '@nutri/functions/platform/dashboard-stream-source';
import type { FeatureFunction } from '../constructs/feature-function';
import { createFeatureFunction, pascalCase } from '../feature-wiring';
import type { NutriSettings } from '../settings';
import type { DataStack } from './data-stack';
import type { RealtimeStack } from './realtime-stack';
import type { WebStack } from './web-stack';

export interface JobsStackProps extends StackProps {
  settings: NutriSettings;
  data: DataStack;
  realtime: RealtimeStack;
  /** The web bucket and page list the prerendered public pages are written to. */
  web: WebStack;
}

/** Jobs are safe to run late, but a run older than this is superseded by the next one anyway. */
const MAX_EVENT_AGE = Duration.hours(1);
const SCHEDULER_RETRY_ATTEMPTS = 3;
/** Lambda's own retries of a failed asynchronous run (Scheduler invokes asynchronously). */
const FUNCTION_RETRY_ATTEMPTS = 2;

export const scheduleExpressionOf = (schedule: JobSchedule) =>
  schedule.kind === 'rate'
    ? scheduler.ScheduleExpression.rate(Duration.minutes(schedule.minutes))
    : scheduler.ScheduleExpression.cron({
        minute: String(schedule.minute),
        hour: String(schedule.hour),
        timeZone: TimeZone.EUROPE_ROME,
      });

/**
 * LambdaInvoke grants `function` and `function:*` (every version and alias); the schedules invoke the
 * unqualified function only, so the role gets exactly that.
 */
class InvokeUnqualifiedFunction extends targets.LambdaInvoke {
  private readonly invoked: lambda.IFunction;

  constructor(invoked: lambda.IFunction, props: targets.ScheduleTargetBaseProps) {
    super(invoked, props);
    this.invoked = invoked;
  }

  protected override addTargetActionToRole(role: iam.IRole): void {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.invoked.functionArn] }),
    );
  }
}

export class JobsStack extends Stack {
  readonly jobsFunction: FeatureFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly outboxFunction: FeatureFunction;
  /** Where the outbox Lambda's event source sends batches that still failed after its retries. */
  readonly outboxDeadLetterQueue: sqs.Queue;
  /** The dashboards' aggregation Lambda, fed from the table's stream. */
  readonly aggregatesFunction: FeatureFunction;
  readonly aggregatesDeadLetterQueue: sqs.Queue;
  readonly schedules = new Map<string, scheduler.Schedule>();

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { settings, data, realtime, web } = props;

    // Holds runs Scheduler could not deliver, and runs or SES event batches that still failed after
    // Lambda's retries, each as the original event (`{ "job": name }` or the SNS records), ready to replay.
    this.deadLetterQueue = this.createDeadLetterQueue('DeadLetterQueue');
    this.jobsFunction = createFeatureFunction(
      this,
      'jobs',
      { settings, data, realtime: realtime.endpoint },
      { deadLetterQueue: this.deadLetterQueue },
    );
    this.jobsFunction.function.configureAsyncInvoke({
      retryAttempts: FUNCTION_RETRY_ATTEMPTS,
      maxEventAge: MAX_EVENT_AGE,
    });

    const group = new scheduler.ScheduleGroup(this, 'Schedules', {});
    for (const job of jobDefinitions) {
      const schedule = new scheduler.Schedule(this, `${pascalCase(job.name)}Schedule`, {
        description: job.description,
        scheduleGroup: group,
        schedule: scheduleExpressionOf(job.schedule),
        timeWindow: scheduler.TimeWindow.off(),
        target: new InvokeUnqualifiedFunction(this.jobsFunction.function, {
          input: scheduler.ScheduleTargetInput.fromObject({ job: job.name }),
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: SCHEDULER_RETRY_ATTEMPTS,
          maxEventAge: MAX_EVENT_AGE,
        }),
      });
      this.schedules.set(job.name, schedule);
    }

    // SNS invokes asynchronously: a failed batch is retried by Lambda, then lands in the dead-letter queue.
    data.mailEventsTopic.addSubscription(new subscriptions.LambdaSubscription(this.jobsFunction.function));

    // Effects off the request path: the outbox Lambda gets each new outbox item from the table's stream.
    // A failed item is reported as a batch item failure and retried from there (a throwing batch is split
    // in two); after the last retry the batch's description (shard and sequence numbers, not the items) goes
    // to this queue for operators, while the items stay pending in the table for the deliver-outbox job.
    this.outboxDeadLetterQueue = this.createDeadLetterQueue('OutboxDeadLetterQueue');
    this.outboxFunction = createFeatureFunction(this, 'outbox', {
      settings,
      data,
      realtime: realtime.endpoint,
    });
    this.outboxFunction.function.addEventSource(
      new eventsources.DynamoEventSource(data.table, {
        // The mapping is created with the stream, so from its start nothing is skipped; afterwards the
        // mapping keeps its own position.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: OUTBOX_STREAM_SOURCE.batchSize,
        filters: [{ pattern: JSON.stringify(OUTBOX_STREAM_FILTER_PATTERN) }],
        reportBatchItemFailures: true,
        retryAttempts: OUTBOX_STREAM_SOURCE.retryAttempts,
        bisectBatchOnError: true,
        maxRecordAge: Duration.seconds(OUTBOX_STREAM_SOURCE.maxRecordAgeSeconds),
        onFailure: new eventsources.SqsDlq(this.outboxDeadLetterQueue),
      }),
    );
    acknowledge(
      this.outboxDeadLetterQueue,
      'SQS3',
      "This queue is a dead-letter queue: the on-failure destination of the outbox Lambda's stream event source mapping (cdk-nag only recognises queues named in a DeadLetterConfig).",
    );
    acknowledge(
      this.outboxFunction.role.node.findChild('DefaultPolicy'),
      'IAM5[Resource::*]',
      "dynamodb:ListStreams supports no resource-level permission (the event source's stream read grant); the stream's own read actions are granted on the table's stream ARN only.",
    );

    // The dashboards' aggregates (docs/product.md#business-dashboards): the aggregation Lambda gets every
    // write of a booking, patient, questionnaire or review; a record it cannot count after the retries goes
    // to its queue, and the nightly rebuild job recomputes the figures from the table anyway.
    this.aggregatesDeadLetterQueue = this.createDeadLetterQueue('AggregatesDeadLetterQueue');
    this.aggregatesFunction = createFeatureFunction(this, 'aggregates', {
      settings,
      data,
      realtime: realtime.endpoint,
    });
    this.aggregatesFunction.function.addEventSource(
      new eventsources.DynamoEventSource(data.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: DASHBOARD_STREAM_SOURCE.batchSize,
        filters: [{ pattern: JSON.stringify(DASHBOARD_STREAM_FILTER_PATTERN) }],
        reportBatchItemFailures: true,
        retryAttempts: DASHBOARD_STREAM_SOURCE.retryAttempts,
        bisectBatchOnError: true,
        maxRecordAge: Duration.seconds(DASHBOARD_STREAM_SOURCE.maxRecordAgeSeconds),
        onFailure: new eventsources.SqsDlq(this.aggregatesDeadLetterQueue),
      }),
    );
    acknowledge(
      this.aggregatesDeadLetterQueue,
      'SQS3',
      "This queue is a dead-letter queue: the on-failure destination of the aggregation Lambda's stream event source mapping (cdk-nag only recognises queues named in a DeadLetterConfig).",
    );
    acknowledge(
      this.aggregatesFunction.role.node.findChild('DefaultPolicy'),
      'IAM5[Resource::*]',
      "dynamodb:ListStreams supports no resource-level permission (the event source's stream read grant); the stream's own read actions are granted on the table's stream ARN only.",
    );

    // The prerendered public pages: the regenerate-public-pages job renders them all, the outbox Lambda those
    // a published change shows on (functions/src/site).
    for (const fn of [this.jobsFunction, this.outboxFunction]) bindPublicPages(fn, web.publicPages);

    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'OutboxDeadLetterQueueUrl', { value: this.outboxDeadLetterQueue.queueUrl });
  }

  private createDeadLetterQueue(id: string) {
    return new sqs.Queue(this, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
  }
}
