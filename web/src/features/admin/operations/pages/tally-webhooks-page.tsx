/**
 * /Admin/TallyWebhooks (BusinessAdmin): every call of the questionnaire webhook, newest first: when it
 * came, the submission, whether the signature held, the outcome, the matching and the patient who
 * registered with it. The body (the answers) opens on request and each view is audited; a failed delivery
 * with a valid signature can be replayed, once (docs/product.md#back-office).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileSearch, IconRefresh } from '@tabler/icons-react';
import { TALLY_LOG_FILTERS, tallyLogFilterLabels, type TallyLogFilter } from '@nutri/shared';
import { ApiError } from '../../../../api/api-error';
import { paths } from '../../../../paths';
import { formatDateTime } from '../../../../lib/dates';
import { showErrorToast, showSuccessToast } from '../../../../ui/notify';
import { Page } from '../../../../ui/page';
import { ConfirmButton } from '../../components/confirm-button';
import { replayTallyDelivery, useTallyWebhookLog, type TallyLogEntry } from '../api/operations';
import { matchLabel, outcomeColor, outcomeLabel } from '../components/labels';
import { PagedList } from '../components/paged-list';
import { PayloadDialog } from '../components/payload-dialog';
import { useAddressFilters } from '../../../../lib/use-address-filters';

const filterOf = (value: string | null): TallyLogFilter =>
  TALLY_LOG_FILTERS.includes(value as TallyLogFilter) ? (value as TallyLogFilter) : 'all';

const canReplay = (entry: TallyLogEntry) =>
  entry.SignatureValid !== false &&
  (entry.Outcome === 'failed' || entry.Outcome === 'malformed') &&
  !entry.ReplayedAt &&
  entry.PayloadStored === true;

function Row({
  entry,
  onShowPayload,
  onReplayed,
}: {
  entry: TallyLogEntry;
  onShowPayload: () => void;
  onReplayed: () => unknown;
}) {
  const replay = async () => {
    try {
      const result = await replayTallyDelivery(entry.LogId);
      showSuccessToast(
        result.AlreadyReplayed
          ? 'Consegna già rielaborata: nessuna modifica.'
          : `Consegna rielaborata: ${outcomeLabel(result.Outcome).toLowerCase()}.`,
      );
      await onReplayed();
    } catch (error) {
      showErrorToast(error instanceof ApiError ? error.message : 'Operazione non riuscita');
    }
  };
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(entry.ReceivedAt)}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {entry.SubmissionId ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {entry.SignatureValid === false ? (
          <Badge color="red" variant="light">
            Non valida
          </Badge>
        ) : (
          <Badge color="leaf" variant="light">
            Valida
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Badge color={outcomeColor(entry.Outcome)} variant="light">
            {outcomeLabel(entry.Outcome)}
          </Badge>
          {entry.ErrorName ? (
            <Text size="xs" c="dimmed">
              {entry.ErrorName}
            </Text>
          ) : null}
          {entry.ReplayedAt ? (
            <Text size="xs" c="dimmed">
              {`Rielaborata il ${formatDateTime(entry.ReplayedAt)}: ${outcomeLabel(entry.ReplayOutcome ?? '').toLowerCase()}`}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{matchLabel(entry.MatchOutcome)}</Text>
          {entry.NutritionistName ? (
            <Text size="xs" c="dimmed">
              {entry.NutritionistName}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        {entry.PatientUserId ? (
          <Anchor component={Link} to={paths.admin.patientEvents(entry.PatientUserId)}>
            {entry.PatientName ?? entry.PatientUserId}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Nessun account
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {entry.PayloadStored && entry.LogId ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileSearch size={16} aria-hidden />}
              onClick={onShowPayload}
              aria-label={`Mostra il contenuto della consegna ${entry.SubmissionId ?? entry.LogId}`}
            >
              Contenuto
            </Button>
          ) : null}
          {canReplay(entry) ? (
            <ConfirmButton
              size="xs"
              leftSection={<IconRefresh size={16} aria-hidden />}
              title="Rielaborare la consegna?"
              message="Il questionario viene elaborato di nuovo come se fosse appena arrivato. Se era già stato registrato non cambia nulla."
              confirmLabel="Rielabora"
              aria-label={`Rielabora la consegna ${entry.SubmissionId ?? entry.LogId}`}
              onConfirm={replay}
            >
              Rielabora
            </ConfirmButton>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function TallyWebhooksPage() {
  const [params, changeAddress] = useAddressFilters();
  const filter = filterOf(params.get('filter'));
  const list = useTallyWebhookLog(filter);
  const [payloadOf, setPayloadOf] = useState<string | null>(null);
  return (
    <Page
      title="Questionari ricevuti"
      description="Ogni chiamata del webhook del questionario: firma, esito, abbinamento e il paziente che si è registrato."
      head={{ noIndex: true }}
    >
      <Group mb="lg">
        <Select
          label="Mostra"
          data={TALLY_LOG_FILTERS.map((value) => ({ value, label: tallyLogFilterLabels[value] }))}
          value={filter}
          allowDeselect={false}
          onChange={(value) => changeAddress({ filter: value === 'all' ? null : value })}
          w={280}
        />
      </Group>
      <PagedList list={list} count={list.entries.length} empty="Nessuna consegna con questo filtro.">
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ricevuta</Table.Th>
                <Table.Th>Invio</Table.Th>
                <Table.Th>Firma</Table.Th>
                <Table.Th>Esito</Table.Th>
                <Table.Th>Abbinamento</Table.Th>
                <Table.Th>Paziente</Table.Th>
                <Table.Th>Azioni</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.entries.map((entry) => (
                <Row
                  key={`${entry.LogId}-${entry.ReceivedAt}`}
                  entry={entry}
                  onShowPayload={() => setPayloadOf(entry.LogId)}
                  onReplayed={list.reload}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
      <PayloadDialog logId={payloadOf} onClose={() => setPayloadOf(null)} />
    </Page>
  );
}
