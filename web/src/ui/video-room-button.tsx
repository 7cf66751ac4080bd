/**
 * The way into a booking's video room (docs/product.md#video-room): shown only for a BOOKED booking dated today on
 * the Rome calendar (the same rule the server applies), for the patient and for the nutritionist. Here and
 * not in the video feature: the booking cards show it, and the video feature uses the chat, which uses the
 * bookings (a feature cycle otherwise).
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { showsVideoRoomLink, type BookingStatusId } from '@nutri/shared';
import { paths } from '../paths';

export const videoRoomPath = (role: 'Patient' | 'Nutritionist', bookingId: number) =>
  role === 'Patient'
    ? paths.patients.bookingVideoRoom(String(bookingId))
    : paths.nutritionistArea.videoRoom(String(bookingId));

export function VideoRoomButton({
  booking,
  role,
  now = new Date(),
  label = 'Videochiamata',
  ...buttonProps
}: {
  booking: { BookingId: number; BookingStatusId: BookingStatusId; BookingTime: string };
  role: 'Patient' | 'Nutritionist';
  now?: Date;
  label?: string;
} & Omit<ButtonProps, 'children'>) {
  if (!showsVideoRoomLink(booking, now)) return null;
  return (
    <Button
      component={Link}
      to={videoRoomPath(role, booking.BookingId)}
      leftSection={<IconVideo size={18} aria-hidden />}
      {...buttonProps}
    >
      {label}
    </Button>
  );
}
