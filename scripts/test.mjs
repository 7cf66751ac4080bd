#!/usr/bin/env node
/**
 * `npm test`: every quality gate in one run, the same locally and in CI (.ci/run).
 *
 *   bootstrap -> system deps -> typecheck -> lint -> web build -> unit -> local stack up ->
 *   integration -> browser (Playwright) -> local stack down (checked) -> summary
 *
 * Plain Node ESM with no dependencies: it is what installs them. Steps keep going after a failure so
 * one run reports everything; tests that need the stack count as failed when it did not start.
 *
 * Options (after `npm test --`):
 *   --only <groups>   comma-separated or repeated: static (typecheck+lint), unit, integration, e2e
 *   --skip-install    never run `npm ci` (report when it would be needed)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, installReason, repoRoot } from './bootstrap.mjs';
import { ensureSystemDeps } from './system-deps.mjs';
import { googleTestKeys } from './lib/google-test-key.mjs';

const runStartedAt = Date.now();
const GROUPS = ['static', 'unit', 'integration', 'e2e'];
const RESULTS_DIR = path.join(repoRoot, 'test-results');
const MINUTE = 60_000;

const usage = () =>
  `Usage: npm test [-- --only ${GROUPS.join('|')}[,...]] [--skip-install]\n` +
  '  static = typecheck + lint; integration and e2e start the local stack.';

const parseArgs = (argv) => {
  const only = new Set();
  let skipInstall = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      if (!value) throw new Error(`--only needs a value.\n${usage()}`);
      for (const group of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        if (!GROUPS.includes(group)) throw new Error(`Unknown group "${group}".\n${usage()}`);
        only.add(group);
      }
    } else if (arg === '--skip-install') {
      skipInstall = true;
    } else if (arg === '--help' || arg === '-h') {
      console.log(usage());
      process.exit(0);
    } else {
      throw new Error(`Unknown option "${arg}".\n${usage()}`);
    }
  }
  return { groups: only.size ? only : new Set(GROUPS), skipInstall };
};

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const wants = (group) => options.groups.has(group);
const needsStack = wants('integration') || wants('e2e');

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = (text) => paint('1', text);
const STATUS_PAINT = { passed: '32', failed: '31', skipped: '33' };

/** One row of the summary per step. */
const steps = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const step = async (name, body) => {
  console.log(`\n${bold(`▶ ${name}`)}`);
  const startedAt = Date.now();
  let status = 'passed';
  let note = '';
  try {
    const result = await body();
    if (result && typeof result === 'object') {
      status = result.status ?? status;
      note = result.note ?? '';
    }
  } catch (error) {
    status = 'failed';
    note = error instanceof Error ? error.message : String(error);
    console.error(paint('31', note));
  }
  const durationMs = Date.now() - startedAt;
  steps.push({ name, status, durationMs, note });
  console.log(
    paint(
      STATUS_PAINT[status] ?? '0',
      `${status === 'failed' ? '✘' : status === 'skipped' ? '–' : '✔'} ${name}: ${status} (${seconds(durationMs)})${note ? ` — ${note.split('\n')[0]}` : ''}`,
    ),
  );
  return status;
};

const skip = (name, note, countAsFailed = false) => {
  if (countAsFailed) counts.failed += 1;
  steps.push({ name, status: countAsFailed ? 'failed' : 'skipped', durationMs: 0, note });
  console.log(paint('33', `\n– ${name}: skipped (${note})`));
};

/** The currently running step command, so Ctrl-C and timeouts can stop its whole process group. */
let current;

const bin = (name) => {
  const local = path.join(repoRoot, 'node_modules', '.bin', name);
  return existsSync(local) ? [local] : ['npx', name];
};

/**
 * Runs a command in its own process group (so a timeout or Ctrl-C can stop it with everything it
 * started: vitest workers, Chromium) and resolves with its exit code.
 */
const run = (command, args, { env = {}, timeoutMs = 15 * MINUTE } = {}) =>
  new Promise((resolve, reject) => {
    console.log(
      paint(
        '2',
        `$ ${[command, ...args].map((part) => (path.relative(repoRoot, part).startsWith('node_modules') ? path.basename(part) : part)).join(' ')}`,
      ),
    );
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
    });
    current = child;
    const timer = setTimeout(() => {
      console.error(paint('31', `Timed out after ${seconds(timeoutMs)}: stopping ${command}.`));
      killGroup(child, 'SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      current = undefined;
      reject(new Error(`${command} could not start: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });

const killGroup = (child, signal) => {
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
  } catch {
    // Already gone.
  }
};

const mustSucceed = async (command, args, runOptions) => {
  const code = await run(command, args, runOptions);
  if (code !== 0) throw new Error(`exit code ${code}`);
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Vitest with its JSON report next to the console output; returns the counts. A file that fails to
 * load has no failed test but a failed suite: it still counts as one failure.
 */
const runVitest = async (project, env = {}) => {
  const report = path.join(RESULTS_DIR, `vitest-${project}.json`);
  rmSync(report, { force: true });
  const [vitest, ...prefix] = bin('vitest');
  const code = await run(
    vitest,
    [
      ...prefix,
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...(project === 'unit' ? ['--passWithNoTests'] : []),
    ],
    { env, timeoutMs: 20 * MINUTE },
  );
  const json = readJson(report);
  const passed = json?.numPassedTests ?? 0;
  const skipped = (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0);
  let failed = json?.numFailedTests ?? 0;
  if (code !== 0 && failed === 0) failed = Math.max(1, json?.numFailedTestSuites ?? 0);
  counts.passed += passed;
  counts.failed += failed;
  counts.skipped += skipped;
  const note = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  if (code !== 0 || failed > 0) throw new Error(note);
  return { note: json?.numTotalTests === 0 ? 'no tests found' : note };
};

const runPlaywright = async (env) => {
  const report = path.join(RESULTS_DIR, 'playwright.json');
  rmSync(report, { force: true });
  const [playwright, ...prefix] = bin('playwright');
  // About 25 minutes on the 2-core machine: the bound leaves room for the journeys still to come.
  const code = await run(playwright, [...prefix, 'test'], { env, timeoutMs: 40 * MINUTE });
  const stats = readJson(report)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const skipped = stats?.skipped ?? 0;
  let failed = stats?.unexpected ?? 0;
  if (code !== 0 && failed === 0) failed = 1;
  counts.passed += passed;
  counts.failed += failed;
  counts.skipped += skipped;
  const note = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${stats?.flaky ? ` (${stats.flaky} flaky)` : ''}`;
  if (code !== 0 || failed > 0) throw new Error(note);
  return { note };
};

let stack;
let stopReport;

const stopStack = async () => {
  if (!stack) return undefined;
  const running = stack;
  stack = undefined;
  stopReport = await running.stop();
  return stopReport;
};

const printSummary = () => {
  const width = Math.max(...steps.map((row) => row.name.length), 4);
  const lines = [
    '',
    bold('Summary'),
    `${'step'.padEnd(width)}  ${'status'.padEnd(7)}  ${'duration'.padStart(9)}  note`,
    `${'-'.repeat(width)}  ${'-'.repeat(7)}  ${'-'.repeat(9)}  ----`,
    ...steps.map(
      (row) =>
        `${row.name.padEnd(width)}  ${paint(STATUS_PAINT[row.status] ?? '0', row.status.padEnd(7))}  ${seconds(row.durationMs).padStart(9)}  ${row.note.split('\n')[0].slice(0, 100)}`,
    ),
    `${'total'.padEnd(width)}  ${''.padEnd(7)}  ${seconds(Date.now() - runStartedAt).padStart(9)}`,
  ];
  const failedSteps = steps.filter((row) => row.status === 'failed').map((row) => row.name);
  if (failedSteps.length) lines.push('', paint('31', `Failed steps: ${failedSteps.join(', ')}`));
  lines.push(
    `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  );
  console.log(lines.join('\n'));
  return failedSteps.length === 0 && counts.failed === 0;
};

// Ctrl-C (or a CI cancel): stop the step's process group and the stack, then report what ran.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(paint('31', `\n${signal}: stopping.`));
    if (current) killGroup(current, signal);
    void stopStack().finally(() => {
      steps.push({ name: 'interrupted', status: 'failed', durationMs: 0, note: signal });
      printSummary();
      process.exit(130);
    });
  });
}

mkdirSync(RESULTS_DIR, { recursive: true });
console.log(bold(`Nutrì tests: ${[...options.groups].join(', ')}`));

// (a) npm dependencies: without them nothing else can run, so a failure ends the run here.
const bootstrap = await step('bootstrap', () => {
  if (options.skipInstall) {
    const reason = installReason();
    return reason
      ? { status: 'failed', note: `npm ci needed (${reason}) but --skip-install given` }
      : { note: 'up to date' };
  }
  const { installed, reason } = ensureDependencies();
  return { note: installed ? `npm ci (${reason})` : 'up to date' };
});
if (bootstrap === 'failed') {
  process.exit(printSummary() ? 0 : 1);
}

// (b) Java for DynamoDB Local, Chromium for Playwright: only what the chosen groups need.
let systemDepsOk = true;
if (needsStack) {
  systemDepsOk =
    (await step('system deps', () => {
      const { installed } = ensureSystemDeps({ needJava: true, needBrowser: wants('e2e') });
      return {
        note: installed.length
          ? `installed ${installed.join(', ')}`
          : `java 17+${wants('e2e') ? ', chromium' : ''} present`,
      };
    })) !== 'failed';
}

// (c, d) Static checks.
if (wants('static')) {
  await step('typecheck', () =>
    mustSucceed('npm', ['run', '--silent', 'typecheck'], { timeoutMs: 15 * MINUTE }),
  );
  if (!interrupted)
    await step('lint', () => mustSucceed('npm', ['run', '--silent', 'lint'], { timeoutMs: 15 * MINUTE }));
}

// (e) The web build: the stack serves it at /, and the CDK unit tests bundle its prerenderer (web/dist-ssr)
// into the Lambdas that write the prerendered pages.
if ((needsStack || wants('unit')) && !interrupted) {
  const webPackage = readJson(path.join(repoRoot, 'web', 'package.json'));
  if (webPackage?.scripts?.build) {
    await step('web build', () =>
      mustSucceed('npm', ['run', 'build', '-w', 'web'], { timeoutMs: 10 * MINUTE }),
    );
  } else {
    skip('web build', 'web/package.json has no build script');
  }
}

// (f) Unit tests need nothing running.
if (wants('unit') && !interrupted) await step('unit tests', () => runVitest('unit'));

// (g) One local stack for all integration and browser tests.
const googleKeys = googleTestKeys();
if (needsStack && !interrupted) {
  await step('stack start', async () => {
    if (!systemDepsOk) throw new Error('system dependencies missing');
    const { startLocalStack, LocalStackStartError } = await import('./lib/local-stack.mjs');
    try {
      stack = await startLocalStack({
        timeoutMs: 180_000,
        env: googleKeys.stackEnv,
        logFile: path.join(RESULTS_DIR, 'local-stack.log'),
      });
    } catch (error) {
      if (error instanceof LocalStackStartError && error.output) {
        console.error(paint('2', `--- local stack output (last 64 KB) ---\n${error.output}\n--- end ---`));
      }
      throw error;
    }
    return { note: `${stack.info.baseUrl} ready in ${seconds(stack.readyMs)}` };
  });
}

const stackEnv = () => ({
  NUTRI_STACK: JSON.stringify(stack.info),
  NUTRI_BASE_URL: stack.info.baseUrl,
  ...googleKeys.testEnv,
});

// (h) Integration tests against the running stack.
if (wants('integration') && !interrupted) {
  if (stack) await step('integration tests', () => runVitest('integration', stackEnv()));
  else skip('integration tests', 'the local stack did not start', true);
}

// (i) Browser journeys in the Debian Chromium.
if (wants('e2e') && !interrupted) {
  if (!stack) skip('browser tests', 'the local stack did not start', true);
  else if (!systemDepsOk) skip('browser tests', 'Chromium missing', true);
  else await step('browser tests', () => runPlaywright(stackEnv()));
}

// (j) Stop the stack and prove nothing it started is left behind.
if (stack && !interrupted) {
  await step('stack stop', async () => {
    const report = await stopStack();
    if (report.leftovers.length) {
      counts.failed += 1;
      throw new Error(
        `left running after SIGINT (now killed): ${report.leftovers.map(({ pid, command }) => `${pid} ${command}`).join('; ')}`,
      );
    }
    return {
      note: `${report.checkedPids.length} processes checked, none left (exit ${report.exitCode ?? report.signal})`,
    };
  });
}

// (k) Summary and the one-line total.
if (!interrupted) process.exit(printSummary() ? 0 : 1);
