/**
 * Scheduled jobs. In the cloud each is an EventBridge Scheduler schedule invoking the jobs Lambda with
 * `{ "job": name }`; locally the in-process scheduler of infra/local runs the same handler on the same
 * schedule. Every job must be safe to run twice and to run late.
 */
export type JobSchedule =
  | { kind: 'rate'; minutes: number }
  /** Every day at hour:minute, Europe/Rome wall-clock time (daylight saving handled by the scheduler). */
  | { kind: 'daily'; hour: number; minute: number };

export interface JobDefinition {
  name: string;
  description: string;
  schedule: JobSchedule;
}

export const jobDefinitions = [
  {
    name: 'sweep-connections',
    description:
      'Removes WebSocket connections older than API Gateway allows (2 h) or no longer known to the gateway (410).',
    schedule: { kind: 'rate', minutes: 15 },
  },
] as const satisfies readonly JobDefinition[];

export type JobName = (typeof jobDefinitions)[number]['name'];

export const isJobName = (value: unknown): value is JobName =>
  typeof value === 'string' && jobDefinitions.some((job) => job.name === value);
