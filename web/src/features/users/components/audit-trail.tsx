/** A user's audit trail: who did what and when, each changed field before and after. */
import { Badge, Stack, Table, Text } from '@mantine/core';
import { ROLE_LABELS, type Role } from '@nutri/shared';
import type { AuditRow } from '../api/users-api';
import { ScrollableTable } from '../../../ui/scrollable-table';

const ACTION_LABELS: Record<string, string> = {
  'user.details.changed': 'Dati modificati',
  'user.email.changed': 'E-mail cambiata',
  'user.roles.changed': 'Ruoli cambiati',
  'user.disabled': 'Account disabilitato',
  'user.enabled': 'Account riabilitato',
  'user.password-reset.sent': 'E-mail di reimpostazione password inviata',
  'user.session.revoked': 'Sessione terminata',
  'nutritionist.created': 'Account nutrizionista creato',
  'nutritionist.invitation.sent': 'Invito inviato di nuovo',
  'nutritionist.calendar-partner.changed': 'Partner calendario cambiato',
  'nutritionist.deactivated': 'Nutrizionista disattivato',
  'nutritionist.reactivated': 'Nutrizionista riattivato',
};

const FIELD_LABELS: Record<string, string> = {
  Name: 'Nome',
  DisplayName: 'Nome visualizzato',
  MobilePhoneNo: 'Cellulare',
  Email: 'E-mail',
  Roles: 'Ruoli',
  Disabled: 'Disabilitato',
  Deactivated: 'Disattivato',
  IsPublic: 'Profilo pubblico',
  IsCalendarPartner: 'Partner calendario',
  ProfessionalTitle: 'Titolo professionale',
};

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** Role names as the back office writes them (the entry keeps the API's names). */
const shownValue = (field: string, value: string | number | null | undefined) =>
  field === 'Roles' && typeof value === 'string'
    ? value
        .split(', ')
        .filter(Boolean)
        .map((role) => ROLE_LABELS[role as Role] ?? role)
        .join(', ') || '—'
    : shown(value);

/** `Field.before` / `Field.after` pairs, then any other detail. */
const describe = (details: AuditRow['Details']) => {
  const fields = [
    ...new Set(
      Object.keys(details)
        .filter((key) => key.endsWith('.before') || key.endsWith('.after'))
        .map((key) => key.slice(0, key.lastIndexOf('.'))),
    ),
  ];
  const changes = fields.map(
    (field) =>
      `${FIELD_LABELS[field] ?? field}: ${shownValue(field, details[`${field}.before`])} → ${shownValue(field, details[`${field}.after`])}`,
  );
  const others = Object.entries(details)
    .filter(([key]) => !key.endsWith('.before') && !key.endsWith('.after'))
    .map(
      ([key, value]) => `${key === 'ReleasedPatients' ? 'Pazienti tornati in attesa' : key}: ${shown(value)}`,
    );
  return [...changes, ...others];
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

export function AuditTrail({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) return <Text c="dimmed">Nessuna modifica registrata.</Text>;
  return (
    <ScrollableTable minWidth={560} label="Registro delle modifiche, scorrevole">
      <Table verticalSpacing="xs" aria-label="Registro delle modifiche">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Azione</Table.Th>
            <Table.Th>Chi</Table.Th>
            <Table.Th>Prima → dopo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.AuditId}>
              <Table.Td>{when(entry.At)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray">
                  {ACTION_LABELS[entry.Action] ?? entry.Action}
                </Badge>
              </Table.Td>
              <Table.Td>{entry.ActorDisplayName ?? entry.ActorUserId}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {describe(entry.Details).map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
