/**
 * /Admin/Tags (BusinessAdmin): the tag catalog by kind (content tags of the blog, skill tags of the
 * nutritionists): create, rename inline, delete with confirmation.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { createTagSchema, updateTagSchema, type TagDetail, type TagKind } from '@nutri/shared';
import { isApiError } from '../../../../api/api-error';
import { useZodForm } from '../../../../ui/form/use-zod-form';
import { LoadError } from '../../../../ui/load-error';
import { showSuccessToast } from '../../../../ui/notify';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import { ConfirmButton } from '../../components/confirm-button';
import { showSaveError } from '../../components/save-error';
import { useTagMutations, useTags } from '../api/tags';

const KIND_LABELS: Record<TagKind, string> = { Content: 'Tag dei contenuti', Skill: 'Specializzazioni' };

function TagRow({ tag }: { tag: TagDetail }) {
  const { rename, remove } = useTagMutations();
  const [editing, setEditing] = useState(false);
  const form = useZodForm(updateTagSchema, { TagName: tag.TagName });
  const save = form.onSubmit(async (data) => {
    try {
      await rename(tag.TagId, data.TagName);
      setEditing(false);
      showSuccessToast('Tag rinominato');
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      showSaveError(error);
    }
  });
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form onSubmit={save} noValidate aria-label={`Rinomina ${tag.TagName}`}>
            <Group gap={4} wrap="nowrap">
              <TextInput
                aria-label="Nuovo nome"
                size="xs"
                autoFocus
                {...form.field('TagName')}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setEditing(false);
                }}
              />
              <ActionIcon type="submit" variant="light" aria-label="Salva il nome" loading={form.submitting}>
                <IconCheck size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Annulla"
                onClick={() => setEditing(false)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </form>
        ) : (
          <Text fw={500}>{tag.TagName}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!editing ? (
            <ActionIcon
              variant="subtle"
              aria-label={`Rinomina ${tag.TagName}`}
              onClick={() => {
                form.reset({ TagName: tag.TagName });
                setEditing(true);
              }}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          ) : null}
          <ConfirmButton
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Elimina ${tag.TagName}`}
            title="Eliminare il tag?"
            message={`“${tag.TagName}” verrà tolto da tutti i contenuti e i profili che lo usano.`}
            onConfirm={async () => {
              try {
                await remove(tag.TagId);
                showSuccessToast('Tag eliminato');
              } catch (error) {
                showSaveError(error);
              }
            }}
          >
            <IconTrash size={16} aria-hidden />
          </ConfirmButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function AdminTagsPage() {
  const [kind, setKind] = useState<TagKind>('Content');
  const { data: tags, error, mutate } = useTags(kind);
  const { create } = useTagMutations();
  const form = useZodForm(createTagSchema, { TagName: '', Kind: kind });
  const submit = form.onSubmit(async (data) => {
    try {
      await create(data.TagName, kind);
      form.reset({ TagName: '', Kind: kind });
      showSuccessToast('Tag creato');
    } catch (caught) {
      if (isApiError(caught)) form.setServerErrors(caught.fieldErrors);
      showSaveError(caught);
    }
  });

  return (
    <Page
      title="Tag"
      description="I tag dei contenuti del blog e le specializzazioni dei nutrizionisti."
      head={{ noIndex: true }}
      size="md"
    >
      <Stack gap="lg">
        <SegmentedControl
          aria-label="Tipo di tag"
          value={kind}
          onChange={(value) => setKind(value)}
          data={(Object.keys(KIND_LABELS) as TagKind[]).map((value) => ({
            value,
            label: KIND_LABELS[value],
          }))}
        />
        <Card
          withBorder
          radius="md"
          padding="md"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Nuovo tag"
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Nome del nuovo tag"
              required
              maxLength={60}
              style={{ flex: 1 }}
              {...form.field('TagName')}
            />
            <Button type="submit" loading={form.submitting} leftSection={<IconPlus size={16} aria-hidden />}>
              Crea tag
            </Button>
          </Group>
        </Card>
        {error ? (
          <LoadError onRetry={() => mutate()} />
        ) : !tags ? (
          <PageLoader />
        ) : tags.length === 0 ? (
          <Text c="dimmed">Nessun tag di questo tipo.</Text>
        ) : (
          <Table striped verticalSpacing="xs" aria-label={KIND_LABELS[kind]}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th ta="right">Azioni</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tags.map((tag) => (
                <TagRow key={tag.TagId} tag={tag} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Page>
  );
}
