/**
 * A table that scrolls sideways on a narrow screen: its container is focusable and named, so a keyboard
 * user can scroll it and a screen reader announces it (axe: scrollable-region-focusable).
 */
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export function ScrollableTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
