/**
 * A booking in the patient's agenda and on the home: date block, type, time, nutritionist, status and,
 * while it awaits payment, the deadline. The whole card links to the booking's page; on the day of a
 * confirmed visit the way into the video call sits right under it (a link cannot hold another link).
 */
import { Link } from 'react-router-dom';
import { Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { BookingStatus, showsVideoRoomLink, type BookingView } from '@nutri/shared';
import { paths } from '../../../paths';
import { bookingDateClasses as dateClasses, bookingDateParts, BookingStatusBadge } from '../../bookings';
import { VideoRoomButton } from '../../../ui/video-room-button';
import { paymentDeadlineText } from '../booking-rules';
import classes from './patient-booking.module.css';

export function PatientBookingCard({
  booking,
  headingOrder = 3,
}: {
  booking: BookingView;
  headingOrder?: TitleOrder;
}) {
  const when = bookingDateParts(booking.BookingTime, booking.Duration);
  const card = (
    <Paper
      component={Link}
      to={paths.patients.booking(String(booking.BookingId))}
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
    >
      <Group gap="md" wrap="nowrap" align="stretch">
        <div
          className={dateClasses.dateBlock}
          data-status={booking.BookingStatusId}
          data-size="compact"
          aria-hidden="true"
        >
          <span className={dateClasses.weekday}>{when.weekday}</span>
          <span className={dateClasses.day}>{when.day}</span>
          <span className={dateClasses.month}>{when.month}</span>
        </div>
        <div className={classes.body}>
          <Title order={headingOrder} fz="lg">
            {booking.BookingType.Name}
          </Title>
          <Text fw={600}>
            {when.long}, {when.start}–{when.end}
          </Text>
          <Text size="sm" c="dimmed">
            con {booking.Nutritionist.DisplayName}
          </Text>
          <Group gap="xs" mt={6}>
            <BookingStatusBadge statusId={booking.BookingStatusId} />
            {booking.BookingStatusId === BookingStatus.WAITINGFORPAYMENT ? (
              <Text size="sm" c="apricot.9" fw={600}>
                {paymentDeadlineText(booking.BookingTime)}
              </Text>
            ) : null}
          </Group>
        </div>
      </Group>
    </Paper>
  );
  return showsVideoRoomLink(booking, new Date()) ? (
    <Stack gap={6}>
      {card}
      <VideoRoomButton
        booking={booking}
        role="Patient"
        label={`Entra nella videochiamata delle ${when.start}`}
        fullWidth
        size="md"
      />
    </Stack>
  ) : (
    card
  );
}
