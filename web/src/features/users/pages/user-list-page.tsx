/**
 * /Users/UserList (UserManager): search by the start of the name or by the exact e-mail, filter by role
 * and status, "Mostra altri" paging. Filters live in the URL, so a link from /Users opens them set.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ROLES, ROLE_LABELS, USER_STATUSES, type Role, type UserStatus } from '@nutri/shared';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { useUserList } from '../api/users-api';
import { useAddressFilters } from '../../../lib/use-address-filters';
import { ScrollableTable } from '../../../ui/scrollable-table';

const STATUS_LABELS: Record<UserStatus, string> = {
  all: 'Tutti',
  active: 'Attivi',
  disabled: 'Disabilitati',
};

const asRole = (value: string | null): Role | '' =>
  value && (ROLES as readonly string[]).includes(value) ? (value as Role) : '';
const asStatus = (value: string | null): UserStatus =>
  value && (USER_STATUSES as readonly string[]).includes(value) ? (value as UserStatus) : 'all';

export function UserListPage() {
  const [params, changeAddress] = useAddressFilters();
  const filters = {
    search: params.get('search') ?? '',
    role: asRole(params.get('role')),
    status: asStatus(params.get('status')),
  };
  const [typed, setTyped] = useState(filters.search);
  const list = useUserList(filters);
  const setFilter = (name: string, value: string) =>
    changeAddress({ [name]: value === 'all' ? null : value });

  return (
    <Page
      title="Elenco utenti"
      description="Cerca per nome o e-mail, filtra per ruolo e stato."
      head={{ noIndex: true }}
    >
      <Stack gap="md">
        <form
          role="search"
          aria-label="Cerca utenti"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter('search', typed.trim());
          }}
        >
          <Group align="end" wrap="wrap">
            <TextInput
              label="Nome o e-mail"
              description="L’inizio del nome visualizzato, oppure l’indirizzo e-mail completo"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              maw={320}
              w="100%"
            />
            <Button type="submit" variant="light">
              Cerca
            </Button>
            <Select
              label="Ruolo"
              data={[
                { value: '', label: 'Tutti i ruoli' },
                ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
              ]}
              value={filters.role}
              onChange={(value) => setFilter('role', value ?? '')}
              allowDeselect={false}
              maw={240}
            />
            <Select
              label="Stato"
              data={USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
              value={filters.status}
              onChange={(value) => setFilter('status', value ?? 'all')}
              allowDeselect={false}
              maw={180}
            />
          </Group>
        </form>
        {list.error ? (
          <LoadError onRetry={() => list.reload()} />
        ) : !list.items ? (
          <PageLoader />
        ) : list.items.length === 0 ? (
          <Text c="dimmed">Nessun utente corrisponde ai filtri.</Text>
        ) : (
          <>
            <ScrollableTable minWidth={640} label="Elenco degli utenti">
              <Table striped highlightOnHover verticalSpacing="sm" aria-label="Utenti">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Utente</Table.Th>
                    <Table.Th>Ruoli</Table.Th>
                    <Table.Th>Stato</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((user) => (
                    <Table.Tr key={user.Id}>
                      <Table.Td>
                        <Stack gap={0}>
                          <Anchor component={Link} to={paths.users.edit(user.Id)} fw={600}>
                            {user.DisplayName}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {user.Email}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {user.Roles.map((role) => (
                            <Badge key={role} variant="light" color="gray">
                              {ROLE_LABELS[role]}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={user.Disabled ? 'red' : 'leaf'}>
                          {user.Disabled ? 'Disabilitato' : 'Attivo'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
            {list.hasMore ? (
              <Group>
                <Button variant="light" onClick={() => void list.loadMore()} loading={list.isLoadingMore}>
                  Mostra altri
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Page>
  );
}
