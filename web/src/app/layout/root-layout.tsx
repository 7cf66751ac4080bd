import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { INSTANT_LOGIN_PARAM } from '../../paths';
import { useTakeOverEndsOnNavigation } from '../../lib/taking-over';
import { PageLoader } from '../../ui/page-loader';
import { RouteErrorBoundary } from '../route-error';
import { Footer } from './footer';
import { Header } from './header';
import classes from './layout.module.css';
import { ScrollToTop } from './scroll-to-top';

export const MAIN_CONTENT_ID = 'contenuto';

const InstantLogin = lazy(() => import('./instant-login'));

/**
 * The instant-login exchange, loaded only for an address that carries a token (links in the product's
 * mails): every other visit keeps its code out of the first JavaScript. Decided after the first render, so
 * a prerendered page is taken over as it is.
 */
function InstantLoginWhenNeeded({ search }: { search: string }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(search).has(INSTANT_LOGIN_PARAM)) setNeeded(true);
  }, [search]);
  return needed ? (
    <Suspense fallback={null}>
      <InstantLogin />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  const { pathname, search } = useLocation();
  useTakeOverEndsOnNavigation(`${pathname}${search}`);
  return (
    <div className={classes.page}>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          // Move focus without adding '#contenuto' to the address (the router owns the URL).
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
      >
        Vai al contenuto principale
      </a>
      <ScrollToTop />
      <InstantLoginWhenNeeded search={search} />
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
