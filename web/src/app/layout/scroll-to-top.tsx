import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every navigation to another page starts at the top (docs/product.md#screens). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
