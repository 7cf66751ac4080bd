/**
 * Sign-in with a Google account whose e-mail has no Nutrì account (docs/product.md#errors): the way in is the
 * questionnaire, which chooses the nutritionist and then creates the account.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';

export function NoGoogleAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nessun profilo con questa e-mail"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="md">
        <Text>Non esiste ancora un profilo Nutrì con l’indirizzo e-mail di questo account Google.</Text>
        <Text>
          Per iniziare compila il questionario: bastano pochi minuti per scegliere il nutrizionista più adatto
          a te, poi crei il tuo account (anche con Google).
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Chiudi
          </Button>
          <ButtonLink to={paths.findNutritionist()}>Compila il questionario</ButtonLink>
        </Group>
      </Stack>
    </Modal>
  );
}
