/**
 * `/` and `/Patients` for patients: the onboarding step as the page's main card with its next action,
 * the assigned nutritionist (with the one change allowed at steps 1-2), the privacy notices still to
 * accept, then the usual links and rules. Where the step is to book a visit (the free introduction at
 * step 1, the next paid visit at steps 6 and 9) the slot chooser is part of the step card; the next 3
 * appointments and a completed visit to review follow it.
 */
import { Grid, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMessageCircle, IconReceipt, IconUserCircle } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-error';
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
} from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import { LinkCard } from '../../../ui/link-card';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { PhoneRequestCard } from '../../account';
import { useAuth } from '../../auth';
import {
  canChangeNutritionist,
  MyNutritionistCard,
  OnboardingStepCard,
  PrivacyCard,
  useOnboardingStep,
  usePatientHomeProfile,
  usePatientNutritionist,
} from '../../onboarding';
import { NextBookings, VisitsToReview } from '../components/home-bookings';
import { IntroVisitBooking, PAID_VISIT_BOOKING_STEPS, PaidVisitBooking } from '../components/visit-booking';

/** A patient account without the questionnaire behind it (created by hand): the journey starts there. */
function StartWithQuestionnaire() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="start">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3" id="start">
          Il tuo percorso inizia dal questionario
        </Title>
        <Text>Rispondi a qualche domanda: scegliamo per te il nutrizionista più adatto.</Text>
        <ButtonLink to={paths.findNutritionist()} size="lg" color="apricot">
          Trova il tuo nutrizionista
        </ButtonLink>
      </Stack>
    </Paper>
  );
}

function NutritionistSection({ step }: { step: number }) {
  const profile = usePatientHomeProfile();
  // Step 0: nobody assigned yet (the API answers 404), nothing to load.
  const nutritionist = usePatientNutritionist(step > 0);
  if (step === 0) return null;
  if (nutritionist.error) {
    return isApiError(nutritionist.error, 404) ? null : <LoadError onRetry={() => nutritionist.mutate()} />;
  }
  if (!nutritionist.data) return <Skeleton height={220} radius="lg" />;
  const assigned = nutritionist.data.Nutritionist;
  if (!assigned) return null;
  const mayChange = profile.data ? canChangeNutritionist(profile.data) : false;
  return (
    <MyNutritionistCard
      nutritionist={assigned}
      matchingSkills={nutritionist.data.MatchingSkills}
      alternatives={mayChange ? nutritionist.data.MatchingNutritionists : []}
    />
  );
}

function Onboarding() {
  const step = useOnboardingStep();
  const profile = usePatientHomeProfile();

  // 403: this patient account has no onboarding profile (it did not come from the questionnaire).
  if (isApiError(step.error, 403)) return <StartWithQuestionnaire />;
  if (step.error) return <LoadError onRetry={() => step.mutate()} />;
  if (step.data === undefined) {
    return (
      <Grid gap="lg" aria-busy="true">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={200} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={200} radius="lg" />
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <OnboardingStepCard step={step.data}>
            {step.data === 1 ? (
              <IntroVisitBooking />
            ) : PAID_VISIT_BOOKING_STEPS.includes(step.data) ? (
              <PaidVisitBooking />
            ) : null}
          </OnboardingStepCard>
          <NextBookings />
          <VisitsToReview />
          {profile.data && !profile.data.PrivacyContractSigned ? (
            <PrivacyCard updated={profile.data.PrivacyContractsUpdated} />
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <NutritionistSection step={step.data} />
      </Grid.Col>
    </Grid>
  );
}

export function PatientHomePage() {
  const { profile } = useAuth();
  const name = profile?.DisplayName || profile?.Name;
  return (
    <Page
      title={name ? `Ciao, ${name}!` : 'La tua area personale'}
      documentTitle="Area paziente"
      description="Da qui segui il tuo percorso: il prossimo passo, il tuo nutrizionista, la chat e gli appuntamenti."
    >
      <Stack gap="xl">
        <Onboarding />
        <PhoneRequestCard profile={profile} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <LinkCard
            to={paths.patients.agenda()}
            icon={<IconCalendarEvent size={24} />}
            title="I tuoi appuntamenti"
            description="Incontro conoscitivo, visite in programma, pagamenti e videochiamate."
          />
          <LinkCard
            to={paths.chat()}
            icon={<IconMessageCircle size={24} />}
            title="Chat con il nutrizionista"
            description="Scrivi quando vuoi: ti risponde entro poche ore e ricevi una notifica via e-mail."
          />
          <LinkCard
            to={paths.patients.invoices()}
            icon={<IconReceipt size={24} />}
            title="Le tue fatture"
            description="Le fatture delle visite pagate, da scaricare in PDF."
          />
          <LinkCard
            to={paths.account.profile()}
            icon={<IconUserCircle size={24} />}
            title="Il mio profilo"
            description="Nome, numero di cellulare e foto del profilo."
          />
        </SimpleGrid>
        <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="patient-rules">
          <Title order={2} fz="h3" id="patient-rules" mb="sm">
            Da ricordare
          </Title>
          <List spacing="xs">
            <List.Item>
              L’incontro conoscitivo è gratuito; le visite durano {DURATION_MINUTES.NORMAL} minuti e costano{' '}
              {formatEuro(PAID_VISIT_PRICE_CENTS)}.
            </List.Item>
            <List.Item>
              Paga la visita almeno {PAYMENT_DEADLINE_DAYS} giorni prima: senza pagamento l’appuntamento non è
              confermato.
            </List.Item>
            <List.Item>
              Puoi spostare o annullare gratuitamente fino a {FREE_CHANGE_DEADLINE_DAYS} giorni prima; dopo,
              la visita viene considerata effettuata.
            </List.Item>
          </List>
        </Paper>
      </Stack>
    </Page>
  );
}
