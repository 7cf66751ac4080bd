import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { accountTexts, errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { AuthCard } from '../../../ui/auth-card';
import { PageLoader } from '../../../ui/page-loader';
import { unsubscribe } from '../api/unsubscribe';

type State = 'working' | 'done' | 'failed';

/** Opened from the link in e-mails: unsubscribes from every mailing list as soon as it loads. */
export function UnsubscribePage() {
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const signature = params.get('signature') ?? '';
  const [state, setState] = useState<State>(userId && signature ? 'working' : 'failed');
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    const request = `${userId}|${signature}`;
    if (!userId || !signature || sentFor.current === request) return;
    sentFor.current = request; // once per link, also under React's development double effects
    unsubscribe(userId, signature).then(
      () => setState('done'),
      () => setState('failed'),
    );
  }, [userId, signature]);

  return (
    <AuthCard title="Disiscrizione">
      {state === 'working' ? <PageLoader label="Disiscrizione in corso…" /> : null}
      {state === 'done' ? (
        <Alert color="leaf" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
          {accountTexts.unsubscribed}
        </Alert>
      ) : null}
      {state === 'failed' ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {errorTexts.operationFailed}
        </Alert>
      ) : null}
      <Text size="sm">
        {state === 'done'
          ? 'Continuerai a ricevere solo le e-mail necessarie al servizio: appuntamenti, pagamenti e sicurezza dell’account. '
          : null}
        <Anchor component={Link} to={paths.home()}>
          Torna alla home
        </Anchor>
      </Text>
    </AuthCard>
  );
}
