/**
 * `NextCursor` of list responses: DynamoDB's LastEvaluatedKey, opaque to clients, signed and bound to the
 * list it was issued for.
 *
 * The key goes back to DynamoDB as ExclusiveStartKey, so a client must not be able to choose it: a forged
 * key would start a read anywhere in the table (or make DynamoDB refuse the query), and a cursor of one
 * list replayed on another (another nutritionist's bookings, another review status) would read on from a
 * key that list never returned. The cursor therefore carries an HMAC (a key derived from the JWT signing
 * secret, see docs/decisions/0012-crafted-input.md) over the key and the list's scope: the
 * list's name and every input that selects what it reads (path ids, filters, the caller when the list is
 * theirs). Any other cursor is a 400.
 */
import { deriveKey, hmac, safeEqual } from '../hash';
import { signingMasterKey } from '../tokens';

export const INVALID_CURSOR_MESSAGE =
  'Il cursore di paginazione non è valido: ricarica la lista dalla prima pagina.';

/** Plain values, or an object of filters (as parsed from the query, so its keys come in a fixed order). */
type ScopePart = string | number | boolean | null | undefined | Readonly<Record<string, unknown>>;

export interface PageCursor {
  /** The start key of the next read; undefined without a cursor; a 400 for any cursor not issued here. */
  decode: (cursor: string | undefined) => Promise<Record<string, unknown> | undefined>;
  /** The cursor for the key after the last item returned; null when the list is over. */
  encode: (key: Record<string, unknown> | undefined) => Promise<string | null>;
}

const signingKey = async () => deriveKey(await signingMasterKey(), 'pagination-cursor');

/**
 * A cursor this list never issued. The platform knows nothing of HTTP: http/errors.ts answers it with a
 * 400 and INVALID_CURSOR_MESSAGE.
 */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
  constructor() {
    super(INVALID_CURSOR_MESSAGE);
  }
}

const invalid = () => new InvalidCursorError();

/**
 * Cursors of one list: `name` names the list (its access pattern), `scope` the inputs that select what it
 * reads. Encoding and decoding must be given the same scope.
 */
export const pageCursor = (name: string, ...scope: readonly ScopePart[]): PageCursor => {
  // JSON keeps the parts apart unambiguously ("a", "b:c" and "a:b", "c" differ).
  const signed = (payload: string) => JSON.stringify([name, scope.map((part) => part ?? null), payload]);
  return {
    async encode(key) {
      if (!key) return null;
      const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
      return `${payload}.${hmac(await signingKey(), signed(payload))}`;
    },
    async decode(cursor) {
      if (!cursor) return undefined;
      const [payload, signature, ...rest] = cursor.split('.');
      if (!payload || !signature || rest.length) throw invalid();
      if (!safeEqual(signature, hmac(await signingKey(), signed(payload)))) throw invalid();
      const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid();
      return value as Record<string, unknown>;
    },
  };
};
