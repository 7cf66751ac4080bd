#!/usr/bin/env node
/**
 * Runs one command against a fresh local stack, for working on a few tests at a time:
 *
 *   node scripts/with-stack.mjs -- npx vitest run --project integration tests/integration/accounts.test.ts
 *   node scripts/with-stack.mjs -- npx playwright test tests/e2e/booking-journey.spec.ts
 *
 * The stack gets a free port and a temporary data directory (so several can run side by side), the
 * command gets NUTRI_STACK and NUTRI_BASE_URL as under `npm test`, and the stack is stopped afterwards.
 * Browser tests need a current web build (`npm run build -w web`). Exits with the command's exit code.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { googleTestKeys } from './lib/google-test-key.mjs';
import { repoRoot, startLocalStack } from './lib/local-stack.mjs';

const separator = process.argv.indexOf('--');
const command = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('Usage: node scripts/with-stack.mjs -- <command> [args...]');
  process.exit(2);
}

const googleKeys = googleTestKeys();
mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
const logFile = path.join(repoRoot, 'test-results', `with-stack-${process.pid}.log`);
const stack = await startLocalStack({ timeoutMs: 180_000, env: googleKeys.stackEnv, logFile });
console.log(`Local stack at ${stack.info.baseUrl} (log: ${path.relative(repoRoot, logFile)})`);

const child = spawn(command[0], command.slice(1), {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    NUTRI_STACK: JSON.stringify(stack.info),
    NUTRI_BASE_URL: stack.info.baseUrl,
    ...googleKeys.testEnv,
  },
});

const stopAndExit = async (code) => {
  const report = await stack.stop();
  if (report.leftovers.length)
    console.error(`Left running (now killed): ${JSON.stringify(report.leftovers)}`);
  process.exit(code);
};

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => void stopAndExit(code ?? (signal ? 128 : 1)));
