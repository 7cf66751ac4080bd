import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { SwrProvider } from '../api/swr';
import { AuthProvider } from '../features/auth';
import { cssVariablesResolver, theme } from '../theme';
import { NotificationsHost } from './notifications-host';
import { appRoutes } from './router';

/** Everything around the router: the same in the browser and in the prerenderer (src/prerender). */
export function AppProviders({
  children,
  prerenderedData,
}: {
  children: ReactNode;
  /** The data of the prerendered page being taken over, by SWR key. */
  prerenderedData?: Record<string, unknown>;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      <SwrProvider fallback={prerenderedData}>
        <AuthProvider>{children}</AuthProvider>
      </SwrProvider>
    </MantineProvider>
  );
}

export function App({ prerenderedData }: { prerenderedData?: Record<string, unknown> }) {
  return (
    <AppProviders prerenderedData={prerenderedData}>
      <BrowserRouter>{appRoutes}</BrowserRouter>
    </AppProviders>
  );
}
