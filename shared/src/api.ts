import * as z from 'zod';

/** Base path of the product API (docs/product.md#api: version 2). */
export const API_BASE_PATH = '/api/v2';

/** Error body every non-2xx API response carries (architecture: one error taxonomy). */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  Errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Stable error codes; the HTTP status of each is fixed in functions/src/http/errors.ts. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'too_many_requests',
  'payload_too_large',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** List responses: `{ Data, Count, NextCursor }`. */
export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({ Data: z.array(item), Count: z.number().int().nonnegative(), NextCursor: z.string().nullable() });
export interface ListResponse<T> {
  Data: T[];
  Count: number;
  NextCursor: string | null;
}

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
