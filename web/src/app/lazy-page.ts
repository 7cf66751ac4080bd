import { lazy, type ComponentType } from 'react';

/**
 * A page component loaded with its area's chunk on first use:
 *   const ProfilePage = lazyPage(() => import('./areas/account'), 'ProfilePage');
 */
export const lazyPage = <Module extends Record<string, unknown>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
) =>
  lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
