/**
 * /Admin/Content (BusinessAdmin): tabs StaticContent (pages and articles: filters, paging, link to the
 * edit form) and Galleries (list and create).
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createGallerySchema } from '@nutri/shared';
import { formatDateTime } from '../../../../lib/dates';
import { paths } from '../../../../paths';
import { useZodForm } from '../../../../ui/form/use-zod-form';
import { LoadError } from '../../../../ui/load-error';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import { showSaveError } from '../../components/save-error';
import { useGalleries, useGalleryMutations } from '../api/galleries';
import {
  ADMIN_CONTENT_PAGE_SIZE,
  useAdminContentCount,
  useAdminContentList,
  type AdminContentFilters,
} from '../api/static-content';

export const CONTENT_TYPE_LABELS = { Page: 'Pagina', Article: 'Articolo' } as const;

const TYPE_OPTIONS = [
  { value: '', label: 'Tutti i tipi' },
  { value: 'Article', label: 'Articoli' },
  { value: 'Page', label: 'Pagine' },
];
const STATE_OPTIONS = [
  { value: '', label: 'Tutti gli stati' },
  { value: 'true', label: 'Pubblicati' },
  { value: 'false', label: 'Bozze' },
];

function StaticContentTab() {
  const [filters, setFilters] = useState<AdminContentFilters>({ Title: '', ContentType: '', Published: '' });
  // Cursor of each page seen so far: the first page has none.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const { data, error, isLoading, mutate } = useAdminContentList(filters, cursor);
  const { data: total } = useAdminContentCount(filters);

  const changeFilter = (change: Partial<AdminContentFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setCursors([null]);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Titolo"
            description="Inizia con…"
            inputWrapperOrder={['label', 'input', 'description']}
            value={filters.Title}
            onChange={(event) => changeFilter({ Title: event.currentTarget.value })}
            w={220}
          />
          <NativeSelect
            label="Tipo"
            data={TYPE_OPTIONS}
            value={filters.ContentType}
            onChange={(event) =>
              changeFilter({ ContentType: event.currentTarget.value as AdminContentFilters['ContentType'] })
            }
          />
          <NativeSelect
            label="Stato"
            data={STATE_OPTIONS}
            value={filters.Published}
            onChange={(event) =>
              changeFilter({ Published: event.currentTarget.value as AdminContentFilters['Published'] })
            }
          />
        </Group>
        <Button
          component={Link}
          to={paths.admin.contentNew()}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Nuovo contenuto
        </Button>
      </Group>
      {error ? (
        <LoadError onRetry={() => mutate()} />
      ) : isLoading || !data ? (
        <PageLoader />
      ) : data.Data.length === 0 ? (
        <Text c="dimmed">Nessun contenuto corrisponde ai filtri.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Titolo</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Stato</Table.Th>
                <Table.Th>Indirizzo</Table.Th>
                <Table.Th>Aggiornato</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Data.map((item) => (
                <Table.Tr key={item.ContentId}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.admin.contentEdit(item.ContentId)} fw={600}>
                      {item.Title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{CONTENT_TYPE_LABELS[item.ContentType]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={item.Published ? 'leaf' : 'gray'} variant="light" tt="none" maw="none">
                      {item.Published ? 'Pubblicato' : 'Bozza'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      /{item.FriendlyUrl}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(item.UpdatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total === undefined ? '' : `${total} contenuti · pagina ${cursors.length}`}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
          >
            Pagina precedente
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!data?.NextCursor}
            onClick={() => setCursors((current) => [...current, data?.NextCursor ?? null])}
          >
            Pagina successiva
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {ADMIN_CONTENT_PAGE_SIZE} contenuti per pagina, in ordine di titolo.
      </Text>
    </Stack>
  );
}

function GalleriesTab() {
  const { data: galleries, error, mutate } = useGalleries();
  const { create } = useGalleryMutations();
  const navigate = useNavigate();
  const form = useZodForm(createGallerySchema, { Title: '' });
  const submit = form.onSubmit(async (data) => {
    try {
      const gallery = await create(data.Title);
      form.reset();
      await navigate(paths.admin.gallery(gallery.GalleryId));
    } catch (caught) {
      showSaveError(caught);
    }
  });
  return (
    <Stack gap="lg">
      <Card
        withBorder
        radius="md"
        padding="md"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Nuova galleria"
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Titolo della nuova galleria"
            required
            {...form.field('Title')}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={form.submitting} leftSection={<IconPlus size={16} aria-hidden />}>
            Crea galleria
          </Button>
        </Group>
      </Card>
      {error ? (
        <LoadError onRetry={() => mutate()} />
      ) : !galleries ? (
        <PageLoader />
      ) : galleries.length === 0 ? (
        <Text c="dimmed">Non ci sono ancora gallerie.</Text>
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Galleria</Table.Th>
              <Table.Th>Immagini</Table.Th>
              <Table.Th>Aggiornata</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {galleries.map((gallery) => (
              <Table.Tr key={gallery.GalleryId}>
                <Table.Td>
                  <Anchor component={Link} to={paths.admin.gallery(gallery.GalleryId)} fw={600}>
                    {gallery.Title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{gallery.ImageCount}</Table.Td>
                <Table.Td>{formatDateTime(gallery.UpdatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function AdminContentPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'Galleries' ? 'Galleries' : 'StaticContent';
  return (
    <Page
      title="Contenuti"
      description="Pagine, articoli del blog e gallerie di immagini."
      head={{ noIndex: true }}
    >
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearchParams(value === 'Galleries' ? { tab: 'Galleries' } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="StaticContent">Contenuti statici</Tabs.Tab>
          <Tabs.Tab value="Galleries">Gallerie</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="StaticContent">
          <StaticContentTab />
        </Tabs.Panel>
        <Tabs.Panel value="Galleries">
          <GalleriesTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
