/**
 * Installs the npm dependencies when they are missing or older than package-lock.json.
 * Plain Node on purpose: it runs before anything is installed. Shared by scripts/test.mjs and
 * scripts/start.mjs so both decide the same way.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const mtimeMs = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * Why an install is needed, or null. npm rewrites node_modules/.package-lock.json after every
 * install, so a lock file newer than it means the tree on disk was installed from another lock.
 */
export const installReason = (root = repoRoot) => {
  const lock = mtimeMs(path.join(root, 'package-lock.json'));
  const installed = mtimeMs(path.join(root, 'node_modules', '.package-lock.json'));
  if (mtimeMs(path.join(root, 'node_modules')) === undefined) return 'node_modules is missing';
  if (installed === undefined) return 'node_modules/.package-lock.json is missing';
  if (lock !== undefined && lock > installed) return 'package-lock.json is newer than node_modules';
  return null;
};

/**
 * Runs `npm ci` when needed. Returns `{ installed, reason }`; throws when npm fails, because nothing
 * after this step can work without dependencies.
 */
export const ensureDependencies = ({ root = repoRoot, log = console.log } = {}) => {
  const reason = installReason(root);
  if (!reason) return { installed: false, reason: null };
  log(`Installing dependencies (${reason}): npm ci`);
  // shell on Windows only: npm is a .cmd there.
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error) throw new Error(`npm ci could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`npm ci failed (exit ${result.status ?? result.signal}).`);
  return { installed: true, reason };
};
