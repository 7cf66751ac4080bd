/** Change of e-mail from /Account/Profile (UserAccount/ChangeEmail: the new address and the current password). */
import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { userProfileSchema } from '@nutri/shared';
import { api } from '../../../api/client';
import { firstFieldErrors, saveFailureMessage } from '../../../ui/form/save-error';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { USER_DETAILS_KEY } from '../../auth';

export function ChangeEmail() {
  const { mutate } = useSWRConfig();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    setErrors({});
    try {
      const profile = userProfileSchema.parse(
        await api.post('/UserAccount/ChangeEmail', { newEmail, password }),
      );
      await mutate(USER_DETAILS_KEY, profile, { revalidate: false });
      setNewEmail('');
      setPassword('');
      showSuccessToast('Indirizzo e-mail cambiato', { outcomeOf: 'change-email' });
    } catch (error) {
      setErrors(firstFieldErrors(error));
      showErrorToast(saveFailureMessage(error), { outcomeOf: 'change-email' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      aria-label="Cambia e-mail"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Nuovo indirizzo e-mail"
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          error={errors.newEmail}
          onChange={(event) => setNewEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password attuale"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" variant="light" loading={saving}>
            Cambia e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
