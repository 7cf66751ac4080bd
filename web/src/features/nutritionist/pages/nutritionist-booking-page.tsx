/**
 * `/AreaNutritionists/Bookings/{BookingId}`: one of the nutritionist's bookings on its card, with every
 * action its state allows. Another nutritionist's booking is answered 404 by the server and reads here as
 * not found, exactly like a booking that does not exist.
 */
import { Link, useParams } from 'react-router-dom';
import { Anchor, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { useNutritionistBooking, BookingCard, bookingUiTexts } from '../../bookings';
import { PatientBillingProfiles } from '../../billing';
import { AreaNav } from '../components/area-nav';

function NotFound() {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          {bookingUiTexts.notFound}
        </Title>
        <Text>{bookingUiTexts.notFoundHint}</Text>
        <Button component={Link} to={paths.nutritionistArea.bookings()} variant="default">
          Vai ai tuoi appuntamenti
        </Button>
      </Stack>
    </Paper>
  );
}

export function NutritionistBookingPage() {
  const { bookingId = '' } = useParams();
  const valid = /^\d{1,15}$/.test(bookingId);
  const booking = useNutritionistBooking(valid ? bookingId : undefined);
  const notFound = !valid || isApiError(booking.error, 404) || isApiError(booking.error, 400);

  return (
    <Page title={valid ? `Appuntamento n. ${bookingId}` : bookingUiTexts.notFound}>
      <AreaNav />
      <Anchor component={Link} to={paths.nutritionistArea.bookings()} size="sm" mb="md" display="inline-flex">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Tutti gli appuntamenti
        </Group>
      </Anchor>
      {notFound ? (
        <NotFound />
      ) : booking.error ? (
        <LoadError onRetry={() => booking.mutate()} />
      ) : !booking.data ? (
        <Skeleton height={260} radius="lg" aria-busy="true" />
      ) : (
        <Stack gap="md" maw={760}>
          <BookingCard booking={booking.data} headingOrder={2} withDetailsLink={false} />
          <Card withBorder radius="md" padding="md" component="section" aria-label="Dati per la fattura">
            <Stack gap="xs">
              <Title order={2} fz="h5">
                Dati per la fattura
              </Title>
              <PatientBillingProfiles patientUserId={booking.data.PatientUserId} />
            </Stack>
          </Card>
          <Anchor component={Link} to={paths.nutritionistArea.patientBookings(booking.data.PatientUserId)}>
            Altri appuntamenti e promemoria di {booking.data.Patient.DisplayName || 'questo paziente'}
          </Anchor>
        </Stack>
      )}
    </Page>
  );
}
