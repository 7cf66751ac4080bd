/** The status chip of a booking: the spec's status, a colour per status, dark text for contrast. */
import { Badge } from '@mantine/core';
import { BOOKING_STATUS_LABELS, type BookingStatusId } from '@nutri/shared';

const STATUS_COLORS: Record<BookingStatusId, string> = {
  1: 'leaf',
  2: 'blue',
  3: 'gray',
  4: 'apricot',
  5: 'red',
};

export function BookingStatusBadge({ statusId }: { statusId: BookingStatusId }) {
  const color = STATUS_COLORS[statusId];
  return (
    <Badge
      variant="light"
      color={color}
      // Light badges draw their text in shade 6, too pale on a tinted background for WCAG AA.
      c={`${color}.9`}
      radius="sm"
      size="md"
      style={{ textTransform: 'none' }}
    >
      {BOOKING_STATUS_LABELS[statusId]}
    </Badge>
  );
}
