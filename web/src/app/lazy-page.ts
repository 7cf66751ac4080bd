import { lazy, type ComponentType } from 'react';
import { firstRouteDataSettled } from './first-route-data';

/**
 * A page component loaded with its area's chunk on first use:
 *   const ProfilePage = lazyPage(() => import('./areas/account'), 'ProfilePage');
 * The first page of a visit also waits for the data prefetched for it (prefetch-route-data.ts), so it
 * renders with that data at once; any later page finds that promise long settled.
 */
export const lazyPage = <Module extends Record<string, unknown>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
) =>
  lazy(async () => {
    const [module] = await Promise.all([load(), firstRouteDataSettled()]);
    return { default: module[name] as ComponentType };
  });
