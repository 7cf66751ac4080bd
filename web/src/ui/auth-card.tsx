import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title';

/** Narrow centred card for sign-in and password pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={480} py={{ base: 'lg', md: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" bg="white">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" mt={6}>
                {description}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
