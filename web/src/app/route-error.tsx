/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new release). */
import { Component, type ReactNode } from 'react';
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { ButtonAnchor, LightButton } from '../ui/light-button';
import { usePageTitle } from '../ui/use-page-title';

function RouteError() {
  usePageTitle('Errore');
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Si è verificato un problema</Title>
        <Text size="lg" c="dimmed">
          Non siamo riusciti a mostrare la pagina. Ricaricala: se il problema continua, riprova tra qualche
          minuto.
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

/**
 * Catches a page that throws while rendering (or whose chunk fails to load) and shows RouteError in its
 * place; the header and footer stay. `resetKey` (the path) clears the error when the visitor moves on.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Page failed to render', error);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
