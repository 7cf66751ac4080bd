import { SimpleGrid, Text, Title, List, Paper } from '@mantine/core';
import { IconCalendarEvent, IconMessageCircle, IconUserCircle } from '@tabler/icons-react';
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
} from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { LinkCard } from '../../../ui/link-card';
import { Page } from '../../../ui/page';
import { useAuth } from '../../auth/auth-context';

/** `/` and `/Patients` for patients: where to go next and the rules worth remembering. */
export function PatientHomePage() {
  const { profile } = useAuth();
  const name = profile?.DisplayName || profile?.Name;
  return (
    <Page
      title={name ? `Ciao, ${name}!` : 'La tua area personale'}
      documentTitle="Area paziente"
      description="Da qui segui il tuo percorso: appuntamenti, chat con il tuo nutrizionista e dati del profilo."
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <LinkCard
          to={paths.patients.agenda()}
          icon={<IconCalendarEvent size={24} />}
          title="I tuoi appuntamenti"
          description="Incontro conoscitivo, visite in programma, pagamenti e videochiamate."
        />
        <LinkCard
          to={paths.chat()}
          icon={<IconMessageCircle size={24} />}
          title="Chat con il nutrizionista"
          description="Scrivi quando vuoi: ti risponde entro poche ore e ricevi una notifica via e-mail."
        />
        <LinkCard
          to={paths.account.profile()}
          icon={<IconUserCircle size={24} />}
          title="Il mio profilo"
          description="Nome, numero di cellulare e foto del profilo."
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="xl" mt="xl" component="section" aria-labelledby="patient-rules">
        <Title order={2} fz="h3" id="patient-rules" mb="sm">
          Da ricordare
        </Title>
        <List spacing="xs">
          <List.Item>
            L’incontro conoscitivo è gratuito; le visite durano {DURATION_MINUTES.NORMAL} minuti e costano{' '}
            {formatEuro(PAID_VISIT_PRICE_CENTS)}.
          </List.Item>
          <List.Item>
            Paga la visita almeno {PAYMENT_DEADLINE_DAYS} giorni prima: senza pagamento l’appuntamento non è
            confermato.
          </List.Item>
          <List.Item>
            Puoi spostare o annullare gratuitamente fino a {FREE_CHANGE_DEADLINE_DAYS} giorni prima; dopo, la
            visita viene considerata effettuata.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="md">
          Per prenotare la prima visita dopo l’incontro conoscitivo, scrivi al tuo nutrizionista in chat.
        </Text>
      </Paper>
    </Page>
  );
}
