/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new release). */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { ButtonAnchor, LightButton } from '../ui/light-button';
import { usePageTitle } from '../ui/use-page-title';

export function RouteError() {
  const error = useRouteError();
  usePageTitle('Errore');
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Container size="sm" py={64} component="main">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Si è verificato un problema</Title>
        <Text size="lg" c="dimmed">
          {status === 404
            ? 'La pagina che cerchi non esiste.'
            : 'Non siamo riusciti a mostrare la pagina. Ricaricala: se il problema continua, riprova tra qualche minuto.'}
        </Text>
        <Group justify="center">
          <LightButton onClick={() => window.location.reload()}>Ricarica la pagina</LightButton>
          <ButtonAnchor href="/" variant="outline">
            Torna alla home
          </ButtonAnchor>
        </Group>
      </Stack>
    </Container>
  );
}
