/** A list of booking cards with its loading, error and empty states and, for paged lists, "load more". */
import {
  Button,
  Center,
  SimpleGrid,
  Skeleton,
  Text,
  type SimpleGridProps,
  type TitleOrder,
} from '@mantine/core';
import type { BookingView } from '@nutri/shared';
import { LoadError } from '../../../ui/load-error';
import { BookingCard } from './booking-card';

export function BookingList({
  bookings,
  isLoading,
  error,
  onRetry,
  emptyText,
  headingOrder = 3,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
  label,
  columns = { base: 1, md: 2 },
}: {
  bookings: BookingView[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => unknown;
  emptyText: string;
  headingOrder?: TitleOrder;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => unknown;
  /** Accessible name of the list. */
  label: string;
  /** Cards per row by breakpoint (two on wide pages, one in a page's main column). */
  columns?: SimpleGridProps['cols'];
}) {
  if (error && !bookings?.length) return <LoadError onRetry={onRetry} />;
  if (isLoading || bookings === undefined) {
    return (
      <SimpleGrid cols={columns} spacing="md" aria-busy="true">
        <Skeleton height={220} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </SimpleGrid>
    );
  }
  if (bookings.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <>
      <SimpleGrid
        component="ul"
        aria-label={label}
        cols={columns}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {bookings.map((booking) => (
          <li key={booking.BookingId}>
            <BookingCard booking={booking} headingOrder={headingOrder} />
          </li>
        ))}
      </SimpleGrid>
      {hasMore && onLoadMore ? (
        <Center mt="lg">
          <Button variant="default" onClick={() => void onLoadMore()} loading={isLoadingMore}>
            Carica altri appuntamenti
          </Button>
        </Center>
      ) : null}
    </>
  );
}
