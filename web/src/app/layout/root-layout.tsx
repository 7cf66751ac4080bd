import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { InstantLogin } from '../../features/auth';
import { PageLoader } from '../../ui/page-loader';
import { Footer } from './footer';
import { Header } from './header';
import classes from './layout.module.css';
import { ScrollToTop } from './scroll-to-top';

export const MAIN_CONTENT_ID = 'contenuto';

export function RootLayout() {
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
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
