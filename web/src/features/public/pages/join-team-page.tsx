import { Link } from 'react-router-dom';
import { Anchor, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { NUTRITIONIST_MIN_EXPERIENCE_YEARS } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';

export function JoinTeamPage() {
  return (
    <Page
      title="Entra nel team"
      description="Sei un nutrizionista e vuoi seguire pazienti online? Ti portiamo persone già abbinate al tuo profilo e strumenti per lavorare senza pensieri."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} fz="h3" mb="sm">
            Chi cerchiamo
          </Title>
          <List spacing="xs">
            <List.Item>Dietisti, biologi con master in nutrizione o medici dietologi.</List.Item>
            <List.Item>
              Almeno {NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di esperienza in libera professione.
            </List.Item>
            <List.Item>Iscrizione all’albo professionale e assicurazione professionale.</List.Item>
            <List.Item>Un approccio basato sull’ascolto e su obiettivi sostenibili.</List.Item>
          </List>
        </Card>
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} fz="h3" mb="sm">
            Cosa offriamo
          </Title>
          <List spacing="xs">
            <List.Item>Pazienti abbinati alle tue specializzazioni dal nostro algoritmo.</List.Item>
            <List.Item>Agenda e disponibilità online, collegabili al tuo Google Calendar.</List.Item>
            <List.Item>Videochiamate e chat con i pazienti direttamente dalla piattaforma.</List.Item>
            <List.Item>Pagamenti con carta gestiti da noi, promemoria e fatturazione semplificata.</List.Item>
          </List>
        </Card>
      </SimpleGrid>
      <Text mt="xl" maw={720}>
        Vuoi candidarti o saperne di più? Scrivici dalla pagina{' '}
        <Anchor component={Link} to={paths.contact()}>
          Contatti
        </Anchor>{' '}
        raccontandoci formazione, esperienza e aree di specializzazione: ti ricontattiamo noi.
      </Text>
    </Page>
  );
}
