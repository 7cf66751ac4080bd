/** Pieces the booking pages share: the way back to the agenda and the not-found answer. */
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { bookingUiTexts } from '../../bookings';

/** Booking ids are numbers: anything else is not found without asking the server. */
export const isBookingId = (value: string) => /^\d{1,15}$/.test(value);

export function BackToAgenda({ to = paths.patients.agenda(), label = 'I tuoi appuntamenti' }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="md" display="inline-flex">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** Someone else's booking reads exactly like a missing one (the server answers 404 for both). */
export function BookingNotFound() {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          {bookingUiTexts.notFound}
        </Title>
        <Text>L’appuntamento non esiste oppure non è tra i tuoi.</Text>
        <Button component={Link} to={paths.patients.agenda()} variant="default">
          Vai ai tuoi appuntamenti
        </Button>
      </Stack>
    </Paper>
  );
}
