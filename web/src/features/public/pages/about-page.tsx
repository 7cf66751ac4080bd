import { List, Text, Title } from '@mantine/core';
import { Page } from '../../../ui/page';
import { QuestionnaireCta } from './cta-card';

export function AboutPage() {
  return (
    <Page
      title="Chi siamo"
      description="Nutrì nasce per rendere semplice e accessibile l’incontro con un nutrizionista qualificato, ovunque tu sia."
      size="md"
    >
      <Text>
        Crediamo che mangiare bene non significhi seguire una dieta standard, ma costruire abitudini che
        stanno bene a te. Per questo abbiniamo ogni persona al professionista più adatto, in base a obiettivi,
        stile di vita e preferenze.
      </Text>
      <Title order={2} fz="h3" mt="xl" mb="sm">
        In cosa crediamo
      </Title>
      <List spacing="xs">
        <List.Item>Professionisti selezionati per formazione, esperienza e valori.</List.Item>
        <List.Item>
          Trasparenza: prezzo fisso, incontro conoscitivo gratuito, regole chiare su pagamenti e
          cancellazioni.
        </List.Item>
        <List.Item>
          Riservatezza: i tuoi dati sulla salute restano privati e accessibili solo a chi ti segue.
        </List.Item>
        <List.Item>
          Continuità: la chat ti tiene in contatto con il tuo nutrizionista anche tra una visita e l’altra.
        </List.Item>
      </List>
      <QuestionnaireCta title="Inizia il tuo percorso" />
    </Page>
  );
}
