/**
 * What every benchmark does around its measurements: stop the local stack it started (reporting any
 * process left behind as a failure) and stop cleanly on Ctrl-C.
 */
import type { RunningLocalStack } from '../lib/local-stack.mjs';

/** Stops the stack; processes left after the stop are reported and make the run fail. */
export const stopStack = async (running: RunningLocalStack | undefined) => {
  const report = await running?.stop();
  if (report?.leftovers.length) {
    console.error(
      `Processes left after stopping the stack (killed): ${report.leftovers.map((item) => item.pid).join(', ')}`,
    );
    process.exitCode = 1;
  }
};

/** Runs `cleanUp` on SIGINT or SIGTERM, then exits with 130. */
export const cleanUpOnSignals = (cleanUp: () => Promise<void>) => {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping.`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
};
