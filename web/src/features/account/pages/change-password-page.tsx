import { useState } from 'react';
import { Alert, Button, Card, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { changePasswordFormSchema } from '@nutri/shared';
import { accountTexts, errorTexts, validationTexts } from '../../../lib/shared-values';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { Page } from '../../../ui/page';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { changePassword } from '../api/change-password';

const EMPTY = { oldPassword: '', newPassword: '', confirmation: '' };

export function ChangePasswordPage() {
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  const submit = form.onSubmit(async (data) => {
    setError(null);
    setChanged(false);
    try {
      await changePassword({ oldPassword: data.oldPassword, newPassword: data.newPassword });
      form.reset(EMPTY);
      setChanged(true);
    } catch (caught) {
      if (isNetworkError(caught)) {
        setError(errorTexts.connectionProblem);
        return;
      }
      const fieldErrors = isApiError(caught) ? caught.fieldErrors : {};
      form.setServerErrors(fieldErrors);
      // The field already shows the server's reason: the alert then only says the change failed.
      const serverMessage =
        isApiError(caught) && Object.keys(fieldErrors).length === 0 ? caught.serverMessage : null;
      setError(
        serverMessage
          ? `${accountTexts.passwordChangeFailed}: ${serverMessage}`
          : accountTexts.passwordChangeFailed,
      );
    }
  });

  return (
    <Page title="Cambia password" description="Per sicurezza ti chiediamo la password attuale." size="xs">
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={submit} noValidate aria-label="Cambio password">
          <Stack gap="md">
            <PasswordInput
              label="Password attuale"
              autoComplete="current-password"
              required
              {...form.field('oldPassword')}
            />
            <PasswordInput
              label="Nuova password"
              description={validationTexts.passwordMin}
              autoComplete="new-password"
              required
              {...form.field('newPassword')}
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
            {changed ? (
              <Alert color="leaf" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
                {accountTexts.passwordChanged}
              </Alert>
            ) : null}
            <Button type="submit" loading={form.submitting}>
              Cambia password
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
