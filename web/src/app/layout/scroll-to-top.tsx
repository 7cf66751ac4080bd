import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every navigation to another page starts at the top (docs/product.md#screens). The first page of a visit
 * stays where it is: on a prerendered page the visitor may have scrolled before the app took it over, and
 * on a reload the browser restores the position.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
