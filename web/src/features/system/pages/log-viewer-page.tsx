/**
 * `/SystemSettings/LogViewer` (docs/product.md#log-viewer, SystemAdmin): search the structured logs by
 * period, minimum level, area, request id and user id, newest first, 50 lines at a time. Searched only on
 * request: a search in the cloud is a CloudWatch Logs Insights query, billed by the data it reads.
 */
import { Alert, Button, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { LOG_AREAS, LOG_LEVELS, type LogArea, type LogLevel, type LogLineView } from '@nutri/shared';
import { formatDateTime } from '../../../lib/dates';
import { Page } from '../../../ui/page';
import { ScrollableTable } from '../../../ui/scrollable-table';
import { searchLogs } from '../api/settings';
import { usePagedSearch } from '../hooks/use-paged-search';

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, the value of a datetime-local field. */
const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};
const isoOf = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

const LEVEL_LABELS: Record<LogLevel, string> = {
  DEBUG: 'Debug e superiori',
  INFO: 'Info e superiori',
  WARN: 'Avvisi ed errori',
  ERROR: 'Solo errori',
  CRITICAL: 'Solo errori critici',
};
const LEVEL_COLORS: Record<string, string> = { WARN: 'orange.9', ERROR: 'red.8', CRITICAL: 'red.8' };

interface Filters {
  from: string;
  to: string;
  level: LogLevel | null;
  area: LogArea | null;
  requestId: string;
  userId: string;
}

const queryOf = (filters: Filters, cursor?: string) => ({
  from: isoOf(filters.from),
  // The end minute is included whole.
  to: isoOf(filters.to).replace(/:00\.000Z$/, ':59.999Z'),
  ...(filters.level ? { level: filters.level } : {}),
  ...(filters.area ? { area: filters.area } : {}),
  ...(filters.requestId.trim() ? { requestId: filters.requestId.trim() } : {}),
  ...(filters.userId.trim() ? { userId: filters.userId.trim() } : {}),
  ...(cursor ? { cursor } : {}),
});

function LogRows({ lines }: { lines: LogLineView[] }) {
  return (
    <ScrollableTable minWidth={900} label="Righe di log trovate">
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Livello</Table.Th>
            <Table.Th>Area</Table.Th>
            <Table.Th>Messaggio</Table.Th>
            <Table.Th>Richiesta e utente</Table.Th>
            <Table.Th>Dettagli</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={`${line.At}-${line.RequestId ?? ''}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.At)}</Table.Td>
              <Table.Td>
                <Text size="xs" fw={700} c={LEVEL_COLORS[line.Level] ?? 'dimmed'}>
                  {line.Level || '—'}
                </Text>
              </Table.Td>
              <Table.Td>{line.Area}</Table.Td>
              <Table.Td>{line.Message}</Table.Td>
              <Table.Td fz="xs">
                {line.RequestId ? <Code>{line.RequestId}</Code> : '—'}
                {line.UserId ? (
                  <>
                    <br />
                    utente <Code>{line.UserId}</Code>
                  </>
                ) : null}
              </Table.Td>
              <Table.Td fz="xs" style={{ wordBreak: 'break-word' }}>
                {line.Details}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

export function LogViewerPage() {
  const {
    filters,
    set,
    rows: lines,
    next,
    errors,
    problem,
    busy,
    load,
    submit,
  } = usePagedSearch<Filters, LogLineView>(
    () => ({
      from: localInput(new Date(Date.now() - 3_600_000)),
      to: localInput(new Date()),
      level: null,
      area: null,
      requestId: '',
      userId: '',
    }),
    (current, cursor) => searchLogs(queryOf(current, cursor)),
    'Non è stato possibile cercare nei log: riprova.',
  );

  return (
    <Page
      title="Log applicativi"
      description="Le righe di log del servizio, dalla più recente. Contengono identificativi ed esiti, mai dati sanitari, token o segreti."
      head={{ noIndex: true }}
    >
      <form onSubmit={submit} aria-label="Cerca nei log">
        <Stack gap="md" maw={720}>
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label="Dal"
              value={filters.from}
              onChange={(event) => set('from', event.currentTarget.value)}
              error={errors.from}
              required
            />
            <TextInput
              type="datetime-local"
              label="Al"
              value={filters.to}
              onChange={(event) => set('to', event.currentTarget.value)}
              error={errors.to}
              required
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Livello"
              placeholder="Tutti"
              clearable
              value={filters.level}
              onChange={(value) => set('level', value)}
              data={LOG_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
            />
            <Select
              label="Area"
              placeholder="Tutte"
              clearable
              searchable
              value={filters.area}
              onChange={(value) => set('area', value)}
              data={[...LOG_AREAS]}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Identificativo della richiesta"
              description="Dall’intestazione X-Request-Id di una risposta"
              value={filters.requestId}
              onChange={(event) => set('requestId', event.currentTarget.value)}
              error={errors.requestId}
            />
            <TextInput
              label="Identificativo dell’utente"
              value={filters.userId}
              onChange={(event) => set('userId', event.currentTarget.value)}
              error={errors.userId}
            />
          </Group>
          <Group>
            <Button type="submit" loading={busy && lines === null}>
              Cerca
            </Button>
          </Group>
        </Stack>
      </form>
      {problem ? (
        <Alert color="red" mt="lg" role="alert">
          {problem}
        </Alert>
      ) : null}
      {lines ? (
        <Stack gap="md" mt="xl">
          <Text role="status">
            {lines.length === 0
              ? 'Nessuna riga trovata.'
              : lines.length === 1
                ? '1 riga mostrata.'
                : `${lines.length} righe mostrate.`}
          </Text>
          {lines.length ? <LogRows lines={lines} /> : null}
          {next ? (
            <Group>
              <Button variant="light" loading={busy} onClick={() => void load(next)}>
                Mostra righe più vecchie
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Page>
  );
}
