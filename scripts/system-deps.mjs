/**
 * System packages the tests need and npm cannot provide: a Java 17+ runtime for DynamoDB Local and
 * the Debian Chromium that Playwright drives (browsers are never downloaded by `playwright install`).
 * As root (CI, containers) they are installed with apt-get; otherwise the error says what to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './lib/chromium.mjs';

export const MIN_JAVA_MAJOR = 17;

const JAVA_PACKAGE = 'default-jre-headless';
const CHROMIUM_PACKAGE = 'chromium';

/** Major version of the `java` on PATH (8 for "1.8.0_x", 17 for "17.0.15"), or null when absent. */
export const javaMajorVersion = () => {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = `${result.stderr}${result.stdout}`.match(/version "(\d+)(?:\.(\d+))?/);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
};

const hasJava = () => (javaMajorVersion() ?? 0) >= MIN_JAVA_MAJOR;
const hasChromium = () => existsSync(CHROMIUM_PATH);

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const run = (command, args) => {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
};

/**
 * Makes sure Java 17+ (and, with needBrowser, Chromium) are present. Returns what was installed;
 * throws with the exact command to run when something is missing and we may not install it.
 */
export const ensureSystemDeps = ({ needBrowser = true, needJava = true, log = console.log } = {}) => {
  const missing = [];
  if (needJava && !hasJava()) missing.push({ name: `Java ${MIN_JAVA_MAJOR}+`, pkg: JAVA_PACKAGE });
  if (needBrowser && !hasChromium())
    missing.push({ name: `Chromium (${CHROMIUM_PATH})`, pkg: CHROMIUM_PACKAGE });
  if (missing.length === 0) return { installed: [] };

  const packages = missing.map((item) => item.pkg);
  const what = missing.map((item) => item.name).join(' and ');
  if (!isRoot()) {
    throw new Error(
      `${what} missing. Install with:\n` +
        `  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}\n` +
        '(on other systems: any Java 17+ runtime on PATH, and Chromium at ' +
        CHROMIUM_PATH +
        ').',
    );
  }
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `${what} missing and apt-get is not available here: install ${packages.join(', ')} by hand.`,
    );
  }
  log(`Installing ${what} with apt-get: ${packages.join(' ')}`);
  // One `apt-get update` for all packages: the index is what takes the time on a fresh machine.
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...packages]);

  const stillMissing = [
    ...(needJava && !hasJava() ? [`Java ${MIN_JAVA_MAJOR}+ (java -version)`] : []),
    ...(needBrowser && !hasChromium() ? [CHROMIUM_PATH] : []),
  ];
  if (stillMissing.length) throw new Error(`apt-get finished but still missing: ${stillMissing.join(', ')}`);
  return { installed: packages };
};
