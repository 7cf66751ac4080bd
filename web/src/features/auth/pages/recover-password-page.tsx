import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { tryResetPasswordSchema } from '@nutri/shared';
import { accountTexts, errorTexts } from '../../../lib/shared-values';
import { isNetworkError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { AuthCard } from '../../../ui/auth-card';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { tryResetPassword } from '../api/try-reset-password';

export function RecoverPasswordPage() {
  const form = useZodForm(tryResetPasswordSchema, { Email: '' });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit(async (data) => {
    setError(null);
    try {
      await tryResetPassword(data);
      setSent(true);
    } catch (caught) {
      // Whatever the server answers, the page says the same thing: nobody learns which e-mails exist.
      if (isNetworkError(caught)) setError(errorTexts.connectionProblem);
      else setSent(true);
    }
  });

  return (
    <AuthCard
      title="Recupera password"
      description="Inserisci l’e-mail del tuo account: ti invieremo un link per scegliere una nuova password."
    >
      {sent ? (
        <Alert
          color="leaf"
          variant="light"
          role="status"
          icon={<IconMailCheck aria-hidden />}
          title="Controlla la posta"
        >
          {accountTexts.recoverPasswordSent} Se non la trovi, guarda anche nella cartella spam.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Recupero password">
          <Stack gap="md">
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.field('Email')}
            />
            {error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                {error}
              </Alert>
            ) : null}
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              Invia il link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login()}>
          Torna all’accesso
        </Anchor>
      </Text>
    </AuthCard>
  );
}
