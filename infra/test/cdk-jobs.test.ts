/**
 * The jobs stack: one EventBridge Scheduler schedule per job definition, with retries and a dead-letter queue,
 * the jobs Lambda subscribed to the SES delivery events topic, and the outbox Lambda fed by the table's
 * stream (new outbox items only, batch item failures, bounded retries, a failure destination).
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions, type JobSchedule } from '@nutri/functions/jobs/definitions';
import { OUTBOX_STREAM_SOURCE } from '@nutri/functions/platform/outbox-stream-source';
import { DASHBOARD_STREAM_SOURCE } from '@nutri/functions/platform/dashboard-stream-source';
import { scheduleExpressionOf } from '../lib/stacks/jobs-stack';
import { synthesizeTestApp, type TestApp } from '../lib/test-support';

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
}

interface ScheduleTarget {
  Arn: unknown;
  Input: string;
  RoleArn: unknown;
  RetryPolicy: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
  DeadLetterConfig: { Arn: unknown };
}

/** Wall-clock jobs follow Rome; rates are the same everywhere (Scheduler reports them in UTC). */
const expectedTimeZone = (schedule: JobSchedule) => (schedule.kind === 'daily' ? 'Europe/Rome' : 'Etc/UTC');

const resourcesOfType = (template: Template, type: string) =>
  Object.entries(template.toJSON().Resources as Record<string, CfnResource>).filter(
    ([, resource]) => resource.Type === type,
  );

describe('schedule expressions', () => {
  it('turns a rate into rate(N minutes); a rate is the same in every time zone', () => {
    const expression = scheduleExpressionOf({ kind: 'rate', minutes: 15 });
    expect(expression.expressionString).toBe('rate(15 minutes)');
    expect(expression.timeZone?.timezoneName ?? 'Etc/UTC').toBe('Etc/UTC');
  });

  it('runs a daily job at its wall-clock time in Europe/Rome', () => {
    const expression = scheduleExpressionOf({ kind: 'daily', hour: 7, minute: 30 });
    expect(expression.expressionString).toBe('cron(30 7 * * ? *)');
    expect(expression.timeZone?.timezoneName).toBe('Europe/Rome');
  });
});

describe('jobs stack', () => {
  let nutri: TestApp;
  let template: Template;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.jobs);
  });
  afterAll(() => nutri.cleanUp());

  /** The one Lambda (or queue) whose logical id starts with `prefix`. */
  const onlyId = (type: string, prefix: string) => {
    const found = resourcesOfType(template, type).filter(([id]) => id.startsWith(prefix));
    expect(found).toHaveLength(1);
    return found[0]?.[0] ?? '';
  };
  const functionId = () => onlyId('AWS::Lambda::Function', 'JobsFunction');
  const queueId = () => onlyId('AWS::SQS::Queue', 'DeadLetterQueue');

  it('holds the jobs, outbox and aggregation Lambdas, each with its own dead-letter queue', () => {
    const ids = (type: string) => resourcesOfType(template, type).map(([id]) => id);
    expect(ids('AWS::Lambda::Function')).toHaveLength(3);
    expect(ids('AWS::Lambda::Function').filter((id) => id.startsWith('AggregatesFunction'))).toHaveLength(1);
    expect(ids('AWS::SQS::Queue').filter((id) => id.startsWith('AggregatesDeadLetterQueue'))).toHaveLength(1);
    expect(functionId()).not.toBe('');
    expect(ids('AWS::Lambda::Function').filter((id) => id.startsWith('OutboxFunction'))).toHaveLength(1);
    expect(ids('AWS::SQS::Queue')).toHaveLength(3);
    expect(queueId()).not.toBe('');
    expect(ids('AWS::SQS::Queue').filter((id) => id.startsWith('OutboxDeadLetterQueue'))).toHaveLength(1);
  });

  it('has one enabled schedule per job, invoking the jobs Lambda with { job: name }', () => {
    const schedules = resourcesOfType(template, 'AWS::Scheduler::Schedule').map(
      ([, schedule]) => schedule.Properties,
    );
    expect(schedules).toHaveLength(jobDefinitions.length);
    for (const job of jobDefinitions) {
      const schedule = schedules.find((candidate) => {
        const target = candidate.Target as ScheduleTarget;
        return (JSON.parse(target.Input) as { job: string }).job === job.name;
      });
      expect(schedule, job.name).toBeDefined();
      if (!schedule) continue;
      const expected = scheduleExpressionOf(job.schedule);
      expect(schedule.ScheduleExpression).toBe(expected.expressionString);
      expect(schedule.ScheduleExpressionTimezone ?? 'Etc/UTC').toBe(expectedTimeZone(job.schedule));
      expect(schedule.State).toBe('ENABLED');
      expect(schedule.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      const target = schedule.Target as ScheduleTarget;
      expect(JSON.parse(target.Input)).toEqual({ job: job.name });
      expect(target.Arn).toEqual({ 'Fn::GetAtt': [functionId(), 'Arn'] });
      expect(target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
      expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueId(), 'Arn'] } });
    }
  });

  it('lets the scheduler role invoke exactly the jobs Lambda and write to the dead-letter queue', () => {
    const statements = resourcesOfType(template, 'AWS::IAM::Policy')
      .map(([, policy]) => policy.Properties)
      .filter((policy) => JSON.stringify(policy.Roles).includes('SchedulerRoleForTarget'))
      .flatMap((policy) => (policy.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Action: 'lambda:InvokeFunction',
          Resource: { 'Fn::GetAtt': [functionId(), 'Arn'] },
        }),
        expect.objectContaining({
          Action: 'sqs:SendMessage',
          Resource: { 'Fn::GetAtt': [queueId(), 'Arn'] },
        }),
      ]),
    );
    expect(statements).toHaveLength(2);
  });

  it('regenerates the public pages every 10 minutes, from the jobs and the outbox Lambdas only', () => {
    const job = jobDefinitions.find((definition) => definition.name === 'regenerate-public-pages');
    expect(job?.schedule).toEqual({ kind: 'rate', minutes: 10 });
    const functions = resourcesOfType(template, 'AWS::Lambda::Function');
    for (const [id, fn] of functions) {
      const environment = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const roles = JSON.stringify(
        resourcesOfType(template, 'AWS::IAM::Role').find(([roleId]) =>
          JSON.stringify(fn.Properties.Role).includes(roleId),
        )?.[1].Properties.ManagedPolicyArns,
      );
      const writesPages = id.startsWith('JobsFunction') || id.startsWith('OutboxFunction');
      // The web stack's policy (prerendered/* and the page list), its bucket and list, the bundled prerenderer.
      expect(roles.includes('PublicPagesWrite'), id).toBe(writesPages);
      expect(JSON.stringify(environment.WEB_BUCKET ?? null).includes('WebBucket'), id).toBe(writesPages);
      expect(JSON.stringify(environment.PUBLIC_PAGES_KVS_ARN ?? null).includes('PublicPageList'), id).toBe(
        writesPages,
      );
      expect(environment.PRERENDER_MODULE, id).toBe(
        writesPages ? '/var/task/prerender/render-page.mjs' : undefined,
      );
    }
  });

  it('sends runs that still fail after Lambda retries to the same encrypted, TLS-only queue', () => {
    const resources = template.toJSON().Resources as Record<string, CfnResource>;
    const lambda = resources[functionId()];
    expect(lambda?.Properties.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [queueId(), 'Arn'] } });
    const [[, invokeConfig] = []] = resourcesOfType(template, 'AWS::Lambda::EventInvokeConfig');
    expect(invokeConfig?.Properties.MaximumRetryAttempts).toBe(2);
    expect(invokeConfig?.Properties.FunctionName).toEqual({ Ref: functionId() });
    const queue = resources[queueId()];
    expect(queue?.Properties.SqsManagedSseEnabled).toBe(true);
    const queuePolicy = resourcesOfType(template, 'AWS::SQS::QueuePolicy').find(([, policy]) =>
      JSON.stringify(policy.Properties.Queues).includes(queueId()),
    )?.[1];
    expect(JSON.stringify(queuePolicy?.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('subscribes the jobs Lambda to the SES delivery events topic, and only SNS from that topic may invoke it', () => {
    const subscriptions = resourcesOfType(template, 'AWS::SNS::Subscription').map(([, s]) => s.Properties);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.Protocol).toBe('lambda');
    expect(subscriptions[0]?.Endpoint).toEqual({ 'Fn::GetAtt': [functionId(), 'Arn'] });
    // The topic lives in the data stack: the jobs stack names it through a cross-stack reference.
    expect(JSON.stringify(subscriptions[0]?.TopicArn)).toContain('MailEventsTopic');
    const permissions = resourcesOfType(template, 'AWS::Lambda::Permission').map(([, p]) => p.Properties);
    expect(permissions).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Principal: 'sns.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [functionId(), 'Arn'] },
        SourceArn: subscriptions[0]?.TopicArn,
      }),
    ]);
  });
});

describe('outbox Lambda', () => {
  let nutri: TestApp;
  let template: Template;
  let resources: Record<string, CfnResource>;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.jobs);
    resources = template.toJSON().Resources as Record<string, CfnResource>;
  });
  afterAll(() => nutri.cleanUp());

  const idOf = (type: string, prefix: string) => {
    const found = resourcesOfType(template, type).filter(([id]) => id.startsWith(prefix));
    expect(found).toHaveLength(1);
    return found[0]?.[0] ?? '';
  };

  it('the table streams the new image of every change', () => {
    const tables = Object.values(
      nutri.templateOf(nutri.data).toJSON().Resources as Record<string, CfnResource>,
    ).filter((resource) => resource.Type === 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    expect(tables[0]?.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
  });

  const outboxMapping = () => {
    const mappings = resourcesOfType(template, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) =>
        JSON.stringify(m.Properties.FunctionName) ===
        JSON.stringify({ Ref: idOf('AWS::Lambda::Function', 'OutboxFunction') }),
    );
    expect(mappings).toHaveLength(1);
    return mappings[0]!;
  };

  it('reads the table stream, filtered to new outbox items, reporting batch item failures', () => {
    expect(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping')).toHaveLength(2);
    const mapping = outboxMapping()[1].Properties;
    expect(mapping.FunctionName).toEqual({ Ref: idOf('AWS::Lambda::Function', 'OutboxFunction') });
    // The stream of the data stack's table, through a cross-stack reference.
    expect(JSON.stringify(mapping.EventSourceArn)).toMatch(/Table[0-9A-F]+StreamArn/);
    expect(mapping.StartingPosition).toBe('TRIM_HORIZON');
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.BatchSize).toBe(OUTBOX_STREAM_SOURCE.batchSize);
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((filter) => JSON.parse(filter.Pattern) as unknown)).toEqual([
      { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'OUTBOX#' }] } } } },
    ]);
  });

  it('retries a failed batch a bounded number of times, split on errors, then hands it to an encrypted queue', () => {
    const properties = outboxMapping()[1].Properties;
    expect(properties.MaximumRetryAttempts).toBe(OUTBOX_STREAM_SOURCE.retryAttempts);
    expect(properties.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(properties.BisectBatchOnFunctionError).toBe(true);
    expect(properties.MaximumRecordAgeInSeconds).toBe(OUTBOX_STREAM_SOURCE.maxRecordAgeSeconds);
    const queueId = idOf('AWS::SQS::Queue', 'OutboxDeadLetterQueue');
    expect(properties.DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
    expect(resources[queueId]?.Properties.SqsManagedSseEnabled).toBe(true);
    // The outbox Lambda's role may send to that queue and read the stream; nothing else inline beyond logs.
    const roleId = (
      resources[idOf('AWS::Lambda::Function', 'OutboxFunction')]!.Properties.Role as {
        'Fn::GetAtt': [string, string];
      }
    )['Fn::GetAtt'][0];
    const statements = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(
        (policy) =>
          (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
            .Statement,
      );
    const sendsToQueue = statements.find((statement) =>
      [statement.Action].flat().includes('sqs:SendMessage'),
    );
    expect(sendsToQueue?.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    const readsStream = statements.find((statement) =>
      [statement.Action].flat().includes('dynamodb:GetRecords'),
    );
    expect(JSON.stringify(readsStream?.Resource)).toMatch(/Table[0-9A-F]+StreamArn/);
  });
});

describe('aggregation Lambda', () => {
  let nutri: TestApp;
  let template: Template;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.jobs);
  });
  afterAll(() => nutri.cleanUp());

  it('reads the table stream, filtered to writes of counted items, with bounded retries and its own queue', () => {
    const [functionId] = resourcesOfType(template, 'AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => id.startsWith('AggregatesFunction'));
    const [queueId] = resourcesOfType(template, 'AWS::SQS::Queue')
      .map(([id]) => id)
      .filter((id) => id.startsWith('AggregatesDeadLetterQueue'));
    const mappings = resourcesOfType(template, 'AWS::Lambda::EventSourceMapping')
      .map(([, m]) => m.Properties)
      .filter((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: functionId }));
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!;
    expect(JSON.stringify(mapping.EventSourceArn)).toMatch(/Table[0-9A-F]+StreamArn/);
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.BatchSize).toBe(DASHBOARD_STREAM_SOURCE.batchSize);
    expect(mapping.MaximumRetryAttempts).toBe(DASHBOARD_STREAM_SOURCE.retryAttempts);
    expect(mapping.BisectBatchOnFunctionError).toBe(true);
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((filter) => JSON.parse(filter.Pattern) as unknown)).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { sk: { S: ['BOOKING', 'PATIENT', 'SUBMISSION', 'REVIEW'] } } },
      },
    ]);
    expect(mapping.DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
  });
});
