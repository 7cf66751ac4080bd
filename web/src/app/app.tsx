import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { SwrProvider } from '../api/swr';
import { AuthProvider } from '../features/auth/auth-context';
import { DATES_SETTINGS } from '../lib/dates';
import { cssVariablesResolver, theme } from '../theme';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={DATES_SETTINGS}>
        <Notifications position="top-right" limit={4} />
        <SwrProvider>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </SwrProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
