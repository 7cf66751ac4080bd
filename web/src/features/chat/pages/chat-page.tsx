import { Alert, List, Paper, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CHAT_MAX_FILE_BYTES } from '../../../lib/shared-values';
import { Page } from '../../../ui/page';
import { useAuth } from '../../auth/auth-context';

export function ChatPage() {
  const { hasRole } = useAuth();
  const isNutritionist = hasRole('Nutritionist');
  return (
    <Page
      title="Chat"
      description={
        isNutritionist
          ? 'Le conversazioni con i tuoi pazienti: messaggi, file, prenotazioni e promemoria.'
          : 'Scrivi al tuo nutrizionista: ti risponderà entro poche ore e riceverai una notifica via e-mail.'
      }
    >
      {!isNutritionist && !hasRole('Patient') ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} mb="lg">
          La chat è disponibile per i pazienti e i nutrizionisti di Nutrì.
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="xl">
        <Title order={2} fz="h3" mb="sm">
          Come usare la chat
        </Title>
        <List spacing="xs">
          <List.Item>Invio invia il messaggio, Maiusc+Invio va a capo.</List.Item>
          <List.Item>
            Puoi allegare file e foto fino a {CHAT_MAX_FILE_BYTES / (1024 * 1024)} MB trascinandoli nella
            conversazione.
          </List.Item>
          <List.Item>
            Prenotazioni, pagamenti e modifiche agli appuntamenti compaiono come messaggi nella conversazione.
          </List.Item>
        </List>
      </Paper>
    </Page>
  );
}
