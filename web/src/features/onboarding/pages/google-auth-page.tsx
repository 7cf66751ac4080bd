/**
 * /GoogleAuth: an empty page (spec section 2), the return address of the external sign-in popup. The
 * layout's main landmark stays empty but for a heading screen readers can find.
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
