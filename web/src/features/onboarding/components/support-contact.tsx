/**
 * How to reach support: WhatsApp when the deployment has a support number (docs/product.md#errors: the error
 * dialogs link to it), otherwise the contact form.
 */
import { Link } from 'react-router-dom';
import { Anchor, VisuallyHidden } from '@mantine/core';
import { paths } from '../../../paths';

export function SupportContact({ whatsAppUrl }: { whatsAppUrl: string | null | undefined }) {
  if (whatsAppUrl) {
    return (
      <Anchor href={whatsAppUrl} target="_blank" rel="noopener noreferrer" fw={600}>
        Scrivici su WhatsApp
        <VisuallyHidden> (si apre in una nuova scheda)</VisuallyHidden>
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={paths.contact()} fw={600}>
      Contatta l’assistenza
    </Anchor>
  );
}
