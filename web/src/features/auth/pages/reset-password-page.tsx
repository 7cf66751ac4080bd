import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { resetPasswordFormSchema } from '@nutri/shared';
import { accountTexts, errorTexts, validationTexts } from '../../../lib/shared-values';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { AuthCard } from '../../../ui/auth-card';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { resetPassword } from '../api/reset-password';

const resetErrorMessage = (error: unknown) => {
  if (isNetworkError(error)) return errorTexts.connectionProblem;
  const serverMessage = isApiError(error) ? error.serverMessage : null;
  return serverMessage
    ? `${accountTexts.passwordResetFailed}: ${serverMessage}`
    : accountTexts.passwordResetUnknownError;
};

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('Token') ?? '';
  const form = useZodForm(resetPasswordFormSchema, {
    email: params.get('Username') ?? '',
    password: '',
    confirmation: '',
  });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit(async (data) => {
    setError(null);
    try {
      await resetPassword({ username: data.email, password: data.password, token });
      setDone(true);
    } catch (caught) {
      if (isApiError(caught)) {
        const { username, ...others } = caught.fieldErrors;
        form.setServerErrors(username ? { ...others, email: username } : others);
      }
      setError(resetErrorMessage(caught));
    }
  });

  return (
    <AuthCard title="Reimposta Password" description="Scegli una nuova password per il tuo account.">
      {done ? (
        <Stack gap="md">
          <Alert color="leaf" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
            {accountTexts.passwordResetSuccess}
          </Alert>
          <Button component={Link} to={paths.login()} size="md" fullWidth>
            Vai all’accesso
          </Button>
        </Stack>
      ) : !token ? (
        <Alert
          color="apricot"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Link non valido"
        >
          {accountTexts.expiredLink}{' '}
          <Anchor component={Link} to={paths.recoverPassword()} fw={600}>
            Richiedi un nuovo link
          </Anchor>
          .
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reimposta password">
          <Stack gap="md">
            <TextInput
              label="E-mail"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.field('email')}
            />
            <PasswordInput
              label="Nuova password"
              description={validationTexts.passwordMin}
              autoComplete="new-password"
              required
              {...form.field('password')}
            />
            <PasswordInput
              label="Conferma password"
              autoComplete="new-password"
              required
              {...form.field('confirmation')}
            />
            {error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                {error}
              </Alert>
            ) : null}
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              Reimposta password
            </Button>
          </Stack>
        </form>
      )}
      {!done ? (
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.login()}>
            Torna all’accesso
          </Anchor>
        </Text>
      ) : null}
    </AuthCard>
  );
}
