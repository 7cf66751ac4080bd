/**
 * /Admin/NutritionistProfile/{UserId} (BusinessAdmin): the public profile of one nutritionist, edited with
 * the handler's schema (updateNutritionistProfileSchema): titles, bio and training (one line each), page
 * address, gender, specializations (Skill tags), visibility, and the photo.
 */
import { Link, Navigate, useParams } from 'react-router-dom';
import { AccountPanel } from '../components/account-panel';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Grid,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  honorific,
  updateNutritionistProfileSchema,
  type AdminNutritionistProfile,
  type PublicProfileRequiredField,
  type UpdateNutritionistProfileRequest,
} from '@nutri/shared';
import { isApiError } from '../../../../api/api-error';
import { paths } from '../../../../paths';
import { Breadcrumbs } from '../../../../ui/breadcrumbs';
import { useZodForm } from '../../../../ui/form/use-zod-form';
import { useHead } from '../../../../ui/head';
import { LoadError } from '../../../../ui/load-error';
import { showSuccessToast } from '../../../../ui/notify';
import { PageLoader } from '../../../../ui/page-loader';
import { ImageUpload } from '../../components/image-upload';
import { showSaveError } from '../../components/save-error';
import { useTags } from '../../content/api/tags';
import { slugify } from '../../content/slug';
import { useAdminNutritionistProfile, useAdminProfileMutations } from '../api/admin-nutritionists';

const FIELD_LABELS: Record<PublicProfileRequiredField, string> = {
  ProfessionalTitle: 'titolo professionale',
  PersonalTitle: 'titolo personale',
  Bio: 'biografia',
  Training: 'formazione',
  ProfilePageUrl: 'indirizzo della pagina',
  Gender: 'genere',
  SkillTagIds: 'specializzazioni',
  Image: 'foto',
};

interface ProfileForm {
  ProfessionalTitle: string;
  PersonalTitle: 'dottore' | 'dottoressa' | undefined;
  Bio: string;
  Training: string;
  ProfilePageUrl: string;
  Gender: 1 | 2 | undefined;
  IsPublic: boolean;
  SkillTagIds: number[];
}

const valuesOf = (profile: AdminNutritionistProfile): ProfileForm => ({
  ProfessionalTitle: profile.ProfessionalTitle,
  PersonalTitle:
    profile.PersonalTitle === 'dottoressa' || profile.PersonalTitle === 'dottore'
      ? profile.PersonalTitle
      : undefined,
  Bio: profile.Bio,
  Training: profile.Training,
  ProfilePageUrl: profile.ProfilePageUrl ?? slugify(profile.DisplayName),
  Gender: profile.Gender === 1 || profile.Gender === 2 ? profile.Gender : undefined,
  IsPublic: profile.IsPublic,
  SkillTagIds: profile.SkillTagIds,
});

function ProfileEditor({ profile }: { profile: AdminNutritionistProfile }) {
  const { update, uploadPhoto } = useAdminProfileMutations();
  const { data: skills } = useTags('Skill');
  const form = useZodForm(
    updateNutritionistProfileSchema,
    valuesOf(profile) as unknown as UpdateNutritionistProfileRequest,
  );
  const values = form.values as unknown as ProfileForm;

  const submit = form.onSubmit(async (data) => {
    try {
      await update(profile.UserId, data);
      showSuccessToast('Profilo salvato');
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      showSaveError(error);
    }
  });

  const skillOptions = (skills ?? []).map((tag) => ({ value: String(tag.TagId), label: tag.TagName }));

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="photo-title">
          <Title order={2} fz="h4" id="photo-title" mb="md">
            Foto
          </Title>
          <Stack align="center" gap="md">
            <Avatar
              src={profile.ImageFileUrl}
              alt={profile.ImageFileUrl ? `Foto di ${profile.DisplayName}` : ''}
              size={160}
              radius={160}
              color="leaf"
            >
              {profile.DisplayName.slice(0, 1)}
            </Avatar>
            <ImageUpload
              label={profile.ImageFileUrl ? 'Cambia foto' : 'Carica foto'}
              upload={async (file, onProgress) => {
                await uploadPhoto(profile.UserId, file, { onProgress });
                showSuccessToast('Foto aggiornata');
              }}
            />
          </Stack>
        </Card>
        {profile.IsPublic && profile.ProfilePageUrl ? (
          <Anchor
            component={Link}
            to={paths.nutritionists.profile(profile.ProfilePageUrl)}
            mt="md"
            display="block"
          >
            Vedi il profilo pubblico
          </Anchor>
        ) : null}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Profilo pubblico"
        >
          <Stack gap="md">
            {profile.MissingFields.length > 0 ? (
              <Alert
                color="apricot"
                variant="light"
                icon={<IconAlertTriangle aria-hidden />}
                title="Profilo incompleto"
              >
                Per renderlo pubblico mancano:{' '}
                {profile.MissingFields.map((field) => FIELD_LABELS[field]).join(', ')}.
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Titolo personale"
                data={[
                  { value: '', label: 'Scegli' },
                  { value: 'dottore', label: 'Dottore (Dott.)' },
                  { value: 'dottoressa', label: 'Dottoressa (Dott.sa)' },
                ]}
                value={values.PersonalTitle ?? ''}
                onChange={(event) =>
                  form.setValue(
                    'PersonalTitle',
                    (event.currentTarget.value || undefined) as ProfileForm['PersonalTitle'],
                  )
                }
                error={form.errors.PersonalTitle}
              />
              <NativeSelect
                label="Genere"
                data={[
                  { value: '', label: 'Scegli' },
                  { value: '2', label: 'Donna' },
                  { value: '1', label: 'Uomo' },
                ]}
                value={values.Gender ? String(values.Gender) : ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  form.setValue('Gender', value ? (Number(value) as 1 | 2) : undefined);
                }}
                error={form.errors.Gender}
              />
            </SimpleGrid>
            <TextInput
              label="Titolo professionale"
              required
              maxLength={120}
              {...form.field('ProfessionalTitle')}
            />
            <TextInput
              label="Indirizzo della pagina"
              description={`Solo lettere minuscole, numeri e trattini: /Nutritionists/${values.ProfilePageUrl || '…'}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={120}
              {...form.field('ProfilePageUrl')}
            />
            <Textarea
              label="Biografia"
              description="Un paragrafo per riga."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              autosize
              minRows={5}
              {...form.field('Bio')}
            />
            <Textarea
              label="Formazione"
              description="Un titolo o corso per riga."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              autosize
              minRows={3}
              {...form.field('Training')}
            />
            <MultiSelect
              label="Specializzazioni"
              placeholder={values.SkillTagIds.length ? undefined : 'Scegli le specializzazioni'}
              data={skillOptions}
              value={values.SkillTagIds.map(String)}
              onChange={(selected) => form.setValue('SkillTagIds', selected.map(Number))}
              error={form.errors.SkillTagIds}
              searchable
              nothingFoundMessage="Nessuna specializzazione"
              comboboxProps={{ withinPortal: true }}
            />
            <Switch
              label="Profilo pubblico"
              description={`Visibile nell’elenco dei nutrizionisti come ${honorific(values.PersonalTitle)} ${profile.DisplayName}`}
              {...form.checkbox('IsPublic')}
            />
            <Text size="xs" c="dimmed">
              Pazienti attivi: {profile.ActivePatients} · Calendario{' '}
              {profile.CalendarSlotsAvailable ? 'disponibile' : 'non disponibile'}
            </Text>
            <Button type="submit" loading={form.submitting} w="fit-content">
              Salva profilo
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

export function AdminNutritionistProfilePage() {
  const { userId } = useParams();
  const { data: profile, error, mutate } = useAdminNutritionistProfile(userId);
  const title = profile ? profile.DisplayName : 'Profilo del nutrizionista';
  useHead({ title, noIndex: true });
  if (isApiError(error, 404)) return <Navigate to={paths.notFound()} replace />;
  return (
    <Stack gap="md" px={{ base: 'md', md: 'xl' }} py={{ base: 'lg', md: 'xl' }} maw={1280} mx="auto">
      <Breadcrumbs
        items={[
          { label: 'Amministrazione', href: paths.admin.home() },
          { label: 'Nutrizionisti', href: paths.admin.nutritionists() },
          { label: title },
        ]}
      />
      <Title order={1} fz={{ base: 26, md: 32 }}>
        {title}
      </Title>
      {error ? (
        <LoadError onRetry={() => mutate()} />
      ) : !profile ? (
        <PageLoader />
      ) : (
        <>
          <AccountPanel profile={profile} />
          <ProfileEditor key={profile.UserId} profile={profile} />
        </>
      )}
    </Stack>
  );
}
