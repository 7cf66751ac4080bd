/**
 * `/SystemSettings/Audit` (docs/product.md#audit-trail, SystemAdmin): search the audit trail by user,
 * target and period, newest first, 50 at a time. Searched only on request (no background refresh).
 */
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { AUDIT_SUBJECT_TYPES, type AuditEntryView, type AuditSubjectType } from '@nutri/shared';
import { formatDateTime } from '../../../lib/dates';
import { Page } from '../../../ui/page';
import { ScrollableTable } from '../../../ui/scrollable-table';
import { searchAudit } from '../api/settings';
import { usePagedSearch } from '../hooks/use-paged-search';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface Filters {
  user: string;
  subjectType: AuditSubjectType | null;
  subjectId: string;
  from: string;
  to: string;
}

const queryOf = (filters: Filters, before?: string) => ({
  from: filters.from,
  to: filters.to,
  ...(filters.user.trim() ? { user: filters.user.trim() } : {}),
  ...(filters.subjectType ? { subjectType: filters.subjectType } : {}),
  ...(filters.subjectId.trim() ? { subjectId: filters.subjectId.trim() } : {}),
  ...(before ? { before } : {}),
});

const subjectName = (type: string) => AUDIT_SUBJECT_TYPES[type as AuditSubjectType] ?? type;

export function AuditPage() {
  const {
    filters,
    set,
    rows: entries,
    next,
    errors,
    problem,
    busy,
    load,
    submit,
  } = usePagedSearch<Filters, AuditEntryView>(
    () => ({
      user: '',
      subjectType: null,
      subjectId: '',
      from: isoDay(new Date(Date.now() - 6 * 86_400_000)),
      to: isoDay(new Date()),
    }),
    (current, cursor) => searchAudit(queryOf(current, cursor)),
    'Non è stato possibile cercare: riprova.',
  );

  return (
    <Page
      title="Registro delle attività"
      description="Chi ha letto dati sanitari o cambiato qualcosa nell’amministrazione, e quando. Nessuno può modificarlo o cancellarlo."
      head={{ noIndex: true }}
    >
      <form onSubmit={submit} aria-label="Cerca nel registro">
        <Stack gap="md" maw={720}>
          <TextInput
            label="Utente (e-mail o identificativo)"
            value={filters.user}
            onChange={(event) => set('user', event.currentTarget.value)}
            error={errors.user}
          />
          <Group grow align="flex-start">
            <Select
              label="Tipo di oggetto"
              clearable
              value={filters.subjectType}
              onChange={(value) => set('subjectType', value as AuditSubjectType | null)}
              data={Object.entries(AUDIT_SUBJECT_TYPES).map(([value, label]) => ({ value, label }))}
            />
            <TextInput
              label="Identificativo dell’oggetto"
              value={filters.subjectId}
              onChange={(event) => set('subjectId', event.currentTarget.value)}
              error={errors.subjectId}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Dal giorno"
              value={filters.from}
              onChange={(event) => set('from', event.currentTarget.value)}
              error={errors.from}
              required
            />
            <TextInput
              type="date"
              label="Al giorno"
              value={filters.to}
              onChange={(event) => set('to', event.currentTarget.value)}
              error={errors.to}
              required
            />
          </Group>
          <Group>
            <Button type="submit" loading={busy && entries === null}>
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
      {entries ? (
        <Stack gap="md" mt="xl">
          <Text role="status">
            {entries.length === 0 ? 'Nessuna attività trovata.' : `${entries.length} attività mostrate.`}
          </Text>
          {entries.length ? (
            <ScrollableTable minWidth={760} label="Attività trovate">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Quando</Table.Th>
                    <Table.Th>Azione</Table.Th>
                    <Table.Th>Utente</Table.Th>
                    <Table.Th>Oggetto</Table.Th>
                    <Table.Th>Dettagli</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.AuditId}>
                      <Table.Td>{formatDateTime(entry.At)}</Table.Td>
                      <Table.Td>
                        <code>{entry.Action}</code>
                      </Table.Td>
                      <Table.Td>{entry.Actor.DisplayName || entry.Actor.UserId}</Table.Td>
                      <Table.Td>
                        {subjectName(entry.SubjectType)} <code>{entry.SubjectId}</code>
                      </Table.Td>
                      <Table.Td fz="sm">
                        {Object.entries(entry.Details)
                          .map(([name, value]) => `${name}: ${value ?? '—'}`)
                          .join(', ')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
          ) : null}
          {next ? (
            <Group>
              <Button variant="light" loading={busy} onClick={() => void load(next)}>
                Mostra altre
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Page>
  );
}
