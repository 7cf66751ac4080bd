import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { InstantLogin } from '../../features/auth';
import { PageLoader } from '../../ui/page-loader';
import { RouteErrorBoundary } from '../route-error';
import { Footer } from './footer';
import { Header } from './header';
import classes from './layout.module.css';
import { ScrollToTop } from './scroll-to-top';

export const MAIN_CONTENT_ID = 'contenuto';

export function RootLayout() {
  const { pathname } = useLocation();
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
      <InstantLogin />
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
