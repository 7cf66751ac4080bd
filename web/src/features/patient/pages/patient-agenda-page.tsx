import { Link } from 'react-router-dom';
import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { PAYMENT_DEADLINE_DAYS } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';

export function PatientAgendaPage() {
  return (
    <Page
      title="I tuoi appuntamenti"
      documentTitle="Agenda"
      description="Gli appuntamenti con il tuo nutrizionista: stato, pagamento e accesso alla videochiamata."
    >
      <Paper withBorder radius="lg" p="xl">
        <Title order={2} fz="h3" mb="sm">
          Come funzionano gli appuntamenti
        </Title>
        <List spacing="xs">
          <List.Item>
            Un appuntamento in attesa di pagamento mostra il pulsante per pagare con carta.
          </List.Item>
          <List.Item>
            Il pagamento va completato almeno {PAYMENT_DEADLINE_DAYS} giorni prima; poi l’appuntamento è
            confermato.
          </List.Item>
          <List.Item>Il giorno della visita trovi qui il collegamento alla videochiamata.</List.Item>
        </List>
        <Text mt="md">
          Vuoi fissare una nuova visita?{' '}
          <Anchor component={Link} to={paths.chat()} fw={600}>
            Scrivi al tuo nutrizionista
          </Anchor>
          .
        </Text>
      </Paper>
    </Page>
  );
}
