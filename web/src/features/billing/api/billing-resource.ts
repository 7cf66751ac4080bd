/**
 * Which resource a billing call goes to (docs/product.md#roles): the back office's User/BillingProfiles when a
 * UserId is given, otherwise the caller's own User/BillingProfilesSelf.
 */
export const SELF_RESOURCE = '/User/BillingProfilesSelf';
export const ADMIN_RESOURCE = '/User/BillingProfiles';

export const billingResource = (userId?: string) => (userId ? ADMIN_RESOURCE : SELF_RESOURCE);

/** The query naming the user on the admin resource (nothing on the self resource). */
export const userQuery = (userId?: string): Record<string, string> => (userId ? { UserId: userId } : {});
