/**
 * The patient home's booking blocks: the next 3 appointments (docs/product.md#api: home limit 3) with the way
 * to the agenda, and the completed visits still waiting for a review.
 */
import { Link } from 'react-router-dom';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import { useNextBookings } from '../api/patient-bookings';
import { useVisitsToReview } from '../api/visit-reviews';
import { appointmentText } from '../../bookings';
import { PatientBookingCard } from './patient-booking-card';

export function NextBookings() {
  const { data: bookings } = useNextBookings();
  // Nothing to show (or not loaded): the step card already says what to do next.
  if (!bookings?.length) return null;
  return (
    <section aria-labelledby="next-bookings">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="h3" id="next-bookings">
          I tuoi prossimi appuntamenti
        </Title>
        <Anchor component={Link} to={paths.patients.agenda()} fw={600} size="sm">
          Vedi tutti
        </Anchor>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {bookings.map((booking) => (
          <li key={booking.BookingId}>
            <PatientBookingCard booking={booking} />
          </li>
        ))}
      </Stack>
    </section>
  );
}

export function VisitsToReview() {
  const { data: visits } = useVisitsToReview();
  const visit = visits?.[0];
  if (!visit) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="to-review"
    >
      <Stack gap="xs" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconStar size={22} aria-hidden color="var(--mantine-color-apricot-7)" />
          <Title order={2} fz="h4" id="to-review">
            Com’è andata la visita?
          </Title>
        </Group>
        <Text>
          {visit.BookingType.Name} del {appointmentText(visit.BookingTime)} con{' '}
          {visit.Nutritionist.DisplayName}: racconta la tua esperienza, aiuterai altre persone a scegliere.
        </Text>
        <ButtonLink to={paths.patients.bookingReview(String(visit.BookingId))} variant="outline">
          Lascia una recensione
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
