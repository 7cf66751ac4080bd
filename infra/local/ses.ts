/**
 * Local SES (aws-ses-v2-local): the real SES v2 client sends to it, and its web viewer shows every mail.
 * Mails live in memory: they are gone after a restart, like a real inbox you never had.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { freePort } from './ports';

// A CommonJS module whose function is `exports.default`: require it to get that function under ESM too.
const { default: sesServer } = createRequire(import.meta.url)(
  'aws-ses-v2-local',
) as typeof import('aws-ses-v2-local');

export interface LocalSes {
  endpoint: string;
  viewerUrl: string;
  stop: () => Promise<void>;
}

export const startSes = async (): Promise<LocalSes> => {
  const server = await sesServer({ host: '127.0.0.1', port: await freePort() });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    viewerUrl: `${endpoint}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
