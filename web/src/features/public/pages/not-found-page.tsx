import { Link } from 'react-router-dom';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { usePageTitle } from '../../../ui/use-page-title';

export function NotFoundPage() {
  usePageTitle(errorTexts.notFoundPage);
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={96} fw={800} c="leaf.6" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{errorTexts.notFoundPage}</Title>
        <Text size="lg" c="dimmed">
          La pagina che cerchi non esiste o è stata spostata. Controlla l’indirizzo oppure riparti da qui.
        </Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to={paths.home()} size="md">
            Torna alla home
          </Button>
          <Button component={Link} to={paths.findNutritionist()} size="md" variant="outline">
            Trova il tuo nutrizionista
          </Button>
        </Group>
        <Text size="sm" mt="md">
          Ti serve aiuto? Leggi le{' '}
          <Anchor component={Link} to={paths.faq()}>
            domande frequenti
          </Anchor>{' '}
          o{' '}
          <Anchor component={Link} to={paths.contact()}>
            contattaci
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
