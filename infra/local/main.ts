/**
 * `npm start` ends here (after scripts/start.mjs installed and built what was missing):
 *   tsx infra/local/main.ts [--port N] [--data-dir DIR] [--web-dist DIR] [--reset] [--quiet] [--access-log]
 * (--web-dist serves another build of the web app than web/dist, e.g. one made with `vite build --outDir`.)
 * Prints the demo accounts and, once everything answers, one `NUTRI_READY {json}` line.
 * Ctrl-C (SIGINT) or SIGTERM stops every child process before exiting.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from './seed';
import { READY_PREFIX } from './stack-info';
import { REPO_ROOT, startLocalStack } from './stack';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'web-dist': { type: 'string' },
    reset: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'access-log': { type: 'boolean', default: false },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Porta non valida: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
const quiet = values.quiet;
const say = (line: string) => {
  if (!quiet) console.log(line);
};

let fatal: (message: string) => void = (message) => {
  console.error(message);
  process.exit(1);
};

const main = async () => {
  say('Avvio di Nutrì in locale (DynamoDB Local, S3, SES, gateway)…');
  const stack = await startLocalStack({
    port,
    dataDir: values['data-dir'] ?? join(REPO_ROOT, '.data'),
    webDist: values['web-dist'],
    reset: values.reset,
    accessLog: values['access-log'],
    log: (line) => console.error(line),
    onFatal: (message) => fatal(message),
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: arresto in corso…`);
    stack
      .stop()
      .then(() => {
        say('Tutti i processi sono stati fermati.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  // A part that died for good: stop the rest and exit with its message rather than answer 500 forever.
  fatal = (message: string) => {
    // Already stopping (Ctrl-C reaches DynamoDB Local too): nothing to report.
    if (stopping) return;
    console.error(message);
    stopping = true;
    stack
      .stop()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const { info } = stack;
  say('');
  say(`  Nutrì è pronto su ${info.baseUrl}`);
  say(`  API:        ${info.baseUrl}/api/v2/health`);
  say(`  WebSocket:  ${info.wsUrl}`);
  say(`  Posta (SES locale): ${info.baseUrl}/dev/mail`);
  say(`  Dati:       ${info.dataDir}  (npm start -- --reset per ripartire da zero)`);
  say('');
  say('  Account demo:');
  for (const account of DEMO_ACCOUNTS)
    say(`    ${account.label.padEnd(16)} ${account.email.padEnd(28)} ${account.password}`);
  say('');
  say('  Ctrl-C per fermare tutto.');
  console.log(`${READY_PREFIX}${JSON.stringify(info)}`);
};

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`La porta ${port} è già in uso: ferma l'altro processo o usa PORT=3001 npm start.`);
  } else {
    console.error(`Avvio non riuscito: ${message}`);
  }
  process.exit(1);
});
