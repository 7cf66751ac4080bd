import { List, Paper, SimpleGrid, Title } from '@mantine/core';
import { IconMessageCircle, IconUserCircle, IconLock } from '@tabler/icons-react';
import { NUTRITIONIST_HOME_WINDOW_DAYS, PAYMENT_DEADLINE_DAYS } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { LinkCard } from '../../../ui/link-card';
import { Page } from '../../../ui/page';
import { useAuth } from '../../auth/auth-context';

/** `/` and `/AreaNutritionists` for nutritionists. */
export function NutritionistHomePage() {
  const { profile } = useAuth();
  const name = profile?.DisplayName || profile?.Name;
  return (
    <Page
      title={name ? `Buon lavoro, ${name}!` : 'Area nutrizionista'}
      documentTitle="Area nutrizionista"
      description={`Il punto di partenza della tua giornata: appuntamenti e promemoria dei prossimi ${NUTRITIONIST_HOME_WINDOW_DAYS} giorni, chat con i pazienti e disponibilità.`}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <LinkCard
          to={paths.chat()}
          icon={<IconMessageCircle size={24} />}
          title="Chat con i pazienti"
          description="Conversazioni, file condivisi, nuove prenotazioni e promemoria per ogni paziente."
        />
        <LinkCard
          to={paths.account.profile()}
          icon={<IconUserCircle size={24} />}
          title="Il mio profilo"
          description="Nome visualizzato, cellulare e foto che vedono i pazienti."
        />
        <LinkCard
          to={paths.account.changePassword()}
          icon={<IconLock size={24} />}
          title="Sicurezza"
          description="Cambia la password del tuo account."
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="xl" mt="xl" component="section" aria-labelledby="nutritionist-rules">
        <Title order={2} fz="h3" id="nutritionist-rules" mb="sm">
          Promemoria sulle regole
        </Title>
        <List spacing="xs">
          <List.Item>
            I pazienti pagano almeno {PAYMENT_DEADLINE_DAYS} giorni prima; gli appuntamenti non pagati non
            sono confermati.
          </List.Item>
          <List.Item>
            La videochiamata si avvia dal giorno dell’appuntamento, solo per appuntamenti confermati.
          </List.Item>
          <List.Item>
            Completa ogni visita al termine, così il paziente può prenotare la successiva.
          </List.Item>
        </List>
      </Paper>
    </Page>
  );
}
