/**
 * The signed-in areas' routes, grouped under one guard per access rule (so the guard rule of a page is
 * written in exactly one place), and the not-found page for any other path. The router (../router.tsx)
 * loads this module for every path that is not a public page's.
 */
import { createElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAccess } from '../../features/auth';
import { paths } from '../../paths';
import { accessKey, type PageRoute } from '../route-table';
import { SIGNED_IN_PAGE_ROUTES } from './route-table';

const toRoute = (route: PageRoute) => (
  <Route key={route.pattern} path={route.pattern} element={createElement(route.page)} />
);

const guardedRoutes = () => {
  const groups = new Map<string, PageRoute[]>();
  for (const route of SIGNED_IN_PAGE_ROUTES) {
    const key = accessKey(route.access);
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return [...groups.entries()].map(([key, routes]) => (
    <Route key={key} element={<RequireAccess access={routes[0]!.access} />}>
      {routes.map(toRoute)}
    </Route>
  ));
};

export default function SignedInRoutes() {
  return (
    <Routes>
      {guardedRoutes()}
      <Route path="*" element={<Navigate to={paths.notFound()} replace />} />
    </Routes>
  );
}
