/**
 * /Grazie's "Registrati con Google": the patient of this questionnaire is created from the Google account
 * (no verification mail: Google vouched for the address) and signed in. Same rules as the e-mail form:
 * while the questionnaire is still on its way (404) it waits and retries; 'nutri-user-already-exists'
 * opens 'Utente già registrato', anything else 'Ops! Qualcosa è andato storto'.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { useAuth, GoogleSignInButton } from '../../auth';
import { googleRegisterPatient } from '../api/google-register-patient';
import { classifyRegistrationError, registerWhenArrived } from '../registration';
import { RegistrationDialogs, type RegistrationDialog } from './registration-dialogs';

export function GoogleRegistration({
  clientId,
  submissionId,
  supportWhatsAppUrl,
}: {
  clientId: string;
  submissionId: string;
  supportWhatsAppUrl: string | null | undefined;
}) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [dialog, setDialog] = useState<RegistrationDialog>(null);

  const register = async (idToken: string) => {
    setBusy(true);
    try {
      const tokens = await registerWhenArrived(() => googleRegisterPatient(submissionId, idToken), {
        onWaiting: () => setWaiting(true),
      });
      signIn(tokens, false);
      void navigate(paths.home(), { replace: true });
    } catch (error) {
      const failure = classifyRegistrationError(error);
      // No form field to point at here: a refused field is as good as any other refusal.
      setDialog(failure.kind === 'fields' ? { kind: 'other', message: null } : failure);
      setBusy(false);
    } finally {
      setWaiting(false);
    }
  };

  return (
    <Stack gap="md">
      {waiting ? (
        <Alert color="leaf" variant="light" role="status" icon={<IconHourglass aria-hidden />}>
          Stiamo ancora ricevendo le risposte al questionario: un attimo di pazienza…
        </Alert>
      ) : null}
      <GoogleSignInButton
        clientId={clientId}
        text="signup_with"
        context="signup"
        busy={busy}
        onCredential={(idToken) => void register(idToken)}
      />
      <RegistrationDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        supportWhatsAppUrl={supportWhatsAppUrl}
      />
    </Stack>
  );
}
