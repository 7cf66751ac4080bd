/**
 * What an area asks of areas above it, which it must not import (no cycle between areas,
 * docs/decisions/0015-area-boundaries.md): the Lambda's composition root (an area's handler.ts) connects
 * them at start-up. Used before that is a wiring mistake, so `get` fails loudly instead of letting the area
 * skip a step without a trace.
 */
export const collaboratorSlot = <T>(area: string) => {
  let connected: T | null = null;
  return {
    connect: (collaborators: T) => {
      connected = collaborators;
    },
    get: (): T => {
      if (!connected) throw new Error(`${area} used before its handler connected its collaborators.`);
      return connected;
    },
  };
};
