/**
 * CPU time the local stack's processes spent (Linux /proc), for figures that depend less on a shared
 * machine's load than latency does: the runtime (Node: gateways, handlers, outbox) and DynamoDB Local
 * (Java), summed over the stack's process group. Elsewhere (no /proc) every figure is NaN.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface StackCpu {
  runtimeMs: number;
  dynamoDbMs: number;
}

/** CPU time so far of the processes in the stack's process group (`groupId`: the runtime's pid). */
export const readStackCpu = (groupId: number): StackCpu => {
  const total = { runtimeMs: 0, dynamoDbMs: 0 };
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return { runtimeMs: NaN, dynamoDbMs: NaN };
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command sits in parentheses and may hold spaces: the fields that follow are counted after it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.includes('java')) total.dynamoDbMs += ms;
      else total.runtimeMs += ms;
    } catch {
      // Ended while we were reading.
    }
  }
  return total;
};

/** CPU time used since an earlier reading. */
export const cpuSince = (before: StackCpu, groupId: number): StackCpu => {
  const now = readStackCpu(groupId);
  return { runtimeMs: now.runtimeMs - before.runtimeMs, dynamoDbMs: now.dynamoDbMs - before.dynamoDbMs };
};

/** CPU time per operation, and their sum as `totalMs`. */
export const cpuPer = (used: StackCpu, operations: number) => {
  const runtimeMs = used.runtimeMs / operations;
  const dynamoDbMs = used.dynamoDbMs / operations;
  return { runtimeMs, dynamoDbMs, totalMs: runtimeMs + dynamoDbMs };
};
