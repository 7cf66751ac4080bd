/**
 * The bare baseline of `npm run bench`, run as a process of its own as the local gateway is: a node:http
 * server on 127.0.0.1 answering `{"status":"ok"}` for any request, after the health operation's own
 * DynamoDB read (functions/src/system/health-repo.ts: the same probe with the same timeout, the functions'
 * own document client and configuration) unless started with `--no-read`. It prints its URL as one JSON
 * line and stops on SIGTERM, SIGINT or when its parent goes away.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readHealthProbe } from '../../functions/src/system/health-repo';

const withRead = !process.argv.includes('--no-read');
const OK = JSON.stringify({ status: 'ok' });
const UNAVAILABLE = JSON.stringify({ status: 'unavailable' });

const answer = (response: http.ServerResponse, status: number, text: string) => {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
};

const read = () => readHealthProbe(3000);

const server = http.createServer((_request, response) => {
  if (!withRead) return answer(response, 200, OK);
  read().then(
    () => answer(response, 200, OK),
    () => answer(response, 503, UNAVAILABLE),
  );
});

const stop = () => {
  server.closeAllConnections();
  server.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);

server.listen(0, '127.0.0.1');
await once(server, 'listening');
const { port } = server.address() as AddressInfo;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/api/v2/health` }));
