/**
 * Starts and stops the local runtime (infra/local/main.ts) for the test harness and the benchmarks.
 * Plain Node ESM so scripts/test.mjs can use it without a TypeScript loader; types in local-stack.d.mts.
 *
 * The runtime is started in its own process group so a Ctrl-C in the terminal reaches only the harness,
 * which then stops the stack in order (SIGINT to the runtime, which stops DynamoDB Local's java and the
 * emulators) and checks that nothing it started is left running.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Must equal READY_PREFIX in infra/local/stack-info.ts (tests/integration/platform.test.ts checks it). */
export const READY_PREFIX = 'NUTRI_READY ';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const TAIL_BYTES = 64 * 1024;

export class LocalStackStartError extends Error {
  constructor(message, output) {
    super(message);
    this.name = 'LocalStackStartError';
    this.output = output;
  }
}

/** Free space a memory-backed directory must have to hold a throwaway stack's data (a full test run). */
const MIN_MEMORY_DIR_BYTES = 4 * 1024 ** 3;
const MEMORY_DIR = '/dev/shm';

/**
 * Where a throwaway stack keeps its data: a memory-backed directory when the machine has a roomy one,
 * otherwise the system's temporary directory. DynamoDB Local stores its tables in SQLite, which syncs each
 * commit to disk: on this machine's virtual disk a synced 4 KB write takes about 4 ms (`dd oflag=dsync`),
 * several per transaction, one writer at a time, so the disk, not our code, set the pace of every test and
 * benchmark. A memory-backed directory still survives a restart of DynamoDB Local (the supervised restart
 * keeps the data), unlike `-inMemory`. `npm start` keeps its data in `.data/` on disk as before.
 * NUTRI_STACK_TMPDIR chooses the directory explicitly.
 */
export const throwawayDataRoot = () => {
  if (process.env.NUTRI_STACK_TMPDIR) return process.env.NUTRI_STACK_TMPDIR;
  try {
    const { bavail, bsize } = statfsSync(MEMORY_DIR);
    if (bavail * bsize >= MIN_MEMORY_DIR_BYTES) return MEMORY_DIR;
  } catch {
    // No such directory (not Linux): the temporary directory it is.
  }
  return os.tmpdir();
};

const appendTail = (tail, chunk) => {
  const next = tail + chunk;
  return next.length > TAIL_BYTES ? next.slice(-TAIL_BYTES) : next;
};

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Linux process table: pid -> { ppid, pgrp, startTime, state, command }. Empty elsewhere. */
const readProcessTable = () => {
  const table = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fixed fields start after the last ')'.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      let command = stat.slice(stat.indexOf('(') + 1, close);
      try {
        command =
          readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 160) ||
          command;
      } catch {
        // The process ended between the two reads: its short name will do.
      }
      table.set(Number(entry), {
        state: fields[0],
        ppid: Number(fields[1]),
        pgrp: Number(fields[2]),
        startTime: fields[19],
        command,
      });
    } catch {
      // Ended while we were listing.
    }
  }
  return table;
};

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Every process that belongs to the stack: the spawned process, its descendants, its process group,
 * and the pids the runtime itself reported. Start times guard against pid reuse when checking later.
 */
const snapshotStackProcesses = (rootPid, reportedPids) => {
  const table = readProcessTable();
  const members = new Map();
  const add = (pid) => {
    if (members.has(pid)) return;
    const row = table.get(pid);
    members.set(
      pid,
      row ? { startTime: row.startTime, command: row.command } : { startTime: undefined, command: '?' },
    );
  };
  if (table.size === 0) {
    for (const pid of [rootPid, ...reportedPids]) if (isAlive(pid)) add(pid);
    return members;
  }
  const queue = [rootPid, ...reportedPids].filter((pid) => table.has(pid));
  for (const [pid, row] of table) if (row.pgrp === rootPid) queue.push(pid);
  while (queue.length) {
    const pid = queue.shift();
    if (members.has(pid)) continue;
    add(pid);
    for (const [child, row] of table) if (row.ppid === pid) queue.push(child);
  }
  return members;
};

/** Which of the snapshotted processes still run (zombies count as gone), plus late members of the group. */
const survivors = (members, rootPid) => {
  const table = readProcessTable();
  const left = [];
  if (table.size === 0) {
    for (const [pid, info] of members) if (isAlive(pid)) left.push({ pid, command: info.command });
    return left;
  }
  for (const [pid, info] of members) {
    const row = table.get(pid);
    if (row && row.state !== 'Z' && (info.startTime === undefined || row.startTime === info.startTime)) {
      left.push({ pid, command: row.command });
    }
  }
  for (const [pid, row] of table) {
    if (row.pgrp === rootPid && row.state !== 'Z' && !members.has(pid))
      left.push({ pid, command: row.command });
  }
  return left;
};

const waitForExit = (child, ms) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

const signalGroup = (pgid, signal) => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is already empty.
  }
};

/**
 * Spawns the runtime and resolves once it printed `NUTRI_READY {json}`.
 * Runs `node --import tsx infra/local/main.ts` rather than `npx tsx ...`: the same TypeScript loader,
 * but one process instead of npx -> sh -> tsx -> node, so the pid we signal is the runtime itself.
 */
export const startLocalStack = async ({
  root = repoRoot,
  port = 0,
  dataDir,
  quiet = true,
  reset = false,
  timeoutMs = 180_000,
  logFile,
  env = {},
} = {}) => {
  const ownDataDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(throwawayDataRoot(), 'nutri-stack-'));
  const args = ['--import', 'tsx', 'infra/local/main.ts', '--port', String(port), '--data-dir', dir];
  if (reset) args.push('--reset');
  if (quiet) args.push('--quiet');

  const startedAt = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = logFile ? createWriteStream(logFile) : undefined;
  let output = '';
  const record = (stream) => (chunk) => {
    const text = chunk.toString();
    output = appendTail(output, text);
    log?.write(`[${stream}] ${text}`);
  };

  const info = await new Promise((resolve, reject) => {
    let buffered = '';
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signalGroup(child.pid, 'SIGKILL');
      reject(new LocalStackStartError(message, output));
    };
    const timer = setTimeout(
      () =>
        fail(
          `The local stack did not print ${READY_PREFIX.trim()} within ${Math.round(timeoutMs / 1000)} s.`,
        ),
      timeoutMs,
    );
    child.once('error', (error) => fail(`The local stack could not start: ${error.message}`));
    child.once('exit', (code, signal) =>
      fail(`The local stack exited before it was ready (exit ${code ?? signal}).`),
    );
    child.stderr.on('data', record('stderr'));
    child.stdout.on('data', (chunk) => {
      record('stdout')(chunk);
      if (settled) return;
      buffered += chunk.toString();
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (!line.startsWith(READY_PREFIX)) continue;
        try {
          const parsed = JSON.parse(line.slice(READY_PREFIX.length));
          settled = true;
          clearTimeout(timer);
          resolve(parsed);
        } catch (error) {
          fail(`Unreadable ${READY_PREFIX.trim()} line: ${error.message}`);
        }
        return;
      }
    });
  }).catch((error) => {
    log?.end();
    if (ownDataDir) rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const readyMs = Date.now() - startedAt;

  let stopping;
  /**
   * SIGINT to the runtime (the contract: it stops everything it started), then checks every process
   * of the stack is gone. Survivors are killed and reported so the caller can count them as a failure.
   */
  const stop = ({ graceMs = 30_000 } = {}) =>
    (stopping ??= (async () => {
      const stopStartedAt = Date.now();
      const reported = [info.pid, ...(Array.isArray(info.childPids) ? info.childPids : [])].filter(
        Number.isInteger,
      );
      const members = snapshotStackProcesses(child.pid, reported);
      const target = isAlive(info.pid) ? info.pid : -child.pid;
      try {
        process.kill(target, 'SIGINT');
      } catch {
        // Already gone: the checks below still run.
      }
      const exited = await waitForExit(child, graceMs);
      // The runtime should wait for its children; give stragglers a moment before calling them leftovers.
      let left = survivors(members, child.pid);
      for (let waited = 0; left.length && waited < 5000; waited += 250) {
        await delay(250);
        left = survivors(members, child.pid);
      }
      for (const { pid } of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended on its own meanwhile.
        }
      }
      signalGroup(child.pid, 'SIGKILL');
      if (!exited) await waitForExit(child, 5000);
      log?.end();
      if (ownDataDir) rmSync(dir, { recursive: true, force: true });
      return {
        exitedCleanly:
          exited && (child.exitCode === 0 || child.signalCode === 'SIGINT' || child.exitCode === 130),
        exitCode: child.exitCode,
        signal: child.signalCode,
        leftovers: left,
        checkedPids: [...members.keys()],
        durationMs: Date.now() - stopStartedAt,
      };
    })());

  return { info, child, dataDir: dir, readyMs, stop, output: () => output };
};
