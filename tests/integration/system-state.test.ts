/**
 * What the /SystemSettings home counts beyond the jobs and the backlog (docs/product.md#system-settings), on
 * the running local stack: Stripe and WhatsApp webhook calls that were refused are counted beside the
 * questionnaire deliveries; a privacy job that fails marks its request `failed` with the time, visible to the
 * patient, in the SystemAdmin's list and on the home, and the outbox's retry finishes it later.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminPrivacyRequestsResponse, PrivacyCentreResponse, SystemStatus } from '@nutri/shared';
import { api, createTestUser, login } from './support/api';
import { eventually, holdOutboxStream } from './support/outbox';
import { adminAccessToken } from './support/visits';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const status = async () => {
  const result = await api<SystemStatus>('GET', 'SystemSettings/Status', {
    token: await adminAccessToken(),
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};

describe('webhook failures on the system home', () => {
  it('counts refused Stripe and WhatsApp calls by source, in the total beside the questionnaires', async () => {
    const before = await status();
    const payload = JSON.stringify({ id: 'evt_falso', type: 'checkout.session.completed' });
    const timestamp = Math.floor(Date.now() / 1000);
    const forgedStripe = await api('POST', 'Stripe/Webhook', {
      raw: payload,
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': `t=${timestamp},v1=${createHmac('sha256', 'whsec_altro').update(`${timestamp}.${payload}`).digest('hex')}`,
      },
    });
    expect(forgedStripe.status).toBe(400);

    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const unsigned = await api('POST', 'WhatsApp/Webhook', {
      raw: body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    const { whatsAppSignature } = await import('../../functions/src/chat/whatsapp-status-webhook');
    const { LOCAL_WHATSAPP_APP_SECRET } = await import('../../infra/local/local-whatsapp');
    const unreadable = '{"object":"altro"}';
    const malformed = await api('POST', 'WhatsApp/Webhook', {
      raw: unreadable,
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': whatsAppSignature(LOCAL_WHATSAPP_APP_SECRET, unreadable),
      },
    });
    expect(malformed.status).toBe(400);

    const after = await status();
    // Other tests may add failures meanwhile: at least ours are there.
    expect(after.FailedWebhooksBySource.Stripe).toBeGreaterThanOrEqual(
      before.FailedWebhooksBySource.Stripe + 1,
    );
    expect(after.FailedWebhooksBySource.WhatsApp).toBeGreaterThanOrEqual(
      before.FailedWebhooksBySource.WhatsApp + 2,
    );
    const { Tally, Stripe, WhatsApp } = after.FailedWebhooksBySource;
    expect(after.FailedWebhooks24h).toBe(Tally + Stripe + WhatsApp);

    // A valid call is not a failure.
    const valid = await api('POST', 'WhatsApp/Webhook', {
      raw: body,
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': whatsAppSignature(LOCAL_WHATSAPP_APP_SECRET, body),
      },
    });
    expect(valid.status).toBe(200);
    const { countWebhookFailuresSince } = await import('../../functions/src/platform/webhook-failures');
    const day = new Date(Date.now() - 86_400_000);
    expect(await countWebhookFailuresSince('whatsapp', day, new Date())).toBe(
      (await status()).FailedWebhooksBySource.WhatsApp,
    );
  });
});

describe('a privacy job that fails', () => {
  it('marks the request failed with the time, shown to the patient, the SystemAdmin and the home; a retry finishes it', async () => {
    const patient = await createTestUser(['Patient']);
    const { accessToken } = await login(patient.email, patient.password);
    const { getPendingOutboxFor, privacyHandlers } = await inProcess();

    // The stack's deliverer waits, so this test delivers the job itself, the first time against a bucket
    // that does not exist: S3 refuses the zip, as it would in an outage.
    const hold = await holdOutboxStream(30);
    try {
      const started = await api<{ RequestId: string }>('POST', 'Account/Privacy/Export', {
        token: accessToken,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const requestId = started.body.RequestId;
      const outboxId = await getPendingOutboxFor(requestId);

      const { deliverOutboxItem } = await import('../../functions/src/platform/outbox');
      const { resetConfigCache } = await import('../../functions/src/platform/config');
      const bucket = process.env.FILES_BUCKET;
      process.env.FILES_BUCKET = 'nutri-bucket-che-non-esiste';
      resetConfigCache();
      const failedAt = new Date().toISOString();
      try {
        expect(await deliverOutboxItem(outboxId, privacyHandlers, 'now')).toBe('failed');
      } finally {
        process.env.FILES_BUCKET = bucket;
        resetConfigCache();
      }

      const centre = await api<PrivacyCentreResponse>('GET', 'Account/Privacy', { token: accessToken });
      const mine = centre.body.Requests.find((request) => request.RequestId === requestId)!;
      expect(mine).toMatchObject({ Status: 'failed', Kind: 'export' });
      expect(mine.CompletedAt! >= failedAt).toBe(true);

      const list = await api<AdminPrivacyRequestsResponse>('GET', 'SystemSettings/PrivacyRequests', {
        token: await adminAccessToken(),
      });
      expect(list.body.Data.find((request) => request.RequestId === requestId)).toMatchObject({
        Status: 'failed',
        CompletedAt: mine.CompletedAt,
        UserId: patient.id,
      });
      expect((await status()).FailedPrivacyRequests24h).toBeGreaterThanOrEqual(1);

      // The retry, with S3 back: done, and no longer counted as failed.
      const { countFailedPrivacyRequestsSince } = await import('../../functions/src/privacy');
      const failedBefore = await countFailedPrivacyRequestsSince(failedAt);
      expect(await deliverOutboxItem(outboxId, privacyHandlers, 'now')).toBe('delivered');
      const done = await eventually(
        async () => (await api<PrivacyCentreResponse>('GET', 'Account/Privacy', { token: accessToken })).body,
        (body) =>
          body.Requests.some((request) => request.RequestId === requestId && request.Status === 'done'),
        'export done after the retry',
      );
      expect(done.Requests.find((request) => request.RequestId === requestId)!.Outcome).not.toBeNull();
      expect(await countFailedPrivacyRequestsSince(failedAt)).toBe(failedBefore - 1);
    } finally {
      await hold.release();
    }
  });
});

/** The privacy jobs and the pending outbox item of a request, in this process. */
const inProcess = async () => {
  const { listPendingOutbox } = await import('../../functions/src/platform/outbox');
  const { privacyOutboxHandlers } = await import('../../functions/src/privacy');
  return {
    privacyHandlers: privacyOutboxHandlers,
    getPendingOutboxFor: async (requestId: string) => {
      const entry = (await listPendingOutbox()).find((item) => item.Payload.requestId === requestId);
      expect(entry, 'the request’s outbox item').toBeDefined();
      return entry!.OutboxId;
    },
  };
};
