/**
 * The one Chromium the tests and benchmarks drive: Debian's package (browsers are never downloaded), with
 * the flags that keep it from reaching the network on its own (updates, sync, QUIC probes), since only
 * the local stack on this machine is tested or measured. Plain ESM: scripts/system-deps.mjs, which
 * installs it, runs before any dependency is there.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const QUIET_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
