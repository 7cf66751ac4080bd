import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { SwrProvider } from '../api/swr';
import { AuthProvider } from '../features/auth';
import { cssVariablesResolver, theme } from '../theme';
import { NotificationsHost } from './notifications-host';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      <SwrProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </SwrProvider>
    </MantineProvider>
  );
}
