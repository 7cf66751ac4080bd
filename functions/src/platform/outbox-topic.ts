/**
 * One zod schema per outbox topic, shared by the side that writes its items and the side that delivers
 * them. The writer's payload is typed by the schema and parsed before it goes into the transaction, so a
 * malformed item never enters the queue; the deliverer gets the payload parsed by the same schema, so an
 * item it cannot read fails before its first step, as any failed delivery does, instead of half-running.
 */
import type { z } from 'zod';
import { newOutboxEntry, type OutboxEntry } from './outbox';

export interface OutboxTopic<S extends z.ZodType<Record<string, unknown>>> {
  /** The item's `Topic`: names the handler that delivers it. */
  readonly name: string;
  readonly schema: S;
  /** A new item of this topic, for the writer's own transaction. Throws if the payload does not fit. */
  entry: (payload: z.input<S>, at: Date) => OutboxEntry;
  /** The payload of an item of this topic, as its handler reads it. Throws if it does not fit. */
  payload: (entry: OutboxEntry) => z.output<S>;
}

export const defineOutboxTopic = <S extends z.ZodType<Record<string, unknown>>>(
  name: string,
  schema: S,
): OutboxTopic<S> => {
  const payload = (entry: OutboxEntry): z.output<S> => {
    if (entry.Topic !== name) throw new Error(`Outbox item of topic ${entry.Topic} read as ${name}`);
    return schema.parse(entry.Payload);
  };
  return {
    name,
    schema,
    entry: (value, at) => newOutboxEntry(name, schema.parse(value), at),
    payload,
  };
};
