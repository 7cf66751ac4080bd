/** Loads the shared response schemas (and zod) on first use; see account-schemas.ts. */
export const loadAccountSchemas = () => import('./account-schemas');
