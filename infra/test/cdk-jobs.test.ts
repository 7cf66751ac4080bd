/**
 * The jobs stack: one EventBridge Scheduler schedule per job definition, with retries and a dead-letter queue,
 * and the jobs Lambda subscribed to the SES delivery events topic.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions, type JobSchedule } from '@nutri/functions/jobs/definitions';
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

  const functionId = () => {
    const functions = resourcesOfType(template, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(1);
    return functions[0]?.[0] ?? '';
  };
  const queueId = () => {
    const queues = resourcesOfType(template, 'AWS::SQS::Queue');
    expect(queues).toHaveLength(1);
    return queues[0]?.[0] ?? '';
  };

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

  it('sends runs that still fail after Lambda retries to the same encrypted, TLS-only queue', () => {
    const [[, lambda] = []] = resourcesOfType(template, 'AWS::Lambda::Function');
    expect(lambda?.Properties.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [queueId(), 'Arn'] } });
    const [[, invokeConfig] = []] = resourcesOfType(template, 'AWS::Lambda::EventInvokeConfig');
    expect(invokeConfig?.Properties.MaximumRetryAttempts).toBe(2);
    const [[, queue] = []] = resourcesOfType(template, 'AWS::SQS::Queue');
    expect(queue?.Properties.SqsManagedSseEnabled).toBe(true);
    const [[, queuePolicy] = []] = resourcesOfType(template, 'AWS::SQS::QueuePolicy');
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
