/**
 * /VerifyEmail/{verificationToken}: the link of the confirmation mail. A progress bar fills while the
 * e-mail is confirmed and the session opened (instant-login exchange); then 'Email confermata
 * correttamente' with the set-password card, then home. An account already confirmed, a used link or
 * any failure show the 'account already exists' notice. Link previewers (WhatsApp) do not spend the
 * single-use token, and leaving the page while it works asks for confirmation.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { newPasswordSchema, type TokenResponse } from '@nutri/shared';
import { z } from 'zod';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { ACCOUNT_PROGRESS, errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ButtonLink } from '../../../ui/light-button';
import { showSuccessToast } from '../../../ui/notify';
import { usePageTitle } from '../../../ui/use-page-title';
import { exchangeInstantLoginToken, useAuth } from '../../auth';
import { usePublicConfig } from '../../../api/public-config';
import { setPatientPassword } from '../api/set-password';
import { verifyEmail } from '../api/verify-email';
import classes from '../components/onboarding.module.css';
import { SupportContact } from '../components/support-contact';
import { isLinkPreviewer } from '../link-preview';
import { nextProgress, verificationResult } from '../verification';

type Outcome = { kind: 'signedIn'; tokens: TokenResponse } | { kind: 'alreadyExists' } | { kind: 'preview' };

/**
 * One verification per token and page load, whatever React does with effects (StrictMode runs them
 * twice in development): the token is single-use, a second call would report it as used.
 */
const verifications = new Map<string, Promise<Outcome>>();

const verifyOnce = (token: string): Promise<Outcome> => {
  let pending = verifications.get(token);
  if (!pending) {
    pending = (async (): Promise<Outcome> => {
      try {
        const result = verificationResult(await verifyEmail(token));
        if (result.kind !== 'instantLogin') return result;
        return { kind: 'signedIn', tokens: await exchangeInstantLoginToken(result.token) };
      } catch {
        return { kind: 'alreadyExists' };
      }
    })();
    verifications.set(token, pending);
  }
  return pending;
};

const setPasswordFormSchema = z.strictObject({ Password: newPasswordSchema });

const CANNOT_SET_PASSWORD = 'Impossibile impostare la password';
const PASSWORD_HINT = 'La password deve contenere almeno 8 caratteri';

/** The page's card; its heading takes the focus when the state changes, so the change is announced. */
function StatusCard({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  usePageTitle(title);
  useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [title]);
  return (
    <Container size={520} py={{ base: 'lg', md: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" bg="white">
        <Stack gap="lg">
          <Title
            order={1}
            fz={{ base: 26, sm: 30 }}
            ref={heading}
            tabIndex={-1}
            className={classes.focusTarget}
          >
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function SetPasswordCard() {
  const navigate = useNavigate();
  const form = useZodForm(setPasswordFormSchema, { Password: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.onSubmit(async ({ Password }) => {
    setProblem(null);
    try {
      await setPatientPassword(Password);
      showSuccessToast('Password impostata: d’ora in poi accedi con questa.');
      void navigate(paths.home(), { replace: true });
    } catch (error) {
      if (isApiError(error, 400) && Object.keys(error.fieldErrors).length > 0) {
        form.setServerErrors(error.fieldErrors);
        return;
      }
      setProblem(
        isNetworkError(error)
          ? errorTexts.connectionProblem
          : ((isApiError(error) ? error.serverMessage : null) ?? CANNOT_SET_PASSWORD),
      );
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" bg="leaf.0" component="section" aria-labelledby="set-password">
      <form onSubmit={submit} noValidate aria-labelledby="set-password">
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4" id="set-password">
              Imposta la tua password
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              La userai con la tua e-mail per accedere: puoi reinserire quella scelta al momento della
              registrazione o sceglierne una nuova.
            </Text>
          </div>
          <PasswordInput
            label="Nuova password"
            description={PASSWORD_HINT}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Mostra la password' }}
            disabled={form.submitting}
            {...form.field('Password')}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {problem}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={form.submitting}>
            Salva la password
          </Button>
          <Anchor component={Link} to={paths.home()} size="sm" ta="center">
            Salta e vai alla tua area personale
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}

export function VerifyEmailPage() {
  const { verificationToken = '' } = useParams();
  const { signIn } = useAuth();
  const config = usePublicConfig();
  const [preview] = useState(() =>
    isLinkPreviewer(typeof navigator === 'undefined' ? '' : navigator.userAgent),
  );
  const [outcome, setOutcome] = useState<Outcome | null>(preview ? { kind: 'preview' } : null);
  const [progress, setProgress] = useState(0);
  const loading = outcome === null;

  useEffect(() => {
    if (preview) return;
    let current = true;
    void verifyOnce(verificationToken).then((result) => {
      if (!current) return;
      if (result.kind === 'signedIn') signIn(result.tokens, false);
      setProgress(100);
      setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [preview, verificationToken, signIn]);

  useEffect(() => {
    if (!loading) return;
    const timer = window.setInterval(() => setProgress(nextProgress), ACCOUNT_PROGRESS.everyMs);
    // Leaving now could lose the confirmation half-way: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('beforeunload', warn);
    };
  }, [loading]);

  if (outcome === null) {
    return (
      <StatusCard title="Conferma dell’e-mail">
        <Stack gap="xs">
          <Text fw={600}>Stiamo preparando il tuo account…</Text>
          <Progress
            value={progress}
            aria-label="Preparazione del tuo account"
            size="lg"
            radius="xl"
            animated
          />
          <Text size="sm" c="dimmed">
            Ci vuole solo qualche secondo: non chiudere questa pagina.
          </Text>
        </Stack>
      </StatusCard>
    );
  }

  if (outcome.kind === 'preview') {
    return (
      <StatusCard title="Conferma dell’e-mail">
        <Text>Apri questo link nel browser per confermare la tua e-mail e attivare l’account Nutrì.</Text>
      </StatusCard>
    );
  }

  if (outcome.kind === 'signedIn') {
    return (
      <StatusCard title="Email confermata correttamente">
        <Alert color="leaf" variant="light" icon={<IconCircleCheck aria-hidden />}>
          Il tuo account è attivo. Ultimo passo: la password per i prossimi accessi.
        </Alert>
        <SetPasswordCard />
      </StatusCard>
    );
  }

  return (
    <StatusCard title="Il tuo account esiste già">
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        Questo indirizzo e-mail è già registrato e confermato, oppure il link è già stato usato o è scaduto.
      </Alert>
      <Text>
        Accedi con la tua e-mail e la tua password. Se non la ricordi, puoi reimpostarla: ti mandiamo un link
        via e-mail.
      </Text>
      <Stack gap="sm">
        <ButtonLink to={paths.recoverPassword()} fullWidth>
          Recupera la password
        </ButtonLink>
        <ButtonLink to={paths.login()} variant="outline" fullWidth>
          Accedi
        </ButtonLink>
      </Stack>
      <Text size="sm">
        Serve aiuto? <SupportContact whatsAppUrl={config.data?.SupportWhatsAppUrl} />
      </Text>
    </StatusCard>
  );
}
