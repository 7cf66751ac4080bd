/** What every operations list shows around its rows: loading, a load error, the empty text, "Mostra altri". */
import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { LoadError } from '../../../../ui/load-error';
import { PageLoader } from '../../../../ui/page-loader';

interface PagedListProps {
  list: {
    error: unknown;
    isLoading: boolean;
    isLoadingMore: boolean;
    hasMore: boolean;
    loadMore: () => unknown;
    reload: () => unknown;
  };
  count: number;
  empty: string;
  children: ReactNode;
}

export function PagedList({ list, count, empty, children }: PagedListProps) {
  if (list.error) return <LoadError onRetry={() => void list.reload()} />;
  if (list.isLoading) return <PageLoader />;
  if (count === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Text>{empty}</Text>
      </Paper>
    );
  return (
    <>
      {children}
      {list.hasMore ? (
        <Group justify="center" mt="md">
          <Button variant="default" loading={list.isLoadingMore} onClick={() => void list.loadMore()}>
            Mostra altri
          </Button>
        </Group>
      ) : null}
    </>
  );
}
