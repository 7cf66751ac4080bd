/**
 * The patient home's reminder to accept the privacy notices (until PrivacyContractSigned). When a new
 * version replaced one the patient had accepted (docs/product.md#contracts), the card says so and the
 * acceptance dialog opens by itself once per browser session: at the next sign-in.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { showSuccessToast } from '../../../ui/notify';
import { PrivacyContractsDialog } from './privacy-contracts-dialog';

/** sessionStorage key: the dialog about updated notices was already opened in this browser session. */
const UPDATED_SHOWN_KEY = 'nutri.privacy-updated-shown';

const openOncePerSession = () => {
  try {
    if (sessionStorage.getItem(UPDATED_SHOWN_KEY)) return false;
    sessionStorage.setItem(UPDATED_SHOWN_KEY, '1');
    return true;
  } catch {
    // Storage refused (private mode): the card still offers the dialog.
    return false;
  }
};

export function PrivacyCard({ updated = false }: { updated?: boolean }) {
  const [open, setOpen] = useState(() => updated && openOncePerSession());
  return (
    <Paper withBorder radius="lg" p="lg" bg="leaf.0" component="section" aria-labelledby="privacy-card">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="white" radius="xl" size={40} aria-hidden>
          <IconShieldCheck size={22} />
        </ThemeIcon>
        <Stack gap={6} align="flex-start">
          <Title order={2} fz="h5" id="privacy-card">
            {updated ? 'Abbiamo aggiornato le informative privacy' : 'Accetta le informative privacy'}
          </Title>
          <Text size="sm">
            {updated
              ? 'Leggi e accetta la nuova versione: serve prima del prossimo pagamento.'
              : 'Servono prima di pagare la prima visita: puoi leggerle e accettarle ora, in un minuto.'}
          </Text>
          <Button variant="light" size="sm" onClick={() => setOpen(true)} mt={4}>
            Leggi e accetta
          </Button>
        </Stack>
      </Group>
      <PrivacyContractsDialog
        opened={open}
        updated={updated}
        onClose={() => setOpen(false)}
        onSuccess={() => {
          setOpen(false);
          showSuccessToast('Grazie! Abbiamo registrato la tua accettazione delle informative.');
        }}
      />
    </Paper>
  );
}
