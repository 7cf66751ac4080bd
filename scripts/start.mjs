/**
 * `npm start`: installs dependencies on first run (or when package-lock.json changed), builds the web
 * app when its build is missing or older than its sources, checks Java for DynamoDB Local, then runs
 * the local runtime (infra/local/main.ts) in this terminal. Arguments pass through:
 *   npm start -- --reset        wipe .data/ and start from the demo data
 *   PORT=3001 npm start         another port
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, repoRoot } from './bootstrap.mjs';
import { ensureSystemDeps } from './system-deps.mjs';

const newestMtime = (entry) => {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stats.mtimeMs,
  );
};

const webBuildIsStale = () => {
  const built = path.join(repoRoot, 'web', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'shared/src'].map((p) =>
    path.join(repoRoot, p),
  );
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
};

try {
  ensureDependencies();
  await ensureSystemDeps({ needBrowser: false });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

if (webBuildIsStale()) {
  console.log('Compilazione del sito (vite build)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// One process (node with the tsx loader), so Ctrl-C reaches the runtime directly and nothing is orphaned.
const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
});
// The terminal sends Ctrl-C to the whole process group: the runtime stops itself; wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signal === 'SIGTERM') child.kill('SIGTERM');
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// `npm start` stopped with a signal to npm alone (kill, a process manager): npm's shell does not pass it on,
// so this process is left orphaned; notice it and stop the runtime rather than leave it serving.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM');
}, 1000).unref();
