import { createElement, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '../paths';
import { HomeSwitch } from './home-switch';
import { RootLayout } from './layout/root-layout';
import { PUBLIC_PAGE_ROUTES } from './route-table';

/** Every other path: the signed-in areas' routes (and the not-found page), in a chunk of their own. */
const SignedInRoutes = lazy(() => import('./signed-in/signed-in-routes'));

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
      {PUBLIC_PAGE_ROUTES.map((route) => (
        <Route key={route.pattern} path={route.pattern} element={createElement(route.page)} />
      ))}
      <Route path="*" element={<SignedInRoutes />} />
    </Route>
  </Routes>
);
