/** `NextCursor` of list responses: DynamoDB's LastEvaluatedKey, opaque to clients. */
import { AppError } from '../../http/errors';

export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

export const decodeCursor = (cursor: string | undefined): Record<string, unknown> | undefined => {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('bad_request', 'Il cursore di paginazione non è valido.');
};
