/**
 * In-process scheduler: runs the job handler on the schedules of functions/src/jobs/definitions.ts, as
 * EventBridge Scheduler does in the cloud (daily jobs on Europe/Rome wall-clock time).
 */
import { Cron } from 'croner';
import { TIME_ZONE } from '@nutri/shared';
import { jobDefinitions, isJobName, type JobSchedule } from '@nutri/functions/jobs/definitions';
import { invokeJobs } from './handlers';

export const startScheduler = (onLog: (line: string) => void) => {
  const running = new Set<string>();
  const run = async (name: string) => {
    if (!isJobName(name)) throw new Error(`Job sconosciuto: ${name}`);
    return invokeJobs({ job: name });
  };
  const scheduled = (name: string) => () => {
    // Like a schedule with no overlap: skip a tick while the previous run is still going.
    if (running.has(name)) return;
    running.add(name);
    run(name)
      .catch((error: unknown) => onLog(`job ${name} failed: ${(error as Error).message}`))
      .finally(() => running.delete(name));
  };
  const stops = jobDefinitions.map((job): (() => void) => {
    const schedule = job.schedule as JobSchedule;
    if (schedule.kind === 'rate') {
      const timer = setInterval(scheduled(job.name), schedule.minutes * 60_000);
      timer.unref();
      return () => clearInterval(timer);
    }
    const cron = new Cron(
      `${schedule.minute} ${schedule.hour} * * *`,
      { timezone: TIME_ZONE, unref: true },
      scheduled(job.name),
    );
    return () => cron.stop();
  });
  return { runNow: run, stop: () => stops.forEach((stop) => stop()) };
};
