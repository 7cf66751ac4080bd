/**
 * The plain values of @nutri/shared (roles, constants, enums, Italian texts), imported module by module.
 * The package entry also re-exports the zod schemas, and importing it from always-loaded code would put
 * zod in the landing chunk (vite.config.ts fails the build if that happens). Schemas and types still
 * come from '@nutri/shared', in lazily loaded feature code.
 */
export * from '../../../shared/src/constants';
export * from '../../../shared/src/domain';
export * from '../../../shared/src/roles';
export * from '../../../shared/src/texts';
