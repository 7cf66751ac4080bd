/** Legal pages of the Google Calendar integration (docs/product.md#overview: only for partner nutritionists). */
import { List, Stack, Text, Title } from '@mantine/core';
import { Page } from '../../../ui/page';

export function PrivacyGoogleCalendarPage() {
  return (
    <Page
      title="Privacy – integrazione con Google Calendar"
      documentTitle="Privacy Google Calendar"
      size="md"
    >
      <Stack gap="md">
        <Text>
          L’integrazione con Google Calendar è riservata ai nutrizionisti partner di Nutrì che scelgono di
          collegare il proprio calendario. Questa informativa descrive come usiamo i dati a cui ci dai
          accesso.
        </Text>
        <Title order={2} fz="h3">
          Quali dati leggiamo e perché
        </Title>
        <List spacing="xs">
          <List.Item>
            Leggiamo gli eventi del calendario solo al momento, per bloccare gli orari in cui non sei
            disponibile.
          </List.Item>
          <List.Item>
            Usiamo queste informazioni per evitare doppie prenotazioni e mantenere sincronizzati gli
            appuntamenti.
          </List.Item>
          <List.Item>
            Non salviamo gli eventi del tuo calendario e non li condividiamo con i pazienti o con terzi.
          </List.Item>
        </List>
        <Title order={2} fz="h3">
          Revoca dell’accesso
        </Title>
        <Text>
          Puoi revocare l’accesso in qualsiasi momento dalle impostazioni di sicurezza del tuo account Google:
          da quel momento Nutrì non potrà più leggere il tuo calendario.
        </Text>
      </Stack>
    </Page>
  );
}

export function TermsGoogleCalendarPage() {
  return (
    <Page
      title="Termini e condizioni – integrazione con Google Calendar"
      documentTitle="Termini e condizioni Google Calendar"
      size="md"
    >
      <Stack gap="md">
        <Text>
          Collegando Google Calendar al tuo profilo di nutrizionista partner accetti che Nutrì legga i tuoi
          eventi per calcolare le disponibilità mostrate ai pazienti.
        </Text>
        <List spacing="xs">
          <List.Item>L’integrazione è facoltativa e disponibile solo per i nutrizionisti partner.</List.Item>
          <List.Item>Gli eventi sono letti in tempo reale e non vengono memorizzati.</List.Item>
          <List.Item>Le disponibilità vengono bloccate per prevenire prenotazioni sovrapposte.</List.Item>
          <List.Item>
            Puoi scollegare il calendario quando vuoi revocando l’accesso dal tuo account Google.
          </List.Item>
        </List>
      </Stack>
    </Page>
  );
}
