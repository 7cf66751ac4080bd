import { useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  profileFormSchema,
  toUpdateUserDetails,
  type UserProfile,
} from '@nutri/shared';
import { DEFAULT_PHONE_PREFIX, accountTexts, errorTexts } from '../../../lib/shared-values';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { useAuth } from '../../auth';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { splitPhoneNumber } from '../../../ui/phone/country-prefixes';
import { PhoneFields } from '../../../ui/phone/phone-fields';
import { useDeleteUserImage } from '../api/delete-user-image';
import { useUpdateUserDetails } from '../api/update-user-details';
import { useUploadUserImage } from '../api/upload-user-image';
import { BillingProfileSection } from '../../billing';
import { ChangeEmail } from '../components/change-email';
import { PhoneVerification } from '../components/phone-verification';

const saveErrorMessage = (error: unknown, fallback: string) => {
  if (isNetworkError(error)) return errorTexts.connectionProblem;
  return (isApiError(error) ? error.serverMessage : null) ?? fallback;
};

function ProfileForm({ profile }: { profile: UserProfile }) {
  const phone = splitPhoneNumber(profile.MobilePhoneNo);
  const form = useZodForm(profileFormSchema, {
    Name: profile.Name,
    DisplayName: profile.DisplayName,
    phonePrefix: phone.prefix || DEFAULT_PHONE_PREFIX,
    phoneNumber: phone.number,
  });
  const updateUserDetails = useUpdateUserDetails();

  const submit = form.onSubmit(async (data) => {
    try {
      await updateUserDetails(toUpdateUserDetails(data));
      showSuccessToast(accountTexts.profileSaved);
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      showErrorToast(saveErrorMessage(error, errorTexts.cannotSaveData));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Dati del profilo">
      <Stack gap="md">
        <TextInput label="Nome e cognome" autoComplete="name" required {...form.field('Name')} />
        <TextInput
          label="Nome visualizzato"
          description="È il nome che vedono il tuo nutrizionista e gli altri utenti in chat."
          autoComplete="nickname"
          required
          {...form.field('DisplayName')}
        />
        <PhoneFields
          prefix={form.values.phonePrefix}
          onPrefixChange={(prefix) => form.setValue('phonePrefix', prefix)}
          prefixError={form.errors.phonePrefix}
          number={form.field('phoneNumber')}
          description="Facoltativo: da 9 a 12 cifre, senza prefisso."
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            Salva modifiche
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ProfilePhoto({ profile }: { profile: UserProfile }) {
  const uploadUserImage = useUploadUserImage();
  const deleteUserImage = useDeleteUserImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setProblem('Formato non supportato: usa un’immagine JPG, PNG o WebP.');
      return;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setProblem(`L’immagine supera la dimensione massima di ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`);
      return;
    }
    setProgress(0);
    try {
      await uploadUserImage(file, { onProgress: setProgress });
      showSuccessToast(accountTexts.photoUpdated);
    } catch (error) {
      showErrorToast(saveErrorMessage(error, errorTexts.cannotSaveData));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await deleteUserImage();
      showSuccessToast(accountTexts.photoRemoved);
    } catch (error) {
      showErrorToast(saveErrorMessage(error, errorTexts.cannotSaveData));
    } finally {
      setRemoving(false);
    }
  };

  const uploading = progress !== null;
  return (
    <Stack gap="md" align="center">
      <Avatar
        src={profile.ImageFileUrl}
        alt={profile.ImageFileUrl ? `Foto del profilo di ${profile.DisplayName}` : ''}
        size={120}
        radius={120}
        color="leaf"
      >
        {profile.DisplayName.slice(0, 1).toUpperCase()}
      </Avatar>
      {uploading ? (
        <Stack gap={4} w="100%">
          <Progress value={Math.round(progress * 100)} aria-label="Caricamento della foto" animated />
          <Text size="xs" c="dimmed" ta="center">
            Caricamento… {Math.round(progress * 100)}%
          </Text>
        </Stack>
      ) : null}
      <Group gap="xs" justify="center">
        <FileButton onChange={(file) => void upload(file)} accept={PROFILE_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={16} aria-hidden />}
              variant="light"
              disabled={uploading}
            >
              {profile.ImageFileUrl ? 'Cambia foto' : 'Carica foto'}
            </Button>
          )}
        </FileButton>
        {profile.ImageFileUrl ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void remove()}
            loading={removing}
            disabled={uploading}
          >
            Rimuovi foto
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        JPG, PNG o WebP, al massimo {PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.
      </Text>
      {problem ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} w="100%">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function ProfilePage() {
  const { profile, snapshot, reloadProfile, hasRole } = useAuth();
  // Patients are invoiced for their visits; nutritionists invoice theirs (docs/product.md#overview and #data).
  const hasBillingData = hasRole('Patient') || hasRole('Nutritionist');
  return (
    <Page
      title="Il mio profilo"
      description="Aggiorna i tuoi dati, il numero di cellulare e la foto del profilo."
      size="md"
    >
      {profile ? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="photo-title">
              <Title order={2} fz="h4" id="photo-title" mb="md" ta="center">
                Foto
              </Title>
              <ProfilePhoto profile={profile} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="data-title">
              <Title order={2} fz="h4" id="data-title" mb="md">
                Dati personali
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                Accedi come <strong>{profile.AspNetUser.UserName}</strong> · {profile.AspNetUser.Email}
              </Text>
              <ProfileForm key={profile.Id} profile={profile} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }} offset={{ base: 0, sm: 4 }}>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="phone-title">
              <Title order={2} fz="h4" id="phone-title" mb="md">
                Cellulare
              </Title>
              <PhoneVerification profile={profile} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }} offset={{ base: 0, sm: 4 }}>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="email-title">
              <Title order={2} fz="h4" id="email-title" mb="md">
                E-mail di accesso
              </Title>
              <ChangeEmail />
            </Card>
          </Grid.Col>
          {hasBillingData ? (
            <Grid.Col span={{ base: 12, sm: 8 }} offset={{ base: 0, sm: 4 }}>
              <BillingProfileSection />
            </Grid.Col>
          ) : null}
        </Grid>
      ) : snapshot.status === 'error' ? (
        <LoadError onRetry={reloadProfile} />
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}
