/** The patient home's gentle reminder to accept the privacy notices (until PrivacyContractSigned). */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { showSuccessToast } from '../../../ui/notify';
import { PrivacyContractsDialog } from './privacy-contracts-dialog';

export function PrivacyCard() {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="lg" p="lg" bg="leaf.0" component="section" aria-labelledby="privacy-card">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="white" radius="xl" size={40} aria-hidden>
          <IconShieldCheck size={22} />
        </ThemeIcon>
        <Stack gap={6} align="flex-start">
          <Title order={2} fz="h5" id="privacy-card">
            Accetta le informative privacy
          </Title>
          <Text size="sm">
            Servono prima di pagare la prima visita: puoi leggerle e accettarle ora, in un minuto.
          </Text>
          <Button variant="light" size="sm" onClick={() => setOpen(true)} mt={4}>
            Leggi e accetta
          </Button>
        </Stack>
      </Group>
      <PrivacyContractsDialog
        opened={open}
        onClose={() => setOpen(false)}
        onSuccess={() => {
          setOpen(false);
          showSuccessToast('Grazie! Abbiamo registrato la tua accettazione delle informative.');
        }}
      />
    </Paper>
  );
}
