/**
 * The local runtime's simulated realtime outage (`POST /dev/realtime/outage`), which the chat's browser
 * test uses to "kill" the WebSocket gateway: one user's connections are cut without a close frame, their
 * new upgrades are refused until the outage ends, other users' connections stay up, and afterwards the user
 * connects again with a fresh ticket. Only loopback callers may use it, with a bounded duration.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionTicketResponse } from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, stack } from './support/api';
import { eventually } from './support/outbox';
import { createNutritionist, createPatientOf } from './support/visits';

const openClients: RealtimeClient[] = [];

afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

const wsUrlFor = async (token: string) => {
  const result = await api<ConnectionTicketResponse>('POST', 'Chat/ConnectionTicket', { token });
  expect(result.status).toBe(200);
  return `${stack.wsUrl}?ticket=${encodeURIComponent(result.body.Ticket)}`;
};

const connect = async (token: string) => {
  const client = await RealtimeClient.connect(await wsUrlFor(token));
  openClients.push(client);
  return client;
};

/** The close, skipping any message pushed before it (presence events arrive whenever partners connect). */
const closeOf = async (client: RealtimeClient) => {
  for (;;) {
    const outcome = await client.next();
    if (outcome.kind === 'closed') return outcome;
  }
};

const outage = (query: string) => fetch(`${stack.baseUrl}/dev/realtime/outage?${query}`, { method: 'POST' });

describe('simulated realtime outage (local runtime only)', () => {
  it('cuts one user’s connections, refuses them until it ends, and leaves others connected', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Marta Outage');
    const [patientTab, otherPatientTab, nutritionistTab] = await Promise.all([
      connect(patient.token),
      connect(patient.token),
      connect(nutritionist.token),
    ]);

    const started = Date.now();
    const response = await outage(`seconds=2&userId=${encodeURIComponent(patient.id)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { dropped: number }).dropped).toBe(2);

    // Cut like a crashed gateway: no close frame, so the client sees an abnormal closure.
    for (const tab of [patientTab, otherPatientTab]) {
      const closed = await closeOf(tab);
      expect(closed.code).toBe(1006);
    }
    // A new upgrade of that user is refused while the outage lasts (the ticket itself was valid).
    const refused = await RealtimeClient.connect(await wsUrlFor(patient.token)).then(
      (client) => {
        openClients.push(client);
        return 'accepted';
      },
      (error: Error) => error.message,
    );
    expect(refused).toBe('WebSocket upgrade refused: HTTP 503');
    expect(Date.now() - started).toBeLessThan(2000);
    // The nutritionist was not in scope: still connected, and still served.
    expect(nutritionistTab.isOpen).toBe(true);
    nutritionistTab.sendJson({ action: 'ping' });

    // Once the outage ends the patient connects again with a fresh ticket (refused until then).
    const again = await eventually(
      () => connect(patient.token).catch(() => null),
      (client) => client !== null,
      'the patient connects again after the outage',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(again!.isOpen).toBe(true);
  });

  it('refuses a duration that is not a number of seconds between 0 and 60', async () => {
    expect((await outage('seconds=0')).status).toBe(400);
    expect((await outage('seconds=61')).status).toBe(400);
    expect((await outage('seconds=abc')).status).toBe(400);
  });
});
