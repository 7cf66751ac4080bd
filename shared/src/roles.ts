/** The five roles of docs/product.md#roles. Role names are part of the API contract. */
export const ROLES = ['Patient', 'Nutritionist', 'BusinessAdmin', 'UserManager', 'SystemAdmin'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The one application this deployment serves (spec: roles are read for the selected application id). */
export const APPLICATION_ID = 'nutri';
