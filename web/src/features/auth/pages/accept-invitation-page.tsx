/**
 * /Invito#<token>: a new nutritionist chooses the first password from the invitation link, is signed in
 * and goes on to complete the profile (docs/product.md#nutritionist-accounts). The token sits in the URL
 * fragment, which the browser never sends to a server.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TokenResponse } from '@nutri/shared';
import { api } from '../../../api/client';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { errorTexts, validationTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { AuthCard } from '../../../ui/auth-card';
import { useAuth } from '../auth-context';

export function AcceptInvitationPage() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    setError(null);
    setFieldError(null);
    if (password.length < 8) return setFieldError(validationTexts.passwordMin);
    if (password !== confirmation) return setFieldError(validationTexts.passwordMismatch);
    setSending(true);
    try {
      const tokens = await api.post<TokenResponse>(
        '/UserAccount/AcceptInvitation',
        { Token: token, Password: password },
        { auth: false },
      );
      signIn(tokens, false);
      void navigate(paths.account.profile(), { replace: true });
    } catch (caught) {
      if (isApiError(caught) && caught.fieldErrors.Password?.[0])
        setFieldError(caught.fieldErrors.Password[0]);
      else
        setError(
          isNetworkError(caught)
            ? errorTexts.connectionProblem
            : ((isApiError(caught) ? caught.serverMessage : null) ?? errorTexts.cannotSaveData),
        );
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title="Ti diamo il benvenuto in Nutrì"
      description="Scegli la password del tuo account da nutrizionista."
    >
      {!token ? (
        <Alert
          color="apricot"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Link non valido"
        >
          Apri il link completo ricevuto via e-mail.
        </Alert>
      ) : (
        <form
          aria-label="Crea la password"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            {error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                {error}
              </Alert>
            ) : null}
            <PasswordInput
              label="Password"
              description={validationTexts.passwordMin}
              autoComplete="new-password"
              required
              value={password}
              error={fieldError && fieldError !== validationTexts.passwordMismatch ? fieldError : undefined}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordInput
              label="Conferma password"
              autoComplete="new-password"
              required
              value={confirmation}
              error={fieldError === validationTexts.passwordMismatch ? fieldError : undefined}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={sending}>
              Crea la password e accedi
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
