/**
 * The system's state at a glance on the /SystemSettings home (docs/product.md#system-settings): the outbox
 * backlog, mails bounced, webhooks (Tally, Stripe, WhatsApp) and privacy jobs failed in the last 24 hours,
 * erasures waiting, and each scheduled job's last run with its outcome. Read from GET SystemSettings/Status, refreshed each minute.
 */
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { JobRunView, SystemStatus } from '@nutri/shared';
import { formatDateTime } from '../../../lib/dates';
import { LoadError } from '../../../ui/load-error';
import { ScrollableTable } from '../../../ui/scrollable-table';
import { useSystemStatus } from '../api/settings';

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('it-IT', { maximumFractionDigits: 1 })} s`;

function Figure({
  label,
  value,
  hint,
  alert,
}: {
  label: string;
  value: string;
  hint: string;
  alert: boolean;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={alert ? 'red.8' : undefined}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

function Outcome({ run }: { run: JobRunView['LastRun'] }) {
  if (!run) return <Badge color="gray.7">Mai eseguito</Badge>;
  return run.Outcome === 'ok' ? (
    <Badge color="teal.9">Riuscito</Badge>
  ) : (
    <Badge color="red.9">Non riuscito{run.Error ? ` (${run.Error})` : ''}</Badge>
  );
}

function Figures({ status }: { status: SystemStatus }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Figure
        label="Effetti in coda"
        value={String(status.OutboxPending)}
        hint={
          status.OutboxOldestAt
            ? `Messaggi ed e-mail da consegnare, il più vecchio del ${formatDateTime(status.OutboxOldestAt)}`
            : 'Messaggi ed e-mail da consegnare: nessuno'
        }
        alert={status.OutboxPending > 0}
      />
      <Figure
        label="E-mail respinte"
        value={String(status.BouncedMails24h)}
        hint="Nelle ultime 24 ore (respinte, scartate o segnalate come spam)"
        alert={status.BouncedMails24h > 0}
      />
      <Figure
        label="Webhook non riusciti"
        value={String(status.FailedWebhooks24h)}
        hint={`Nelle ultime 24 ore: questionari ${status.FailedWebhooksBySource.Tally}, Stripe ${status.FailedWebhooksBySource.Stripe}, WhatsApp ${status.FailedWebhooksBySource.WhatsApp}`}
        alert={status.FailedWebhooks24h > 0}
      />
      <Figure
        label="Eliminazioni in attesa"
        value={String(status.ErasureRequestsWaiting)}
        hint="Richieste di eliminazione dell’account non ancora eseguite"
        alert={status.ErasureRequestsWaiting > 0}
      />
      <Figure
        label="Richieste privacy non riuscite"
        value={String(status.FailedPrivacyRequests24h)}
        hint="Esportazioni ed eliminazioni fallite nelle ultime 24 ore (riprovate in automatico)"
        alert={status.FailedPrivacyRequests24h > 0}
      />
    </SimpleGrid>
  );
}

export function SystemStatusPanel() {
  const status = useSystemStatus();
  const { data } = status;
  const failed = Boolean(status.error);
  return (
    <Stack gap="md" mb={48} component="section" aria-labelledby="system-status-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="system-status-title">
          Stato del sistema
        </Title>
        {data ? (
          <Text size="sm" c="dimmed">
            Aggiornato alle {formatDateTime(data.At)}
          </Text>
        ) : null}
      </Group>
      {failed && !data ? <LoadError onRetry={() => void status.mutate()} /> : null}
      {!data && !failed ? <Skeleton height={120} /> : null}
      {data ? (
        <>
          <Figures status={data} />
          <Title order={3}>Attività pianificate</Title>
          <ScrollableTable minWidth={640} label="Attività pianificate e ultima esecuzione">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Attività</Table.Th>
                  <Table.Th>Ultima esecuzione</Table.Th>
                  <Table.Th>Durata</Table.Th>
                  <Table.Th>Esito</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.Jobs.map((job) => (
                  <Table.Tr key={job.Name}>
                    <Table.Td>
                      <code>{job.Name}</code>
                    </Table.Td>
                    <Table.Td>{job.LastRun ? formatDateTime(job.LastRun.FinishedAt) : '—'}</Table.Td>
                    <Table.Td>{job.LastRun ? seconds(job.LastRun.DurationMs) : '—'}</Table.Td>
                    <Table.Td>
                      <Outcome run={job.LastRun} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
        </>
      ) : null}
    </Stack>
  );
}
