/**
 * A stream record's item image as plain values (what the document client returns for a read), for the
 * attribute types the table holds. Written here rather than taken from @aws-sdk/util-dynamodb, which is
 * only a transitive dependency; numbers come back as JavaScript numbers, as the document client gives them.
 */
import type { AttributeValue } from 'aws-lambda';

const valueOf = (attribute: AttributeValue): unknown => {
  if (attribute.S !== undefined) return attribute.S;
  if (attribute.N !== undefined) return Number(attribute.N);
  if (attribute.BOOL !== undefined) return attribute.BOOL;
  if (attribute.NULL !== undefined) return null;
  if (attribute.M !== undefined) return imageToItem(attribute.M);
  if (attribute.L !== undefined) return attribute.L.map(valueOf);
  if (attribute.SS !== undefined) return new Set(attribute.SS);
  if (attribute.NS !== undefined) return new Set(attribute.NS.map(Number));
  if (attribute.B !== undefined) return attribute.B;
  if (attribute.BS !== undefined) return new Set(attribute.BS);
  return undefined;
};

export const imageToItem = (image: Record<string, AttributeValue>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(image).map(([name, attribute]) => [name, valueOf(attribute)]));
