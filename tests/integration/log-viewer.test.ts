/**
 * The log viewer's search and the /SystemSettings home's figures (docs/product.md#log-viewer,
 * #system-settings) on the running local stack: the local adapter reads the lines the runtime wrote per
 * area under .data/logs, as CloudWatch Logs Insights reads the Lambdas' log groups in the cloud.
 */
import { describe, expect, it } from 'vitest';
import { LOG_PAGE_SIZE, type LogLineView, type LogSearchResponse, type SystemStatus } from '@nutri/shared';
import { api, createTestUser, login } from './support/api';
import { adminAccessToken } from './support/visits';

const search = async (query: Record<string, string>) => {
  const result = await api<LogSearchResponse>(
    'GET',
    `SystemSettings/Logs?${new URLSearchParams(query).toString()}`,
    { token: await adminAccessToken() },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};

const period = (fromMs: number) => ({
  from: new Date(fromMs).toISOString(),
  to: new Date(Date.now() + 60_000).toISOString(),
});

/** A signed-in patient's request and the id its answer carries. */
const signedInRequest = async (token: string) => {
  const result = await api('GET', 'UserDetails', { token });
  expect(result.status).toBe(200);
  const requestId = result.headers.get('x-request-id');
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  return requestId!;
};

describe('GET SystemSettings/Logs', () => {
  it('a log search finds a request by its id after it ran', async () => {
    const startedAt = Date.now() - 1000;
    const user = await createTestUser(['Patient']);
    const { accessToken } = await login(user.email, user.password);
    const requestId = await signedInRequest(accessToken);

    const byId = await search({ ...period(startedAt), requestId });
    expect(byId.Data.length).toBeGreaterThan(0);
    expect(byId.Data.every((line) => line.RequestId === requestId)).toBe(true);
    expect(byId.Data).toContainEqual(
      expect.objectContaining({
        Level: 'INFO',
        Area: 'accounts',
        Message: 'Request handled',
        RequestId: requestId,
        UserId: user.id,
      }),
    );
    const handled = byId.Data.find((line) => line.Message === 'Request handled')!;
    expect(JSON.parse(handled.Details)).toMatchObject({
      method: 'GET',
      resource: '/api/v2/UserDetails',
      status: 200,
    });

    // By area: found in its own, not in another.
    expect((await search({ ...period(startedAt), requestId, area: 'accounts' })).Data.length).toBeGreaterThan(
      0,
    );
    expect((await search({ ...period(startedAt), requestId, area: 'bookings' })).Data).toEqual([]);
    // By level: an INFO line is not among the errors.
    expect((await search({ ...period(startedAt), requestId, level: 'INFO' })).Data.length).toBeGreaterThan(0);
    expect((await search({ ...period(startedAt), requestId, level: 'ERROR' })).Data).toEqual([]);
    // By period: not before it ran.
    expect(
      (
        await search({
          from: new Date(startedAt - 3_600_000).toISOString(),
          to: new Date(startedAt - 60_000).toISOString(),
          requestId,
        })
      ).Data,
    ).toEqual([]);
  });

  it('finds a user’s requests, newest first, page by page without gaps or repeats', async () => {
    const startedAt = Date.now() - 1000;
    const user = await createTestUser(['Patient']);
    const { accessToken } = await login(user.email, user.password);
    const requestIds: string[] = [];
    for (let index = 0; index < LOG_PAGE_SIZE + 5; index += 1)
      requestIds.push(await signedInRequest(accessToken));

    const lines: LogLineView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: LogSearchResponse = await search({
        ...period(startedAt),
        userId: user.id,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.Data.length).toBeLessThanOrEqual(LOG_PAGE_SIZE);
      lines.push(...page.Data);
      cursor = page.NextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(lines.every((line) => line.UserId === user.id)).toBe(true);
    const handled = lines.filter((line) => line.Message === 'Request handled').map((line) => line.RequestId);
    // Every request once, the last one first.
    expect(new Set(handled).size).toBe(handled.length);
    expect([...handled].sort()).toEqual([...requestIds].sort());
    expect(handled[0]).toBe(requestIds.at(-1));
    const instants = lines.map((line) => Date.parse(line.At));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
  });

  it('refuses a bad period or id with a clear message', async () => {
    const token = await adminAccessToken();
    const reversed = await api(
      'GET',
      `SystemSettings/Logs?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
      { token },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ Errors: { from: ['L’inizio deve venire prima della fine.'] } });
    const crafted = await api(
      'GET',
      `SystemSettings/Logs?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&requestId=${encodeURIComponent('x" or 1=1')}`,
      { token },
    );
    expect(crafted.status).toBe(400);
    expect(crafted.body).toMatchObject({
      Errors: { requestId: ['L’identificativo contiene caratteri non ammessi.'] },
    });
  });

  it('is for the SystemAdmin only', async () => {
    const businessAdmin = await createTestUser(['BusinessAdmin', 'UserManager']);
    const { accessToken } = await login(businessAdmin.email, businessAdmin.password);
    const query = `from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`;
    expect((await api('GET', `SystemSettings/Logs?${query}`, { token: accessToken })).status).toBe(403);
    expect((await api('GET', `SystemSettings/Logs?${query}`)).status).toBe(401);
    expect((await api('GET', 'SystemSettings/Status', { token: accessToken })).status).toBe(403);
  });
});

describe('GET SystemSettings/Status', () => {
  it('shows each scheduled job’s last run and the backlog figures', async () => {
    const before = new Date().toISOString();
    const { runJob } = await import('../../functions/src/jobs/handler');
    await runJob({ job: 'sweep-connections' });
    const result = await api<SystemStatus>('GET', 'SystemSettings/Status', {
      token: await adminAccessToken(),
    });
    expect(result.status).toBe(200);
    const { jobDefinitions } = await import('../../functions/src/jobs/definitions');
    expect(result.body.Jobs.map((job) => job.Name)).toEqual(jobDefinitions.map((job) => job.name));
    const sweep = result.body.Jobs.find((job) => job.Name === 'sweep-connections')!;
    expect(sweep.LastRun).toMatchObject({ Outcome: 'ok', Error: null });
    expect(sweep.LastRun!.FinishedAt >= before).toBe(true);
    for (const figure of [
      result.body.OutboxPending,
      result.body.BouncedMails24h,
      result.body.FailedWebhooks24h,
      result.body.ErasureRequestsWaiting,
    ])
      expect(Number.isInteger(figure) && figure >= 0).toBe(true);
  });
});
