import { useHead } from './head';

/**
 * Sets the browser tab title ('Accedi · Nutrì'), which screen readers announce on navigation, with the
 * site's default description and the page's canonical URL (see ./head.ts for pages that say more).
 */
export const usePageTitle = (title: string | null | undefined) => useHead({ title });
