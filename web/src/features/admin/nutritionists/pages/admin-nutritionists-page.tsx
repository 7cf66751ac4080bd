/**
 * /Admin/Nutritionists (BusinessAdmin): every nutritionist, whether the profile is public and complete;
 * searched by the start of the name (kept in the URL), 50 at a time with "Mostra altri". A newly created
 * nutritionist is shown by searching their name, wherever they fall in the alphabet.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Avatar, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { paths } from '../../../../paths';
import { LoadError } from '../../../../ui/load-error';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import { useAdminNutritionistPages } from '../api/admin-nutritionists';
import { NewNutritionistDialog } from '../components/new-nutritionist-dialog';
import { useAddressFilters } from '../../../../lib/use-address-filters';
import { ScrollableTable } from '../../../../ui/scrollable-table';

export function AdminNutritionistsPage() {
  const [params, changeAddress] = useAddressFilters();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const list = useAdminNutritionistPages(search);
  const nutritionists = list.items;
  const [creating, setCreating] = useState(false);
  const showSearch = (text: string) => {
    setTyped(text);
    changeAddress({ search: text });
  };
  return (
    <Page
      title="Nutrizionisti"
      description="I profili pubblici dei nutrizionisti: dati, foto, specializzazioni e visibilità sul sito."
      head={{ noIndex: true }}
    >
      <Group mb="md" justify="space-between" align="end" wrap="wrap">
        <form
          role="search"
          aria-label="Cerca nutrizionisti"
          onSubmit={(event) => {
            event.preventDefault();
            showSearch(typed.trim());
          }}
        >
          <Group align="end" wrap="nowrap" gap="xs">
            <TextInput
              label="Nome"
              description="L’inizio del nome visualizzato"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              maxLength={100}
              w={260}
            />
            <Button type="submit" variant="light">
              Cerca
            </Button>
          </Group>
        </form>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          Nuovo nutrizionista
        </Button>
      </Group>
      <NewNutritionistDialog opened={creating} onClose={() => setCreating(false)} onCreated={showSearch} />
      {list.error ? (
        <LoadError onRetry={() => void list.reload()} />
      ) : !nutritionists ? (
        <PageLoader />
      ) : nutritionists.length === 0 ? (
        <Text c="dimmed">
          {search
            ? `Nessun nutrizionista ha un nome che inizia con «${search}».`
            : 'Non ci sono utenti con il ruolo di nutrizionista.'}
        </Text>
      ) : (
        <>
          <ScrollableTable minWidth={640} label="Elenco dei nutrizionisti, scorrevole">
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Nutrizionisti">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nutrizionista</Table.Th>
                  <Table.Th>Titolo professionale</Table.Th>
                  <Table.Th>Profilo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {nutritionists.map((nutritionist) => (
                  <Table.Tr key={nutritionist.UserId}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={nutritionist.ImageFileUrl} alt="" radius="xl" color="leaf">
                          {nutritionist.DisplayName.slice(0, 1)}
                        </Avatar>
                        <Stack gap={0}>
                          <Anchor
                            component={Link}
                            to={paths.admin.nutritionistProfile(nutritionist.UserId)}
                            fw={600}
                          >
                            {nutritionist.DisplayName}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {nutritionist.Email}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>{nutritionist.ProfessionalTitle || '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Badge variant="light" color={nutritionist.IsPublic ? 'leaf' : 'gray'}>
                          {nutritionist.IsPublic ? 'Pubblico' : 'Nascosto'}
                        </Badge>
                        {nutritionist.Deactivated ? (
                          <Badge variant="light" color="red">
                            Disattivato
                          </Badge>
                        ) : null}
                        {nutritionist.IsCalendarPartner ? (
                          <Badge variant="outline" color="gray">
                            Partner calendario
                          </Badge>
                        ) : null}
                        {!nutritionist.IsComplete ? (
                          <Badge variant="outline" color="apricot">
                            Incompleto
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
          {list.hasMore ? (
            <Group justify="center" mt="md">
              <Button variant="default" onClick={() => void list.loadMore()} loading={list.isLoadingMore}>
                Mostra altri
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Page>
  );
}
