/** /Admin/Nutritionists (BusinessAdmin): every nutritionist, whether the profile is public and complete. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Avatar, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { paths } from '../../../../paths';
import { LoadError } from '../../../../ui/load-error';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import { useAdminNutritionists } from '../api/admin-nutritionists';
import { NewNutritionistDialog } from '../components/new-nutritionist-dialog';

export function AdminNutritionistsPage() {
  const { data: nutritionists, error, mutate } = useAdminNutritionists();
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title="Nutrizionisti"
      description="I profili pubblici dei nutrizionisti: dati, foto, specializzazioni e visibilità sul sito."
      head={{ noIndex: true }}
    >
      <Group mb="md">
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          Nuovo nutrizionista
        </Button>
      </Group>
      <NewNutritionistDialog opened={creating} onClose={() => setCreating(false)} />
      {error ? (
        <LoadError onRetry={() => mutate()} />
      ) : !nutritionists ? (
        <PageLoader />
      ) : nutritionists.length === 0 ? (
        <Text c="dimmed">Non ci sono utenti con il ruolo di nutrizionista.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
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
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
