/**
 * `/AreaNutritionists/GoogleCalendarConnect` (docs/product.md#google-calendar): a partner nutritionist
 * connects Google Calendar, chooses which calendars count as busy and which receives the visits, and
 * disconnects. Google sends the browser back here with `code` and `state`: they are taken off the address
 * at once and handed to the server, which holds the PKCE verifier and the tokens. Anyone not a partner is
 * refused by the server and sees the not-found page.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Alert, Button, Checkbox, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandGoogle, IconCheck } from '@tabler/icons-react';
import type {
  GoogleCalendarAuthorization,
  GoogleCalendarDisconnection,
  GoogleCalendarView,
} from '@nutri/shared';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { paths } from '../../../paths';
import { actionErrorMessage } from '../../bookings';
import { AreaNav } from '../components/area-nav';

const PATH = '/CurrentNutritionist/GoogleCalendar';

function CalendarChoice({
  view,
  onSaved,
}: {
  view: GoogleCalendarView;
  onSaved: (next: GoogleCalendarView) => void;
}) {
  const [busy, setBusy] = useState<string[]>(view.BusyCalendarIds);
  const [target, setTarget] = useState<string>(view.TargetCalendarId ?? '');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setSaving(true);
    setProblem(null);
    setSaved(false);
    try {
      onSaved(
        await api.put<GoogleCalendarView>(`${PATH}/Calendars`, {
          BusyCalendarIds: busy,
          TargetCalendarId: target,
        }),
      );
      setSaved(true);
    } catch (error) {
      setProblem(actionErrorMessage(error, errorTexts.cannotSaveData));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Checkbox.Group
          label="Calendari da cui leggere gli impegni"
          description="Negli orari occupati di questi calendari i pazienti non possono prenotare."
          value={busy}
          onChange={setBusy}
        >
          <Stack gap={6} mt="xs">
            {view.Calendars.map((calendar) => (
              <Checkbox key={calendar.Id} value={calendar.Id} label={calendar.Summary} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group
          label="Calendario in cui scrivere le visite"
          description="Ogni visita prenotata vi compare con il link della stanza video, senza dati di salute."
          value={target}
          onChange={setTarget}
        >
          <Stack gap={6} mt="xs">
            {view.Calendars.filter((calendar) => calendar.Writable).map((calendar) => (
              <Radio key={calendar.Id} value={calendar.Id} label={calendar.Summary} />
            ))}
          </Stack>
        </Radio.Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {problem}
          </Alert>
        ) : null}
        {saved ? (
          <Text size="sm" c="leaf.9" role="status">
            Scelta salvata.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={saving}>
            Salva la scelta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function GoogleCalendarPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returned = useRef<{ code: string | null; state: string | null; error: string | null } | null>(null);
  const [completing, setCompleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const status = useSWR<GoogleCalendarView>(completing ? null : PATH, (path: string) =>
    api.get<GoogleCalendarView>(path),
  );

  // Google's answer is read once and taken off the address before anything else happens.
  if (returned.current === null && (params.has('code') || params.has('error'))) {
    returned.current = { code: params.get('code'), state: params.get('state'), error: params.get('error') };
  }
  useEffect(() => {
    const answer = returned.current;
    if (!answer || (!answer.code && !answer.error)) return;
    returned.current = { code: null, state: null, error: null };
    void navigate(paths.nutritionistArea.googleCalendarConnect(), { replace: true });
    if (answer.error || !answer.code || !answer.state) {
      setProblem('Il collegamento non è stato autorizzato su Google.');
      return;
    }
    setCompleting(true);
    api
      .post<GoogleCalendarView>(`${PATH}/Callback`, { Code: answer.code, State: answer.state })
      .then(async (view) => {
        await status.mutate(view, { revalidate: false });
        setNotice('Google Calendar è collegato.');
      })
      .catch((error: unknown) => setProblem(actionErrorMessage(error, errorTexts.cannotSaveData)))
      .finally(() => setCompleting(false));
  }, [navigate, status]);

  if (isApiError(status.error) && status.error.status === 403)
    return <Navigate to={paths.notFound()} replace />;

  const connect = async () => {
    setWorking(true);
    setProblem(null);
    try {
      const { AuthorizationUrl } = await api.post<GoogleCalendarAuthorization>(`${PATH}/Authorization`);
      window.location.assign(AuthorizationUrl);
    } catch (error) {
      setProblem(actionErrorMessage(error, errorTexts.cannotSaveData));
      setWorking(false);
    }
  };

  const disconnect = async () => {
    if (
      !window.confirm(
        'Scollegare Google Calendar? Revochiamo l’accesso e cancelliamo i dati del collegamento.',
      )
    )
      return;
    setWorking(true);
    setProblem(null);
    try {
      const result = await api.delete<GoogleCalendarDisconnection>(PATH);
      setNotice(
        result.RevokedAtGoogle
          ? 'Google Calendar è scollegato e l’accesso è revocato.'
          : 'Google Calendar è scollegato. Google non ha confermato la revoca: puoi toglierla anche dalle impostazioni di sicurezza del tuo account Google.',
      );
      await status.mutate();
    } catch (error) {
      showErrorToast(actionErrorMessage(error, errorTexts.cannotSaveData));
    } finally {
      setWorking(false);
    }
  };

  const view = status.data;
  return (
    <Page
      title="Google Calendar"
      description="Collega il tuo Google Calendar: gli impegni tolgono gli orari ai pazienti e ogni visita compare nel calendario."
    >
      <AreaNav />
      <Stack gap="md" maw={640}>
        {problem ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {problem}
          </Alert>
        ) : null}
        {notice ? (
          <Alert color="leaf" variant="light" role="status" icon={<IconCheck size={18} aria-hidden />}>
            {notice}
          </Alert>
        ) : null}
        {view?.Warning ? (
          <Alert
            color="apricot"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            {view.Warning}
          </Alert>
        ) : null}
        {status.error && !(isApiError(status.error) && status.error.status === 403) ? (
          <LoadError onRetry={() => void status.mutate()} />
        ) : !view || completing ? (
          <Skeleton height={160} radius="lg" aria-busy="true" />
        ) : view.Connected ? (
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="gcal-connected">
            <Stack gap="md">
              <Title order={2} fz="lg" id="gcal-connected">
                Calendario collegato
              </Title>
              {view.Calendars.length ? (
                <CalendarChoice
                  key={`${view.BusyCalendarIds.join()}|${view.TargetCalendarId}`}
                  view={view}
                  onSaved={(next) => void status.mutate(next, { revalidate: false })}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  I calendari non sono disponibili in questo momento.
                </Text>
              )}
              <Group>
                <Button variant="default" color="red" onClick={() => void disconnect()} loading={working}>
                  Scollega Google Calendar
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="gcal-connect">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="gcal-connect">
                Collega il tuo calendario
              </Title>
              <Text size="sm">
                Leggiamo solo se sei libero o occupato (mai il contenuto degli impegni) e scriviamo le visite
                nel calendario che scegli. Puoi revocare l’accesso quando vuoi, qui o dal tuo account Google.
              </Text>
              <Group>
                <Button
                  leftSection={<IconBrandGoogle size={18} aria-hidden />}
                  onClick={() => void connect()}
                  loading={working}
                >
                  Collega Google Calendar
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Page>
  );
}
