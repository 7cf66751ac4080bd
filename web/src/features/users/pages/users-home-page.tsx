/** /Users (UserManager): users per role, new in the last 7 days and disabled, each linking to the list. */
import { Link } from 'react-router-dom';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABELS } from '@nutri/shared';
import { paths, withQuery } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { useUsersOverview } from '../api/users-api';

function Figure({ label, value, to, hint }: { label: string; value: number; to: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.1}>
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        <Anchor component={Link} to={to} size="sm">
          Vedi l’elenco
        </Anchor>
      </Stack>
    </Card>
  );
}

export function UsersHomePage() {
  const { data, error, mutate } = useUsersOverview();
  return (
    <Page
      title="Gestione utenti"
      description="Account e ruoli delle persone che usano Nutrì."
      head={{ noIndex: true }}
    >
      {error ? (
        <LoadError onRetry={() => mutate()} />
      ) : !data ? (
        <PageLoader />
      ) : (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Figure
              label="Nuovi utenti negli ultimi 7 giorni"
              value={data.NewThisWeek}
              to={paths.users.list()}
              hint={`Dal ${new Date(data.Since).toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' })}`}
            />
            <Figure
              label="Utenti disabilitati"
              value={data.Disabled}
              to={withQuery(paths.users.list(), { status: 'disabled' })}
            />
          </SimpleGrid>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Utenti per ruolo
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {data.PerRole.map((row) => (
                <Figure
                  key={row.Role}
                  label={ROLE_LABELS[row.Role]}
                  value={row.Count}
                  to={withQuery(paths.users.list(), { role: row.Role })}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
