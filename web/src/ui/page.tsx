import type { ReactNode } from 'react';
import { Container, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import { usePageTitle } from './use-page-title';

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Tab title when it differs from the heading. */
  documentTitle?: string;
  size?: ContainerProps['size'];
  children?: ReactNode;
}

/** A page: its one h1, an optional lead paragraph and the content, in the page container. */
export function Page({ title, description, documentTitle, size = 'lg', children }: PageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Container size={size} py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={{ base: 28, md: 36 }}>
          {title}
        </Title>
        {description ? (
          <Text size="lg" c="dimmed" maw={720}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Container>
  );
}
