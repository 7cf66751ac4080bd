/**
 * /GoogleAuth: an empty page (docs/product.md#screens). Google's popup hands the ID token straight back to the page
 * that opened it (Google Identity Services, popup mode), so nothing has to happen here; the address is
 * kept for the spec and for an OAuth redirect, should one be configured. The layout's main landmark stays
 * empty but for a heading screen readers can find.
 */
import { VisuallyHidden } from '@mantine/core';
import { usePageTitle } from '../../../ui/use-page-title';

export function GoogleAuthPage() {
  usePageTitle('Accesso con Google');
  return (
    <VisuallyHidden>
      <h1>Accesso con Google</h1>
    </VisuallyHidden>
  );
}
