import { createElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAccess } from '../features/auth';
import { paths } from '../paths';
import { HomeSwitch } from './home-switch';
import { RootLayout } from './layout/root-layout';
import { PAGE_ROUTES, accessKey, type PageRoute } from './route-table';

const toRoute = (route: PageRoute) => (
  <Route key={route.pattern} path={route.pattern} element={createElement(route.page)} />
);

/** Public pages as they are; the others under one guard per access rule. */
const groupedRoutes = () => {
  const groups = new Map<string, PageRoute[]>();
  for (const route of PAGE_ROUTES) {
    const key = accessKey(route.access);
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return [...groups.entries()].flatMap(([key, routes]) => {
    if (key === 'public') return routes.map(toRoute);
    const access = routes[0]!.access;
    return [
      <Route key={key} element={<RequireAccess access={access} />}>
        {routes.map(toRoute)}
      </Route>,
    ];
  });
};

/**
 * The app's pages, in the router's declarative mode: the app loads no data through the router (pages use
 * SWR), and the declarative mode leaves the data router's code out of every visitor's first JavaScript
 * (docs/decisions/0034-prerendered-public-pages.md). The same element renders in the browser (inside
 * BrowserRouter) and in the prerenderer (inside StaticRouter).
 */
export const appRoutes = (
  <Routes>
    <Route element={<RootLayout />}>
      <Route path={paths.home.pattern} element={<HomeSwitch />} />
      {groupedRoutes()}
      <Route path="*" element={<Navigate to={paths.notFound()} replace />} />
    </Route>
  </Routes>
);
