import type { ReactNode } from 'react';
import { Container, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import { useHead, type HeadInfo } from './head';

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Tab title when it differs from the heading. */
  documentTitle?: string;
  /** Meta description when `description` is not plain text or should differ from it. */
  metaDescription?: string;
  /** Open Graph image and type, canonical path, noindex (see ui/head.ts). */
  head?: Omit<HeadInfo, 'title' | 'description'>;
  size?: ContainerProps['size'];
  /** On the page container, for a page that lays itself out (e.g. fills the screen). */
  className?: string;
  children?: ReactNode;
}

/** A page: its one h1, an optional lead paragraph and the content, in the page container. */
export function Page({
  title,
  description,
  documentTitle,
  metaDescription,
  head,
  size = 'lg',
  className,
  children,
}: PageProps) {
  useHead({
    ...head,
    title: documentTitle ?? title,
    description: metaDescription ?? (typeof description === 'string' ? description : null),
  });
  return (
    <Container size={size} py={{ base: 'lg', md: 'xl' }} className={className}>
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
