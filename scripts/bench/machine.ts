/**
 * What the load benchmarks say about where they run: they load this machine only, and print its load
 * beside their figures (the machine may be shared, so figures compare only under similar load).
 */
import os from 'node:os';

/** Refuses anything but loopback: a benchmark must never load someone else's server. */
export const assertLoopback = (url: string) => {
  const { hostname } = new URL(url);
  // The local stack's origin is named `localhost`; the bare servers of the benchmarks listen on 127.0.0.1.
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`Refusing to load ${url}: only this machine (localhost, 127.0.0.1) is benchmarked.`);
};

/** `load average 1.20 0.90 0.80 on 2 CPUs`. */
export const loadLine = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;
