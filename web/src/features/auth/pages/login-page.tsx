/**
 * /Login (docs/product.md#screens): username or e-mail and password, remember me, and "Accedi con Google" where a
 * Google client id is configured. A Google account without a Nutrì profile opens the dialog that leads to
 * the questionnaire (docs/product.md#errors); a closed Google popup changes nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { loginRequestSchema } from '@nutri/shared';
import { REDIRECT_AFTER_LOGIN_MS, accountTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { isApiError } from '../../../api/api-error';
import { AuthCard } from '../../../ui/auth-card';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { usePublicConfig } from '../../../api/public-config';
import { GOOGLE_USER_NOT_FOUND_CODE, googleSignIn } from '../api/google-sign-in';
import { login } from '../api/login';
import { useAuth } from '../auth-context';
import { GoogleSignInButton } from '../google/google-sign-in-button';
import { NoGoogleAccountDialog } from '../google/no-google-account-dialog';
import { googleSignInErrorMessage, loginErrorMessage } from '../login-error';
import { sanitizeReturnUrl } from '../return-url';

export function LoginPage() {
  const [params] = useSearchParams();
  const returnUrl = sanitizeReturnUrl(params.get('ReturnUrl'));
  const invalidAccessToken = params.get('InvalidAccessToken')?.toLowerCase() === 'true';
  const reason = params.get('reason');
  const notInRole = reason === 'NotInRole' || reason === 'NotInAnyRole';
  const notAuthenticated = reason === 'NotAuthenticated';

  const navigate = useNavigate();
  const { signIn, isSignedIn, profile } = useAuth();
  const form = useZodForm(loginRequestSchema, { email: '', password: '', rememberMe: false });
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const googleClientId = usePublicConfig().data?.GoogleClientId;
  const [googleBusy, setGoogleBusy] = useState(false);
  const [noGoogleAccount, setNoGoogleAccount] = useState(false);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const completeSignIn = useCallback(
    (tokens: Parameters<typeof signIn>[0], remember: boolean) => {
      signIn(tokens, remember);
      setSignedIn(true);
      redirectTimer.current = window.setTimeout(
        () => void navigate(returnUrl, { replace: true }),
        REDIRECT_AFTER_LOGIN_MS,
      );
    },
    [signIn, navigate, returnUrl],
  );

  const submit = form.onSubmit(async (data) => {
    setError(null);
    try {
      completeSignIn(await login(data), data.rememberMe);
    } catch (caught) {
      setError(loginErrorMessage(caught));
    }
  });

  const signInWithGoogle = async (idToken: string) => {
    setError(null);
    setGoogleBusy(true);
    try {
      completeSignIn(await googleSignIn(idToken), form.values.rememberMe ?? false);
    } catch (caught) {
      if (isApiError(caught) && caught.code === GOOGLE_USER_NOT_FOUND_CODE) setNoGoogleAccount(true);
      else setError(googleSignInErrorMessage(caught));
    } finally {
      setGoogleBusy(false);
    }
  };

  return (
    <AuthCard
      title="Accedi"
      description="Entra nella tua area personale per chattare, prenotare e gestire le visite."
    >
      {invalidAccessToken ? (
        <Alert
          color="apricot"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Link non più valido"
        >
          {accountTexts.expiredLink} Accedi con le tue credenziali oppure{' '}
          <Anchor component={Link} to={paths.recoverPassword()} fw={600}>
            recupera la password
          </Anchor>{' '}
          per riceverne uno nuovo.
        </Alert>
      ) : null}
      {notInRole ? (
        <Alert color="blue" variant="light" icon={<IconLock aria-hidden />} title="Accesso non consentito">
          {accountTexts.notInRole} Accedi con un account che abbia i permessi necessari.
        </Alert>
      ) : null}
      {notAuthenticated && !isSignedIn ? (
        <Alert color="leaf" variant="light" icon={<IconInfoCircle aria-hidden />}>
          Per vedere la pagina richiesta accedi con il tuo account.
        </Alert>
      ) : null}
      {isSignedIn && !notInRole && !signedIn ? (
        <Alert color="leaf" variant="light" icon={<IconInfoCircle aria-hidden />}>
          Hai già effettuato l’accesso
          {profile ? ` come ${profile.DisplayName || profile.AspNetUser.UserName}` : ''}.{' '}
          <Anchor component={Link} to={paths.home()} fw={600}>
            Vai alla tua home
          </Anchor>
        </Alert>
      ) : null}

      {googleClientId ? (
        <GoogleSignInButton
          clientId={googleClientId}
          text="signin_with"
          context="signin"
          busy={googleBusy || signedIn}
          onCredential={(idToken) => void signInWithGoogle(idToken)}
        />
      ) : null}

      <form onSubmit={submit} noValidate aria-label="Accesso">
        <Stack gap="md">
          <TextInput
            label="Nome utente o e-mail"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.field('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label="Ricordami" {...form.checkbox('rememberMe')} />
            <Anchor component={Link} to={paths.recoverPassword()} size="sm">
              Password dimenticata?
            </Anchor>
          </Group>
          {error ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {error}
            </Alert>
          ) : null}
          {signedIn ? (
            <Alert color="leaf" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
              Accesso effettuato, un attimo…
            </Alert>
          ) : null}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={form.submitting || signedIn}
            disabled={googleBusy}
          >
            Accedi
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Non hai ancora un account?{' '}
        <Anchor component={Link} to={paths.findNutritionist()} fw={600}>
          Compila il questionario
        </Anchor>
      </Text>
      <NoGoogleAccountDialog opened={noGoogleAccount} onClose={() => setNoGoogleAccount(false)} />
    </AuthCard>
  );
}
