import { Link } from 'react-router-dom';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { IconHelpCircle, IconMessageCircle, IconUsers } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { LinkCard } from '../../../ui/link-card';
import { Page } from '../../../ui/page';

export function ContactPage() {
  return (
    <Page
      title="Contatti"
      description="Siamo qui per aiutarti. Scegli il modo più rapido per avere una risposta."
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <LinkCard
          to={paths.faq()}
          icon={<IconHelpCircle size={24} />}
          title="Domande frequenti"
          description="Prezzi, pagamenti, fatture, appuntamenti e assistenza tecnica: le risposte più richieste."
        />
        <LinkCard
          to={paths.chat()}
          icon={<IconMessageCircle size={24} />}
          title="Scrivi al tuo nutrizionista"
          description="Se sei già seguito, usa la chat della tua area personale: ti risponde entro poche ore."
        />
        <LinkCard
          to={paths.joinTeam()}
          icon={<IconUsers size={24} />}
          title="Sei un professionista?"
          description="Scopri come entrare nel team di nutrizionisti Nutrì."
        />
      </SimpleGrid>
      <Text mt="xl" maw={720}>
        Per richieste sul tuo account, come la cancellazione o il cambio di nutrizionista dopo la prima
        visita, scrivi all’assistenza indicando l’e-mail con cui sei registrato. Se non riesci ad accedere,
        prova prima a{' '}
        <Anchor component={Link} to={paths.recoverPassword()}>
          recuperare la password
        </Anchor>
        .
      </Text>
    </Page>
  );
}
