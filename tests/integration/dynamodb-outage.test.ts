/**
 * DynamoDB Local dying under the running stack (a crash, the OOM killer): the health check says 503 while
 * the database is unreachable, the local runtime starts DynamoDB Local again on the same data directory,
 * and the stack answers as before with its data intact, its table stream still read (outbox effects keep
 * arriving). The test kills the stack's own JVM (the pid the
 * stack reports, checked to be its DynamoDB Local first).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, createTestUser, login, stack, waitForMail } from './support/api';
import { waitForEffects } from './support/outbox';

/** The command line of a process, or null when it is gone. */
const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
};

const isStackDynamo = (command: string | null) =>
  command !== null &&
  command.includes('DynamoDBLocal.jar') &&
  command.includes(`-dbPath ${join(stack.dataDir, 'dynamodb')}`);

/** The processes running this stack's DynamoDB Local (on its data directory). */
const stackDynamoPids = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => isStackDynamo(commandLine(pid)));

/** Polls the health check until it answers `status`, or fails at the deadline. */
const healthUntil = async (status: number, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<number>();
  for (;;) {
    const response = await fetch(`${stack.baseUrl}/api/v2/health`);
    const body = (await response.json()) as { status: string };
    seen.add(response.status);
    if (response.status === status) return { response, body };
    if (Date.now() > deadline)
      throw new Error(`health never answered ${status} within ${timeoutMs} ms (saw ${[...seen].join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('DynamoDB Local outage (local runtime)', () => {
  it('answers 503 while the database is down, restarts it on the same data, then answers 200 again', async () => {
    const user = await createTestUser(['Patient']);
    const { accessToken } = await login(user.email, user.password);
    const before = await api<{ DisplayName: string }>('GET', 'UserDetails', { token: accessToken });
    expect(before.status).toBe(200);
    expect((await healthUntil(200, 5_000)).body).toEqual({ status: 'ok' });

    const [reported] = stack.childPids;
    expect(reported, 'the stack reports its DynamoDB Local pid').toBeDefined();
    // Only ever kill this stack's own JVM.
    expect(isStackDynamo(commandLine(reported!))).toBe(true);
    process.kill(reported!, 'SIGKILL');

    const down = await healthUntil(503, 15_000);
    expect(down.body).toEqual({ status: 'unavailable' });
    expect(down.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(down.response.headers.get('x-content-type-options')).toBe('nosniff');

    expect((await healthUntil(200, 90_000)).body).toEqual({ status: 'ok' });
    // A new JVM on the same data directory.
    const running = stackDynamoPids();
    expect(running).toHaveLength(1);
    expect(running[0]).not.toBe(reported);

    // The data survived: the same session reads the same user, and signing in works.
    const after = await api<{ DisplayName: string }>('GET', 'UserDetails', { token: accessToken });
    expect(after.status).toBe(200);
    expect(after.body.DisplayName).toBe(before.body.DisplayName);
    expect((await login(user.email, user.password)).accessToken).toBeTruthy();

    // The outbox stream reader found the stream again: a new outbox item is delivered from it.
    const { newOutboxEntry, putOutboxEntry } = await import('../../functions/src/platform/outbox');
    await putOutboxEntry(
      newOutboxEntry('login-attack-notice', { userId: user.id, failures: 10 }, new Date()),
    );
    await waitForEffects(user.id);
    await waitForMail(user.email, (mail) => mail.subject === 'Tentativi di accesso al tuo account Nutrì');
  });
});
