/** Types of local-stack.mjs, for the TypeScript callers (benchmarks, tests). */
import type { ChildProcess } from 'node:child_process';
import type { LocalStackInfo } from '../../infra/local/stack-info';

export declare const READY_PREFIX: string;
export declare const repoRoot: string;
/** Where a throwaway stack keeps its data: a roomy memory-backed directory if there is one. */
export declare const throwawayDataRoot: () => string;

export declare class LocalStackStartError extends Error {
  /** The last 64 KB the runtime printed (stdout and stderr). */
  readonly output: string;
  constructor(message: string, output: string);
}

export interface StartLocalStackOptions {
  root?: string;
  /** 0 (default) lets the runtime pick a free port. */
  port?: number;
  /** Defaults to a fresh temporary directory, removed on stop. */
  dataDir?: string;
  quiet?: boolean;
  reset?: boolean;
  timeoutMs?: number;
  /** Where to write everything the runtime prints. */
  logFile?: string;
  env?: Record<string, string>;
}

export interface StopReport {
  exitedCleanly: boolean;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Processes of the stack still running after the stop (killed since, but a failure). */
  leftovers: { pid: number; command: string }[];
  checkedPids: number[];
  durationMs: number;
}

export interface RunningLocalStack {
  info: LocalStackInfo;
  child: ChildProcess;
  dataDir: string;
  readyMs: number;
  stop: (options?: { graceMs?: number }) => Promise<StopReport>;
  output: () => string;
}

export declare const startLocalStack: (options?: StartLocalStackOptions) => Promise<RunningLocalStack>;
