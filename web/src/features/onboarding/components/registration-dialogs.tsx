/**
 * The two dialogs of a refused registration (docs/product.md#screens and #errors): 'Utente già registrato' with a
 * link to the login, and 'Ops! Qualcosa è andato storto' with the support contact.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import { SupportContact } from './support-contact';

export type RegistrationDialog = { kind: 'alreadyExists' } | { kind: 'other'; message: string | null } | null;

const modalProps = { centered: true, radius: 'lg', closeButtonProps: { 'aria-label': 'Chiudi' } } as const;

export function RegistrationDialogs({
  dialog,
  onClose,
  supportWhatsAppUrl,
}: {
  dialog: RegistrationDialog;
  onClose: () => void;
  supportWhatsAppUrl: string | null | undefined;
}) {
  return (
    <>
      <Modal
        opened={dialog?.kind === 'alreadyExists'}
        onClose={onClose}
        title="Utente già registrato"
        {...modalProps}
      >
        <Stack gap="md">
          <Text>
            Esiste già un account con questo indirizzo e-mail. Accedi con le tue credenziali: se non ricordi
            la password, dalla pagina di accesso puoi reimpostarla.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Chiudi
            </Button>
            <ButtonLink to={paths.login()}>Vai all’accesso</ButtonLink>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={dialog?.kind === 'other'}
        onClose={onClose}
        title="Ops! Qualcosa è andato storto"
        {...modalProps}
      >
        <Stack gap="md">
          <Text>
            {(dialog?.kind === 'other' && dialog.message) ||
              'Non siamo riusciti a completare la registrazione.'}
          </Text>
          <Text>
            Riprova tra qualche istante oppure scrivici, ti aiutiamo noi:{' '}
            <SupportContact whatsAppUrl={supportWhatsAppUrl} />.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Chiudi
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
