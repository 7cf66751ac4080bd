import { createElement } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAccess } from '../features/auth';
import { paths } from '../paths';
import { HomeSwitch } from './home-switch';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';
import { PAGE_ROUTES, accessKey, type PageRoute } from './route-table';

const toRoute = (route: PageRoute): RouteObject => ({
  path: route.pattern,
  element: createElement(route.page),
});

/** Public pages as they are; the others under one guard per access rule. */
const groupedRoutes = (): RouteObject[] => {
  const groups = new Map<string, PageRoute[]>();
  for (const route of PAGE_ROUTES) {
    const key = accessKey(route.access);
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return [...groups.entries()].flatMap(([key, routes]): RouteObject[] => {
    if (key === 'public') return routes.map(toRoute);
    const access = routes[0]!.access;
    return [{ element: <RequireAccess access={access} />, children: routes.map(toRoute) }];
  });
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.pattern, element: <HomeSwitch /> },
      ...groupedRoutes(),
      { path: '*', element: <Navigate to={paths.notFound()} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
