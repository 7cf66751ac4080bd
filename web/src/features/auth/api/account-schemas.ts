/**
 * The shared response schemas the always-loaded session code needs, in their own module so they (and zod)
 * load on first use through `loadAccountSchemas`: anonymous visitors of the public pages never download them.
 */
export { tokenResponseSchema, userProfileSchema } from '@nutri/shared';
