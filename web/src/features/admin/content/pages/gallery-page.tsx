/**
 * /Admin/Content/Galleries/{id}: rename the gallery, upload images with a caption, reorder them with
 * up/down buttons, delete images and the gallery (each deletion confirmed).
 */
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { GALLERY_CAPTION_MAX, GALLERY_MAX_IMAGES, createGallerySchema, type Gallery } from '@nutri/shared';
import { isApiError } from '../../../../api/api-error';
import { paths } from '../../../../paths';
import { Breadcrumbs } from '../../../../ui/breadcrumbs';
import { useZodForm } from '../../../../ui/form/use-zod-form';
import { useHead } from '../../../../ui/head';
import { LoadError } from '../../../../ui/load-error';
import { showSuccessToast } from '../../../../ui/notify';
import { PageLoader } from '../../../../ui/page-loader';
import { ResponsiveImage } from '../../../../ui/responsive-image';
import { ConfirmButton } from '../../components/confirm-button';
import { ImageUpload } from '../../components/image-upload';
import { showSaveError } from '../../components/save-error';
import { movedImageIds, useGallery, useGalleryMutations } from '../api/galleries';

function GalleryEditor({ gallery }: { gallery: Gallery }) {
  const navigate = useNavigate();
  const mutations = useGalleryMutations();
  const form = useZodForm(createGallerySchema, { Title: gallery.Title });
  const [caption, setCaption] = useState('');
  const [moving, setMoving] = useState(false);
  const images = [...gallery.Images].sort((a, b) => a.Position - b.Position);

  const rename = form.onSubmit(async (data) => {
    try {
      await mutations.rename(gallery.GalleryId, data.Title);
      showSuccessToast('Galleria aggiornata');
    } catch (error) {
      showSaveError(error);
    }
  });

  const move = async (index: number, delta: -1 | 1) => {
    setMoving(true);
    try {
      await mutations.reorder(gallery.GalleryId, movedImageIds(gallery, index, delta));
    } catch (error) {
      showSaveError(error);
    } finally {
      setMoving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Card
        withBorder
        radius="lg"
        padding="lg"
        component="form"
        onSubmit={rename}
        noValidate
        aria-label="Galleria"
      >
        <Group align="flex-end" gap="sm">
          <TextInput label="Titolo" required style={{ flex: 1 }} {...form.field('Title')} />
          <Button type="submit" variant="light" loading={form.submitting}>
            Salva titolo
          </Button>
          <ConfirmButton
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            title="Eliminare la galleria?"
            message={`“${gallery.Title}” e le sue ${images.length} immagini verranno eliminate definitivamente.`}
            onConfirm={async () => {
              try {
                await mutations.remove(gallery.GalleryId);
                showSuccessToast('Galleria eliminata');
                await navigate(paths.admin.content({ tab: 'Galleries' }), { replace: true });
              } catch (error) {
                showSaveError(error);
              }
            }}
          >
            Elimina galleria
          </ConfirmButton>
        </Group>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="add-image-title">
        <Title order={2} fz="h4" id="add-image-title" mb="sm">
          Aggiungi un’immagine
        </Title>
        <Group align="flex-start" gap="md">
          <TextInput
            label="Didascalia"
            description="Facoltativa: scritta sotto l’immagine."
            inputWrapperOrder={['label', 'input', 'description']}
            maxLength={GALLERY_CAPTION_MAX}
            value={caption}
            onChange={(event) => setCaption(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <div style={{ paddingTop: 25 }}>
            <ImageUpload
              label="Carica immagine"
              disabled={images.length >= GALLERY_MAX_IMAGES}
              upload={async (file, onProgress) => {
                await mutations.addImage(gallery.GalleryId, file, caption.trim(), { onProgress });
                setCaption('');
              }}
            />
          </div>
        </Group>
      </Card>

      {images.length === 0 ? (
        <Text c="dimmed">La galleria non ha ancora immagini.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          spacing="md"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {images.map((image, index) => {
            const name = image.Caption || `Immagine ${index + 1}`;
            return (
              <Card component="li" key={image.ImageId} withBorder radius="md" padding="sm">
                <Card.Section>
                  <ResponsiveImage
                    urls={image.ImageFilePath}
                    alt={image.Caption}
                    sizes="(min-width: 62em) 300px, 50vw"
                  />
                </Card.Section>
                <Text size="sm" mt="xs" lineClamp={2} c={image.Caption ? undefined : 'dimmed'}>
                  {image.Caption || 'Senza didascalia'}
                </Text>
                <Group justify="space-between" mt="xs" gap={4}>
                  <Group gap={4}>
                    <ActionIcon
                      variant="default"
                      aria-label={`Sposta su: ${name}`}
                      disabled={index === 0 || moving}
                      onClick={() => void move(index, -1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Sposta giù: ${name}`}
                      disabled={index === images.length - 1 || moving}
                      onClick={() => void move(index, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <ConfirmButton
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Elimina: ${name}`}
                    title="Eliminare l’immagine?"
                    message="L’immagine verrà tolta dalla galleria ed eliminata."
                    onConfirm={async () => {
                      try {
                        await mutations.removeImage(gallery.GalleryId, image.ImageId);
                      } catch (error) {
                        showSaveError(error);
                      }
                    }}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ConfirmButton>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function GalleryPage() {
  const { galleryId: rawId } = useParams();
  const galleryId = Number(rawId);
  const valid = Number.isInteger(galleryId) && galleryId > 0;
  const { data: gallery, error, mutate } = useGallery(valid ? galleryId : null);
  const title = gallery?.Title ?? 'Galleria';
  useHead({ title, noIndex: true });
  if (!valid || isApiError(error, 404)) return <Navigate to={paths.notFound()} replace />;
  return (
    <Stack gap="md" px={{ base: 'md', md: 'xl' }} py={{ base: 'lg', md: 'xl' }} maw={1400} mx="auto">
      <Breadcrumbs
        items={[
          { label: 'Amministrazione', href: paths.admin.home() },
          { label: 'Gallerie', href: paths.admin.content({ tab: 'Galleries' }) },
          { label: title },
        ]}
      />
      <Title order={1} fz={{ base: 26, md: 32 }}>
        {title}
      </Title>
      {error ? (
        <LoadError onRetry={() => mutate()} />
      ) : !gallery ? (
        <PageLoader />
      ) : (
        <GalleryEditor key={gallery.GalleryId} gallery={gallery} />
      )}
    </Stack>
  );
}
