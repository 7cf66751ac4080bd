/**
 * The frame of every /Admin/Dashboard view: the page heading, links to the six views, the filters, and the
 * view's state (loading, error, empty) around its chart and table.
 */
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import '@mantine/charts/styles.layer.css';
import { DASHBOARD_VIEWS } from '@nutri/shared';
import { LoadError } from '../../../../ui/load-error';
import { Page } from '../../../../ui/page';
import { ItalianDates } from '../../../../ui/italian-dates';

export const dashboardPath = (view: string) => `/Admin/Dashboard/${view}`;

export function DashboardViewLinks() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Viste della dashboard" gap="md" wrap="wrap">
      {DASHBOARD_VIEWS.map((view) => {
        const current = pathname === dashboardPath(view.path);
        return (
          <Anchor
            key={view.path}
            component={Link}
            to={dashboardPath(view.path)}
            aria-current={current ? 'page' : undefined}
            fw={current ? 700 : 400}
            underline={current ? 'always' : 'hover'}
          >
            {view.title}
          </Anchor>
        );
      })}
    </Group>
  );
}

export function DashboardPage({
  title,
  description,
  filters,
  state,
  empty,
  children,
}: {
  title: string;
  description: string;
  filters: ReactNode;
  state: { isLoading: boolean; error: unknown; reload: () => void };
  /** Nothing to show for these filters. */
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Page title={title} description={description} head={{ noIndex: true }} size="xl">
      <ItalianDates>
        <Stack gap="lg">
          <DashboardViewLinks />
          <Paper withBorder radius="md" p="md" component="section" aria-label="Filtri">
            {filters}
          </Paper>
          <section aria-label="Dati" aria-busy={state.isLoading}>
            {state.error ? (
              <LoadError onRetry={state.reload} />
            ) : state.isLoading ? (
              <Stack gap="sm">
                <Skeleton height={240} radius="md" />
                <Skeleton height={120} radius="md" />
              </Stack>
            ) : empty ? (
              <Text c="dimmed">Nessun dato nel periodo scelto.</Text>
            ) : (
              <Stack gap="lg">{children}</Stack>
            )}
          </section>
        </Stack>
      </ItalianDates>
    </Page>
  );
}
