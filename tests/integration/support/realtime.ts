/** Opening realtime connections in integration tests: a ticket from the REST API, then the upgrade. */
import { expect } from 'vitest';
import type { ConnectionTicketResponse } from '@nutri/shared';
import { api, stack } from './api';

export const ticketFor = async (token: string) => {
  const result = await api<ConnectionTicketResponse>('POST', 'Chat/ConnectionTicket', { token });
  expect(result.status).toBe(200);
  return result.body.Ticket;
};

export const wsUrl = (ticket: string) => `${stack.wsUrl}?ticket=${encodeURIComponent(ticket)}`;
