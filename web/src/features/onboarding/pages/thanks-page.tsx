/**
 * /Grazie?submission_id=...: after the questionnaire. The visitor creates the account here: "Registrati
 * con Google" shows only where a Google client id is configured, and 'Registrati con la tua e-mail'
 * reveals the registration form, next to three reasons to go on.
 */
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button, Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift, IconMail, IconMessages, IconUserHeart } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import { Page } from '../../../ui/page';
import { usePublicConfig } from '../../../api/public-config';
import { GoogleRegistration } from '../components/google-registration';
import { RegistrationForm } from '../components/registration-form';
import { readRegistrationPrefill } from '../registration-prefill';
import classes from '../components/onboarding.module.css';

const BENEFITS = [
  {
    icon: IconGift,
    title: 'Primo incontro conoscitivo gratuito',
    text: 'Circa 20 minuti in videochiamata per conoscere il tuo nutrizionista, senza impegno.',
  },
  {
    icon: IconUserHeart,
    title: 'Un nutrizionista selezionato per te',
    text: 'Lo scegliamo in base alle tue risposte tra professionisti iscritti all’albo e verificati.',
  },
  {
    icon: IconMessages,
    title: 'Chat e videochiamate',
    text: 'Scrivi al tuo nutrizionista quando vuoi e fai le visite da casa, dal telefono o dal computer.',
  },
] as const;

function Benefits() {
  return (
    <ul className={classes.benefits} aria-label="Cosa ti aspetta">
      {BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className={classes.benefit}>
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <Icon size={22} />
          </ThemeIcon>
          <div>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </div>
        </li>
      ))}
    </ul>
  );
}

function MissingSubmission() {
  return (
    <Page
      title="Prima, il questionario"
      description="Per creare il tuo account ci servono le risposte al questionario: così scegliamo il nutrizionista giusto per te."
      size="sm"
    >
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Text>
            Questa pagina si apre dopo aver inviato il questionario. Se l’hai già compilato e hai aperto
            questa pagina da un link, compilalo di nuovo: bastano un paio di minuti.
          </Text>
          <ButtonLink to={paths.findNutritionist()} size="lg">
            Vai al questionario
          </ButtonLink>
        </Stack>
      </Paper>
    </Page>
  );
}

export function ThanksPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const submissionId = params.get('submission_id')?.trim() ?? '';
  const config = usePublicConfig();
  const [showForm, setShowForm] = useState(false);

  if (!submissionId) return <MissingSubmission />;
  const prefill = readRegistrationPrefill(location.state);

  return (
    <Page
      title="Grazie! Abbiamo ricevuto le tue risposte"
      description="Crea il tuo account: ti presentiamo il nutrizionista più adatto a te e fissi l’incontro conoscitivo gratuito."
      documentTitle="Grazie"
      head={{ noIndex: true }}
    >
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
          <Benefits />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
            <Stack gap="md">
              <Title order={2} fz="h3">
                Crea il tuo account
              </Title>
              {config.data?.GoogleClientId ? (
                <GoogleRegistration
                  clientId={config.data.GoogleClientId}
                  submissionId={submissionId}
                  supportWhatsAppUrl={config.data.SupportWhatsAppUrl}
                />
              ) : null}
              {showForm ? (
                <RegistrationForm
                  submissionId={submissionId}
                  prefill={prefill}
                  supportWhatsAppUrl={config.data?.SupportWhatsAppUrl}
                />
              ) : (
                <>
                  <Text c="dimmed">Ti servono solo nome, e-mail, cellulare e una password.</Text>
                  <Button
                    size="md"
                    fullWidth
                    leftSection={<IconMail size={20} aria-hidden />}
                    onClick={() => setShowForm(true)}
                  >
                    Registrati con la tua e-mail
                  </Button>
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
