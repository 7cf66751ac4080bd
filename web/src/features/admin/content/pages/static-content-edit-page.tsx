/**
 * /Admin/Content/StaticContent/New and /Admin/Content/StaticContent/{id}: the form of a page or article
 * (type, title, friendly URL suggested from the title, meta description, HTML text with live preview,
 * publish switch), then, once saved, its cover image with caption and its tags.
 */
import { useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  createStaticContentSchema,
  type CreateStaticContentRequest,
  type StaticContent,
} from '@nutri/shared';
import { isApiError } from '../../../../api/api-error';
import { paths } from '../../../../paths';
import { Breadcrumbs } from '../../../../ui/breadcrumbs';
import { useZodForm } from '../../../../ui/form/use-zod-form';
import { useHead } from '../../../../ui/head';
import { LoadError } from '../../../../ui/load-error';
import { showSuccessToast } from '../../../../ui/notify';
import { PageLoader } from '../../../../ui/page-loader';
import { ResponsiveImage } from '../../../../ui/responsive-image';
import { ContentBody, ABOUT_CONTENT_ID, contentHref } from '../../../content';
import { ConfirmButton } from '../../components/confirm-button';
import { ImageUpload } from '../../components/image-upload';
import { showSaveError } from '../../components/save-error';
import { useAdminContent, useSaveContent } from '../api/static-content';
import { ContentTagsEditor } from '../components/content-tags-editor';
import { previewHtml } from '../preview-html';
import { slugify } from '../slug';
import { CONTENT_TYPE_LABELS } from './admin-content-page';

type ContentForm = Required<Omit<CreateStaticContentRequest, never>>;

const EMPTY: ContentForm = {
  ContentType: 'Article',
  Title: '',
  FriendlyUrl: '',
  MetaDescription: '',
  Text: '',
  ImageCaption: '',
  Published: false,
};

const valuesOf = (content: StaticContent): ContentForm => ({
  ContentType: content.ContentType,
  Title: content.Title,
  FriendlyUrl: content.FriendlyUrl,
  MetaDescription: content.MetaDescription,
  Text: content.Text,
  ImageCaption: content.ImageCaption,
  Published: content.Published,
});

const TYPE_OPTIONS = Object.entries(CONTENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

function CoverEditor({ content }: { content: StaticContent }) {
  const { uploadImage, removeImage } = useSaveContent();
  return (
    <Stack gap="sm">
      {content.ImageFilePath ? (
        <figure style={{ margin: 0 }}>
          <ResponsiveImage
            urls={content.ImageFilePath}
            alt="Anteprima dell’immagine di copertina"
            sizes="(min-width: 62em) 400px, 100vw"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
          {content.ImageCaption ? (
            <Text component="figcaption" size="sm" c="dimmed" mt={4}>
              {content.ImageCaption}
            </Text>
          ) : null}
        </figure>
      ) : (
        <Text size="sm" c="dimmed">
          Nessuna immagine di copertina.
        </Text>
      )}
      <Group gap="sm" align="flex-start">
        <ImageUpload
          label={content.ImageFilePath ? 'Cambia immagine di copertina' : 'Carica immagine di copertina'}
          upload={(file, onProgress) => uploadImage(content.ContentId, file, { onProgress })}
        />
        {content.ImageFilePath ? (
          <ConfirmButton
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            title="Rimuovere l’immagine di copertina?"
            message="L’immagine verrà eliminata da questo contenuto."
            confirmLabel="Rimuovi"
            onConfirm={async () => {
              try {
                await removeImage(content.ContentId);
              } catch (error) {
                showSaveError(error);
              }
            }}
          >
            Rimuovi immagine
          </ConfirmButton>
        ) : null}
      </Group>
    </Stack>
  );
}

function ContentEditor({ content }: { content: StaticContent | null }) {
  const navigate = useNavigate();
  const { create, update, remove } = useSaveContent();
  const form = useZodForm(createStaticContentSchema, content ? valuesOf(content) : EMPTY);
  // The URL follows the title until someone edits it (new content only: published URLs must not move).
  const urlEdited = useRef(content !== null);
  const [removing, setRemoving] = useState(false);
  const values = form.values as ContentForm;
  const preview = useMemo(() => previewHtml(values.Text), [values.Text]);
  // 'Chi siamo' lives at /About whatever its friendly URL; everything else at /Blog/<friendly URL>.
  const isAbout = content?.ContentId === ABOUT_CONTENT_ID;
  const address = isAbout ? paths.about() : `/Blog/${values.FriendlyUrl || '…'}`;

  const submit = form.onSubmit(async (data) => {
    try {
      if (content) {
        await update(content.ContentId, data);
        showSuccessToast('Modifiche salvate');
      } else {
        const created = await create(data);
        showSuccessToast('Contenuto creato');
        await navigate(paths.admin.contentEdit(created.ContentId), { replace: true });
      }
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      showSaveError(error);
    }
  });

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: content ? 8 : 12 }}>
        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Contenuto"
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Tipo di contenuto"
                data={TYPE_OPTIONS}
                value={values.ContentType}
                onChange={(event) =>
                  form.setValue('ContentType', event.currentTarget.value as ContentForm['ContentType'])
                }
                error={form.errors.ContentType}
              />
              <Switch
                label="Pubblicato"
                description="Visibile sul sito"
                mt={{ sm: 28 }}
                {...form.checkbox('Published')}
              />
            </SimpleGrid>
            <TextInput
              label="Titolo"
              required
              maxLength={200}
              value={values.Title}
              error={form.errors.Title}
              onChange={(event) => {
                const title = event.currentTarget.value;
                if (urlEdited.current) form.setValue('Title', title);
                else form.setValues({ ...values, Title: title, FriendlyUrl: slugify(title) });
              }}
            />
            <TextInput
              label="Indirizzo (friendly URL)"
              description={
                isAbout
                  ? `Solo lettere minuscole, numeri e trattini. Questa pagina è pubblicata su ${address}.`
                  : `Solo lettere minuscole, numeri e trattini: ${address}`
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              maxLength={120}
              value={values.FriendlyUrl}
              error={form.errors.FriendlyUrl}
              onChange={(event) => {
                urlEdited.current = true;
                form.setValue('FriendlyUrl', event.currentTarget.value);
              }}
            />
            <Textarea
              label="Meta description"
              description={`Facoltativo: il testo che mostrano i motori di ricerca (${values.MetaDescription.length}/300).`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autosize
              minRows={2}
              maxLength={300}
              {...form.field('MetaDescription')}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Textarea
                label="Testo (HTML)"
                description="Titoli h2/h3, paragrafi, elenchi, link, grassetto e immagini: il server rimuove il resto."
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autosize
                minRows={14}
                maxRows={30}
                styles={{
                  input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 },
                }}
                {...form.field('Text')}
              />
              <section aria-label="Anteprima del testo">
                <Text fw={500} size="sm" mb={6}>
                  Anteprima
                </Text>
                <Card withBorder radius="md" padding="md" mah={640} style={{ overflow: 'auto' }}>
                  {values.Text.trim() ? (
                    <ContentBody html={preview} />
                  ) : (
                    <Text c="dimmed">Il testo apparirà qui.</Text>
                  )}
                </Card>
              </section>
            </SimpleGrid>
            <TextInput
              label="Didascalia dell’immagine di copertina"
              description="Facoltativo: mostrata sotto l’immagine."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={300}
              {...form.field('ImageCaption')}
            />
            <Group justify="space-between">
              <Button type="submit" loading={form.submitting}>
                {content ? 'Salva modifiche' : 'Crea contenuto'}
              </Button>
              {content ? (
                <ConfirmButton
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={removing}
                  title="Eliminare il contenuto?"
                  message={`“${content.Title}” verrà eliminato definitivamente, con la sua immagine e i suoi tag.`}
                  onConfirm={async () => {
                    setRemoving(true);
                    try {
                      await remove(content.ContentId);
                      showSuccessToast('Contenuto eliminato');
                      await navigate(paths.admin.content(), { replace: true });
                    } catch (error) {
                      showSaveError(error);
                    } finally {
                      setRemoving(false);
                    }
                  }}
                >
                  Elimina contenuto
                </ConfirmButton>
              ) : null}
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      {content ? (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="cover-title">
              <Title order={2} fz="h4" id="cover-title" mb="sm">
                Immagine di copertina
              </Title>
              <CoverEditor content={content} />
            </Card>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="tags-title">
              <Title order={2} fz="h4" id="tags-title" mb="sm">
                Tag
              </Title>
              <ContentTagsEditor contentId={content.ContentId} initialTags={content.tags} />
            </Card>
            {content.Published ? (
              <Anchor component={Link} to={contentHref(content)}>
                Vedi sul sito
              </Anchor>
            ) : null}
          </Stack>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

export function StaticContentEditPage() {
  const { contentId: rawId } = useParams();
  const contentId = rawId ? Number(rawId) : null;
  const invalidId = rawId !== undefined && (!Number.isInteger(contentId) || (contentId ?? 0) <= 0);
  const { data: content, error, mutate } = useAdminContent(invalidId ? null : contentId);
  const title = contentId ? (content?.Title ?? 'Contenuto') : 'Nuovo contenuto';
  useHead({ title, noIndex: true });

  if (invalidId || isApiError(error, 404)) return <Navigate to={paths.notFound()} replace />;

  return (
    <Stack gap="md" px={{ base: 'md', md: 'xl' }} py={{ base: 'lg', md: 'xl' }} maw={1400} mx="auto">
      <Breadcrumbs
        items={[
          { label: 'Amministrazione', href: paths.admin.home() },
          { label: 'Contenuti', href: paths.admin.content() },
          { label: title },
        ]}
      />
      <Title order={1} fz={{ base: 26, md: 32 }}>
        {title}
      </Title>
      {contentId === null ? (
        <ContentEditor content={null} />
      ) : error ? (
        <LoadError onRetry={() => mutate()} />
      ) : !content ? (
        <PageLoader />
      ) : (
        <ContentEditor key={content.ContentId} content={content} />
      )}
    </Stack>
  );
}
