/**
 * /Grazie's registration with e-mail (docs/product.md#screens): name, e-mail, phone (prefix from the country list,
 * default +39), password with show/hide. It validates with the shared registration schema, signs in with
 * the session the server answers (not remembered) and goes home. While the questionnaire has not
 * arrived yet (404) it waits and retries; refusals open the spec's dialogs.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Grid, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { DEFAULT_PHONE_PREFIX } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { PhoneFields } from '../../../ui/phone/phone-fields';
import { useAuth } from '../../auth';
import { registerPatient } from '../api/register-patient';
import {
  classifyRegistrationError,
  registerWhenArrived,
  registrationFormSchema,
  toRegistrationRequest,
} from '../registration';
import type { RegistrationPrefill } from '../registration-prefill';
import { RegistrationDialogs, type RegistrationDialog } from './registration-dialogs';

export function RegistrationForm({
  submissionId,
  prefill,
  supportWhatsAppUrl,
}: {
  submissionId: string;
  prefill: RegistrationPrefill | null;
  supportWhatsAppUrl: string | null | undefined;
}) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const form = useZodForm(registrationFormSchema, {
    FirstName: prefill?.firstName ?? '',
    LastName: '',
    Email: prefill?.email ?? '',
    phonePrefix: prefill?.phonePrefix || DEFAULT_PHONE_PREFIX,
    phoneNumber: prefill?.phoneNumber ?? '',
    Password: '',
  });
  const [waiting, setWaiting] = useState(false);
  const [dialog, setDialog] = useState<RegistrationDialog>(null);
  const firstField = useRef<HTMLInputElement>(null);

  // The form appears on request: the keyboard continues in its first field.
  useEffect(() => firstField.current?.focus(), []);

  const submit = form.onSubmit(async (data) => {
    try {
      const tokens = await registerWhenArrived(
        () => registerPatient(toRegistrationRequest(submissionId, data)),
        { onWaiting: () => setWaiting(true) },
      );
      signIn(tokens, false);
      void navigate(paths.home(), { replace: true });
    } catch (error) {
      const failure = classifyRegistrationError(error);
      if (failure.kind === 'fields') form.setServerErrors(failure.fieldErrors);
      else setDialog(failure);
    } finally {
      setWaiting(false);
    }
  });

  const sending = form.submitting;
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Registrazione">
        <Stack gap="md">
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                ref={firstField}
                label="Nome"
                autoComplete="given-name"
                required
                withAsterisk={false}
                disabled={sending}
                {...form.field('FirstName')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label="Cognome"
                autoComplete="family-name"
                required
                withAsterisk={false}
                disabled={sending}
                {...form.field('LastName')}
              />
            </Grid.Col>
          </Grid>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            disabled={sending}
            {...form.field('Email')}
          />
          <PhoneFields
            prefix={form.values.phonePrefix}
            onPrefixChange={(prefix) => form.setValue('phonePrefix', prefix)}
            prefixError={form.errors.phonePrefix}
            number={form.field('phoneNumber')}
            description="Da 9 a 12 cifre, senza prefisso."
            required
            disabled={sending}
          />
          <PasswordInput
            label="Password"
            description="Almeno 8 caratteri."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            required
            withAsterisk={false}
            disabled={sending}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Mostra la password' }}
            {...form.field('Password')}
          />
          {waiting ? (
            <Alert color="leaf" variant="light" role="status" icon={<IconHourglass aria-hidden />}>
              Stiamo ancora ricevendo le risposte al questionario: un attimo di pazienza…
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={sending}>
            Crea il tuo account
          </Button>
        </Stack>
      </form>
      <RegistrationDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        supportWhatsAppUrl={supportWhatsAppUrl}
      />
    </>
  );
}
