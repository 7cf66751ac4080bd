import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';

interface LinkCardProps {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

/** A card that is one link: title as the link text, description below. */
export function LinkCard({ to, title, description, icon }: LinkCardProps) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      style={{ textDecoration: 'none' }}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} c="leaf.8">
              {title}
            </Text>
            <IconArrowRight size={16} aria-hidden color="var(--mantine-color-leaf-7)" />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
