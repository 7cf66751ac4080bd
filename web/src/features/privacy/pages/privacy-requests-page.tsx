/**
 * `/SystemSettings/PrivacyRequests` (docs/product.md#privacy-centre, SystemAdmin): every export and erasure
 * request with its outcome, newest first. Each view is audited on the server.
 */
import { Alert, Badge, Loader, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import { Page } from '../../../ui/page';
import { ScrollableTable } from '../../../ui/scrollable-table';
import { useAdminPrivacyRequests } from '../api/privacy';

const KIND_LABELS = { export: 'Esportazione', erasure: 'Eliminazione' } as const;
const STATUS_LABELS = { waiting: 'In attesa', done: 'Completata', failed: 'Non riuscita' } as const;

const outcomeText = (outcome: Record<string, number> | null) =>
  outcome
    ? Object.entries(outcome)
        .map(([section, count]) => `${section}: ${count}`)
        .join(', ')
    : '—';

export function PrivacyRequestsPage() {
  const { data, error, isLoading } = useAdminPrivacyRequests();
  return (
    <Page
      title="Richieste sulla privacy"
      description="Esportazioni ed eliminazioni chieste dai pazienti, con il loro esito."
    >
      {isLoading && <Loader aria-label="Caricamento" />}
      {error ? <Alert color="red">Non è stato possibile caricare le richieste: riprova.</Alert> : null}
      {data && (
        <>
          <Text mb="sm">Eliminazioni in attesa: {data.Waiting}</Text>
          <ScrollableTable minWidth={900} label="Richieste sulla privacy">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Paziente</Table.Th>
                  <Table.Th>Richiesta</Table.Th>
                  <Table.Th>Stato</Table.Th>
                  <Table.Th>Completata</Table.Th>
                  <Table.Th>Esito</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.Data.map((request) => (
                  <Table.Tr key={request.RequestId}>
                    <Table.Td>{formatDateTime(request.RequestedAt)}</Table.Td>
                    <Table.Td>
                      {request.DisplayName}
                      <Text size="xs" c="dimmed">
                        {request.UserId}
                      </Text>
                    </Table.Td>
                    <Table.Td>{KIND_LABELS[request.Kind]}</Table.Td>
                    <Table.Td>
                      <Badge
                        // A table cell would squeeze the label to an ellipsis.
                        miw="max-content"
                        color={
                          request.Status === 'done'
                            ? 'teal.9'
                            : request.Status === 'failed'
                              ? 'red.9'
                              : 'apricot.9'
                        }
                      >
                        {STATUS_LABELS[request.Status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{request.CompletedAt ? formatDateTime(request.CompletedAt) : '—'}</Table.Td>
                    <Table.Td miw={280}>{outcomeText(request.Outcome)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
          {data.Data.length === 0 && <Text c="dimmed">Nessuna richiesta.</Text>}
        </>
      )}
    </Page>
  );
}
