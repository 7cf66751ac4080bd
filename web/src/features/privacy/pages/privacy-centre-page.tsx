/**
 * `/Account/Privacy`, the patient's privacy centre (docs/product.md#privacy-centre): consents given and
 * withdrawn with their dates, the optional mails withdrawn, "scarica i miei dati" (a link arrives by mail)
 * and "elimina il mio account" (confirmed with the password, or a typed word without one).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ERASURE_CONFIRMATION_WORD, type PrivacyRequestView } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { useAuth } from '../../auth';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';
import { ScrollableTable } from '../../../ui/scrollable-table';
import {
  requestAccountErasure,
  requestDataExport,
  usePrivacyCentre,
  withdrawMarketingConsent,
} from '../api/privacy';

const KIND_LABELS = { export: 'Esportazione dei dati', erasure: 'Eliminazione dell’account' } as const;
const STATUS_LABELS = { waiting: 'In corso', done: 'Completata', failed: 'Non riuscita' } as const;

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) ? (error.serverMessage ?? fallback) : fallback;

function RequestsTable({ requests }: { requests: PrivacyRequestView[] }) {
  if (!requests.length) return <Text c="dimmed">Nessuna richiesta finora.</Text>;
  return (
    <ScrollableTable minWidth={520} label="Le tue richieste">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Richiesta</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th>Stato</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.RequestId}>
              <Table.Td>{KIND_LABELS[request.Kind]}</Table.Td>
              <Table.Td>{formatDateTime(request.RequestedAt)}</Table.Td>
              <Table.Td>{STATUS_LABELS[request.Status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

export function PrivacyCentrePage() {
  const { data, error, isLoading, mutate } = usePrivacyCentre();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [erasureError, setErasureError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'export' | 'erasure' | 'marketing' | null>(null);

  const exportData = async () => {
    setBusy('export');
    setProblem(null);
    try {
      await requestDataExport();
      setNotice(
        'Richiesta ricevuta: entro pochi minuti riceverai per e-mail il link per scaricare i tuoi dati.',
      );
      await mutate();
    } catch (caught) {
      setProblem(messageOf(caught, 'Non è stato possibile avviare l’esportazione: riprova.'));
    } finally {
      setBusy(null);
    }
  };

  const withdraw = async () => {
    setBusy('marketing');
    setProblem(null);
    try {
      await withdrawMarketingConsent();
      await mutate();
    } catch (caught) {
      setProblem(messageOf(caught, 'Non è stato possibile salvare la scelta: riprova.'));
    } finally {
      setBusy(null);
    }
  };

  const erase = async () => {
    setBusy('erasure');
    setErasureError(null);
    try {
      await requestAccountErasure(data?.HasPassword ? { password } : { confirmation });
      await signOut();
      void navigate(paths.home());
    } catch (caught) {
      setErasureError(messageOf(caught, 'Non è stato possibile avviare l’eliminazione: riprova.'));
      setBusy(null);
    }
  };

  return (
    <Page
      title="Privacy e dati personali"
      description="I consensi che hai dato, una copia dei tuoi dati e la cancellazione del tuo account."
    >
      {isLoading && <Loader aria-label="Caricamento" />}
      {error ? <Alert color="red">Non è stato possibile caricare la pagina: riprova.</Alert> : null}
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <Card withBorder component="section" aria-labelledby="privacy-consents">
            <Title order={2} size="h3" id="privacy-consents" mb="sm">
              Consensi
            </Title>
            <ScrollableTable minWidth={520} label="Consensi">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Consenso</Table.Th>
                    <Table.Th>Stato</Table.Th>
                    <Table.Th>Data</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.Consents.map((consent, index) => (
                    <Table.Tr key={`${consent.Kind}-${index}`}>
                      <Table.Td>
                        {consent.Label}
                        {consent.Detail && (
                          <Text size="sm" c="dimmed">
                            {consent.Detail}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={consent.State === 'given' ? 'teal.9' : 'gray.7'}>
                          {consent.State === 'given'
                            ? consent.Kind === 'sts-opposition'
                              ? 'Opposizione espressa'
                              : 'Dato'
                            : consent.Kind === 'sts-opposition'
                              ? 'Nessuna opposizione'
                              : 'Revocato'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{consent.At ? formatDateTime(consent.At) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
            {data.MarketingMail && (
              <Group mt="sm">
                <Button variant="default" loading={busy === 'marketing'} onClick={() => void withdraw()}>
                  Revoca le e-mail facoltative
                </Button>
              </Group>
            )}
          </Card>

          <Card withBorder component="section" aria-labelledby="privacy-export">
            <Title order={2} size="h3" id="privacy-export" mb="sm">
              Scarica i miei dati
            </Title>
            <Text mb="sm">
              Prepariamo un archivio ZIP con tutti i dati che ti riguardano (in formato JSON) e i file della
              chat, e ti mandiamo per e-mail un link valido 24 ore.
            </Text>
            <Group>
              <Button loading={busy === 'export'} onClick={() => void exportData()}>
                Scarica i miei dati
              </Button>
            </Group>
          </Card>

          <Card withBorder component="section" aria-labelledby="privacy-requests">
            <Title order={2} size="h3" id="privacy-requests" mb="sm">
              Le tue richieste
            </Title>
            <RequestsTable requests={data.Requests} />
          </Card>

          <Card withBorder component="section" aria-labelledby="privacy-erasure">
            <Title order={2} size="h3" id="privacy-erasure" mb="sm">
              Elimina il mio account
            </Title>
            <Text mb="xs">
              Cancelliamo i tuoi dati personali e sanitari: profilo, questionario, chat e file, dati di
              fatturazione. Restano, come richiede la legge, le fatture (per 10 anni); gli appuntamenti
              restano nelle statistiche senza il tuo nome. Il tuo nutrizionista viene avvisato e tutte le tue
              sessioni vengono chiuse.
            </Text>
            <Stack gap="xs" maw={420}>
              {data.HasPassword ? (
                <PasswordInput
                  label="Password"
                  description="Per confermare, scrivi la tua password."
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={erasureError}
                  autoComplete="current-password"
                />
              ) : (
                <TextInput
                  label="Conferma"
                  description={`Per confermare, scrivi ${ERASURE_CONFIRMATION_WORD}.`}
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.currentTarget.value)}
                  error={erasureError}
                />
              )}
              <Group>
                <Button color="red.9" loading={busy === 'erasure'} onClick={() => void erase()}>
                  Elimina il mio account
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stack>
      )}
    </Page>
  );
}
