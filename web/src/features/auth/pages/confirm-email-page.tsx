/** /ConfermaEmail#<token>: confirms an address a UserManager set (docs/product.md#user-management). */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { AuthCard } from '../../../ui/auth-card';

export function ConfirmEmailPage() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'done' } | { kind: 'error'; message: string }
  >(token ? { kind: 'loading' } : { kind: 'error', message: 'Apri il link completo ricevuto via e-mail.' });
  const sent = useRef(false);
  useEffect(() => {
    // Single-use token: posted once even when React runs effects twice.
    if (!token || sent.current) return;
    sent.current = true;
    api
      .post('/UserAccount/ConfirmEmail', { Token: token }, { auth: false })
      .then(() => setState({ kind: 'done' }))
      .catch((error: unknown) =>
        setState({
          kind: 'error',
          message: (isApiError(error) ? error.serverMessage : null) ?? errorTexts.cannotLoadData,
        }),
      );
  }, [token]);
  return (
    <AuthCard title="Conferma dell’indirizzo e-mail">
      {state.kind === 'loading' ? (
        <Loader aria-label="Conferma in corso" />
      ) : state.kind === 'done' ? (
        <Stack gap="md">
          <Alert color="leaf" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
            Indirizzo e-mail confermato.
          </Alert>
          <Button component={Link} to={paths.login()} fullWidth>
            Vai all’accesso
          </Button>
        </Stack>
      ) : (
        <Alert
          color="apricot"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title="Link non valido"
        >
          {state.message}
        </Alert>
      )}
    </AuthCard>
  );
}
