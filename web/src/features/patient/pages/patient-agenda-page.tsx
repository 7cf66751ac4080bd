/**
 * `/Patients/Agenda`: the patient's upcoming appointments (docs/product.md#api: from today, BOOKED, COMPLETE
 * and WAITINGFORPAYMENT, soonest first, 10 per page), each linking to its page, and how appointments work.
 */
import { Link } from 'react-router-dom';
import { Anchor, Button, Center, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_DEADLINE_DAYS, FREE_CHANGE_DEADLINE_DAYS } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { useAgenda } from '../api/patient-bookings';
import { PatientBookingCard } from '../components/patient-booking-card';

function Agenda() {
  const agenda = useAgenda();
  if (agenda.error && agenda.bookings.length === 0) return <LoadError onRetry={agenda.reload} />;
  if (agenda.isLoading) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Caricamento degli appuntamenti">
        <Skeleton height={112} radius="lg" />
        <Skeleton height={112} radius="lg" />
      </Stack>
    );
  }
  if (agenda.bookings.length === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="h3">
            Nessun appuntamento in programma
          </Title>
          <Text>
            L’incontro conoscitivo gratuito si prenota dalla tua area personale; per le visite puoi anche
            scrivere al tuo nutrizionista.
          </Text>
          <ButtonLink to={paths.patients.home()} color="apricot">
            Vai alla tua area
          </ButtonLink>
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      <Stack
        component="ul"
        aria-label="Appuntamenti in programma"
        gap="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {agenda.bookings.map((booking) => (
          <li key={booking.BookingId}>
            <PatientBookingCard booking={booking} headingOrder={2} />
          </li>
        ))}
      </Stack>
      {agenda.hasMore ? (
        <Center mt="lg">
          <Button variant="default" onClick={() => void agenda.loadMore()} loading={agenda.isLoadingMore}>
            Mostra altri appuntamenti
          </Button>
        </Center>
      ) : null}
    </>
  );
}

export function PatientAgendaPage() {
  return (
    <Page
      title="I tuoi appuntamenti"
      documentTitle="Agenda"
      description="Gli appuntamenti in programma con il tuo nutrizionista: stato, pagamento e videochiamata."
      size="md"
    >
      <Stack gap="xl">
        <Agenda />
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="how">
          <Title order={2} fz="h3" mb="sm" id="how">
            Come funzionano gli appuntamenti
          </Title>
          <List spacing="xs">
            <List.Item>
              Le visite si pagano con carta almeno {PAYMENT_DEADLINE_DAYS} giorni prima: senza pagamento
              l’appuntamento non è confermato.
            </List.Item>
            <List.Item>
              Puoi spostare o annullare gratuitamente fino a {FREE_CHANGE_DEADLINE_DAYS} giorni prima; dopo,
              la visita viene considerata effettuata.
            </List.Item>
            <List.Item>
              Il giorno della visita trovi nella pagina dell’appuntamento la videochiamata.
            </List.Item>
          </List>
          <Text mt="md">
            Vuoi fissare o spostare una visita?{' '}
            <Anchor component={Link} to={paths.chat()} fw={600}>
              Scrivi al tuo nutrizionista
            </Anchor>
            .
          </Text>
        </Paper>
      </Stack>
    </Page>
  );
}
