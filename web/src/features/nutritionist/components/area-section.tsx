/** A titled section of the nutritionist's pages (its h2 names the region for assistive technology). */
import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import classes from './area-section.module.css';

export function AreaSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={`${id}-title`} id={id}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="h3" id={`${id}-title`}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </section>
  );
}
