import { Link } from 'react-router-dom';
import { Anchor, Paper, Stepper, Text, Title } from '@mantine/core';
import { DURATION_MINUTES, PAID_VISIT_PRICE_CENTS } from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';

export function FindNutritionistPage() {
  return (
    <Page
      title="Trova il tuo nutrizionista"
      description="Rispondi ad alcune domande su obiettivi, abitudini e preferenze: ti presentiamo il professionista più adatto a te."
      size="md"
    >
      <Paper withBorder radius="lg" p={{ base: 'lg', md: 'xl' }}>
        <Title order={2} fz="h3" mb="lg">
          Cosa succede dopo il questionario
        </Title>
        <Stepper active={-1} orientation="vertical" size="sm" allowNextStepsSelect={false}>
          <Stepper.Step
            label="Abbinamento"
            description="Scegliamo il nutrizionista più adatto e ti avvisiamo via e-mail."
          />
          <Stepper.Step label="Registrazione" description="Crei il tuo account con e-mail e password." />
          <Stepper.Step
            label="Incontro conoscitivo gratuito"
            description="Circa 20 minuti in videochiamata per conoscervi."
          />
          <Stepper.Step
            label="Visite"
            description={`Visite da ${DURATION_MINUTES.NORMAL} minuti a ${formatEuro(PAID_VISIT_PRICE_CENTS)}, con chat tra una visita e l’altra.`}
          />
        </Stepper>
      </Paper>
      <Text mt="lg" size="sm" c="dimmed">
        Hai già un account?{' '}
        <Anchor component={Link} to={paths.login()}>
          Accedi
        </Anchor>
        . Il servizio non è adatto a condizioni che richiedono una dietoterapia medica.
      </Text>
    </Page>
  );
}
