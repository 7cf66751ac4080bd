/**
 * /entra-nel-team: who we look for, what we offer, and the application form (name, e-mail, phone,
 * professional profile, register number, years of freelance practice, insurance, message, CV as a PDF up
 * to 10 MB). The CV goes straight to the file store with a presigned POST (progress bar, cancel), then the
 * application is sent with its CvUploadId; BusinessAdmin sees it in the back office.
 */
import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  List,
  NativeSelect,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import {
  CV_MAX_BYTES,
  PROFESSIONAL_PROFILES,
  joinTeamApplicationSchema,
  type JoinTeamApplicationRequest,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { NUTRITIONIST_MIN_EXPERIENCE_YEARS } from '../../../lib/shared-values';
import { HoneypotField } from '../../../ui/form/honeypot-field';
import { summarizeSaveError } from '../../../ui/form/server-errors';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { showErrorToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { FieldsAfterTakeOver } from '../../../ui/form/fields-after-take-over';
import {
  CV_CONTENT_TYPE,
  createCvUpload,
  cvProblem,
  postToPresignedUrl,
  submitJoinTeamApplication,
  contentTexts,
} from '../../content';

/** The form validates everything but the CV reference, which exists only once the file is uploaded. */
const applicationFormSchema = joinTeamApplicationSchema.omit({ CvUploadId: true });
type ApplicationForm = Omit<JoinTeamApplicationRequest, 'CvUploadId'>;

const EMPTY: ApplicationForm = {
  Name: '',
  Email: '',
  PhoneNo: '',
  ProfessionalProfile: '' as ApplicationForm['ProfessionalProfile'],
  RegisterNumber: '',
  YearsOfPractice: '',
  HasInsurance: undefined as unknown as boolean,
  Message: '',
  Website: '',
};

const PROFILE_OPTIONS = [
  { value: '', label: 'Scegli il tuo profilo' },
  ...PROFESSIONAL_PROFILES.map((profile) => ({ value: profile, label: profile })),
];

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;

type Phase = { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'sending' };

function ApplicationFormCard({ onSent }: { onSent: () => void }) {
  const form = useZodForm(applicationFormSchema, EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const chooseFile = (chosen: File | null) => {
    setNotice(null);
    if (!chosen) return;
    const problem = cvProblem(chosen, CV_MAX_BYTES);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const submit = form.onSubmit(async (data) => {
    setNotice(null);
    if (!file) {
      setFileError('Allega il tuo curriculum in formato PDF.');
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    try {
      setPhase({ kind: 'uploading', progress: 0 });
      const upload = await createCvUpload(file);
      await postToPresignedUrl(upload, file, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ kind: 'uploading', progress }),
      });
      setPhase({ kind: 'sending' });
      await submitJoinTeamApplication({ ...data, CvUploadId: upload.UploadId });
      onSent();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setNotice('Caricamento annullato: il curriculum non è stato inviato.');
        return;
      }
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      const summary = summarizeSaveError(error, contentTexts.cannotSendApplication);
      showErrorToast(
        isApiError(error) && error.status < 500 ? summary.title : contentTexts.cannotSendApplication,
      );
    } finally {
      abort.current = null;
      setPhase({ kind: 'idle' });
    }
  });

  const busy = phase.kind !== 'idle';
  const percent = phase.kind === 'uploading' ? Math.round(phase.progress * 100) : 100;

  return (
    <form onSubmit={submit} noValidate aria-label="Candidatura">
      <FieldsAfterTakeOver>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Nome e cognome" autoComplete="name" required {...form.field('Name')} />
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.field('Email')}
            />
            <TextInput label="Telefono" type="tel" autoComplete="tel" required {...form.field('PhoneNo')} />
            <NativeSelect
              label="Profilo professionale"
              data={PROFILE_OPTIONS}
              required
              value={form.values.ProfessionalProfile}
              onChange={(event) =>
                form.setValue(
                  'ProfessionalProfile',
                  event.currentTarget.value as ApplicationForm['ProfessionalProfile'],
                )
              }
              error={form.errors.ProfessionalProfile}
            />
            <TextInput label="Numero di iscrizione all’albo" required {...form.field('RegisterNumber')} />
            <TextInput
              label="Anni di libera professione"
              description={`Cerchiamo professionisti con almeno ${NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di esperienza.`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              type="number"
              inputMode="numeric"
              min={0}
              max={60}
              required
              value={typeof form.values.YearsOfPractice === 'string' ? form.values.YearsOfPractice : ''}
              onChange={(event) => form.setValue('YearsOfPractice', event.currentTarget.value)}
              error={form.errors.YearsOfPractice}
            />
          </SimpleGrid>
          <Radio.Group
            label="Hai un’assicurazione professionale?"
            required
            withAsterisk={false}
            value={form.values.HasInsurance === undefined ? '' : form.values.HasInsurance ? 'si' : 'no'}
            onChange={(value) => form.setValue('HasInsurance', value === 'si')}
            error={form.errors.HasInsurance}
          >
            <Group gap="xl" mt={6}>
              <Radio value="si" label="Sì" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
          <Textarea
            label="Messaggio"
            description="Facoltativo: raccontaci il tuo approccio e le tue aree di specializzazione."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={4}
            maxRows={10}
            {...form.field('Message')}
          />
          <div>
            <Text fw={500} size="sm" id="cv-label">
              Curriculum (PDF, massimo {megabytes(CV_MAX_BYTES)})
            </Text>
            <Group gap="sm" mt={6}>
              <FileButton onChange={chooseFile} accept={`${CV_CONTENT_TYPE},.pdf`} disabled={busy}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    aria-describedby="cv-label cv-status"
                  >
                    {file ? 'Cambia file' : 'Scegli il file PDF'}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" id="cv-status" c={file ? undefined : 'dimmed'}>
                {file ? (
                  <>
                    <IconFileTypePdf size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
                    {file.name} ({megabytes(file.size)})
                  </>
                ) : (
                  'Nessun file scelto'
                )}
              </Text>
            </Group>
            {fileError ? (
              <Text size="sm" c="red.9" mt={6} role="alert">
                {fileError}
              </Text>
            ) : null}
          </div>
          {busy ? (
            <Stack gap={6}>
              <Progress
                value={percent}
                animated={phase.kind === 'uploading'}
                aria-label="Caricamento del curriculum"
              />
              <Group justify="space-between" gap="sm">
                <Text size="sm" aria-live="polite">
                  {phase.kind === 'uploading'
                    ? `Caricamento del curriculum… ${percent}%`
                    : 'Invio della candidatura…'}
                </Text>
                {phase.kind === 'uploading' ? (
                  <Button variant="subtle" color="red" size="xs" onClick={() => abort.current?.abort()}>
                    Annulla caricamento
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ) : null}
          {notice ? (
            <Alert color="yellow" variant="light" role="status" icon={<IconAlertTriangle aria-hidden />}>
              {notice}
            </Alert>
          ) : null}
          <HoneypotField
            id="join-website"
            label={contentTexts.honeypotLabel}
            value={form.values.Website ?? ''}
            onChange={(event) => form.setValue('Website', event.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={busy} w={{ base: '100%', sm: 'auto' }}>
            Invia candidatura
          </Button>
        </Stack>
      </FieldsAfterTakeOver>
    </form>
  );
}

export function JoinTeamPage() {
  const [sent, setSent] = useState(false);
  return (
    <Page
      title="Entra nel team"
      description="Sei un nutrizionista e vuoi seguire pazienti online? Ti portiamo persone già abbinate al tuo profilo e gli strumenti per lavorare senza pensieri."
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="xl">
              <Title order={2} fz="h3" mb="sm">
                Chi cerchiamo
              </Title>
              <List spacing="xs">
                <List.Item>Dietisti, biologi con master in nutrizione o medici dietologi.</List.Item>
                <List.Item>
                  Almeno {NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di esperienza in libera professione.
                </List.Item>
                <List.Item>Iscrizione all’albo professionale e assicurazione professionale.</List.Item>
                <List.Item>Un approccio basato sull’ascolto e su obiettivi sostenibili.</List.Item>
              </List>
            </Card>
            <Card withBorder radius="lg" padding="xl">
              <Title order={2} fz="h3" mb="sm">
                Cosa offriamo
              </Title>
              <List spacing="xs">
                <List.Item>Pazienti abbinati alle tue specializzazioni dal nostro algoritmo.</List.Item>
                <List.Item>Agenda e disponibilità online, collegabili al tuo Google Calendar.</List.Item>
                <List.Item>Videochiamate e chat con i pazienti direttamente dalla piattaforma.</List.Item>
                <List.Item>
                  Pagamenti con carta gestiti da noi, promemoria e fatturazione semplificata.
                </List.Item>
              </List>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="apply-title">
            <Title order={2} fz="h3" id="apply-title" mb="md">
              Invia la tua candidatura
            </Title>
            {sent ? (
              <Alert
                color="leaf"
                variant="light"
                role="status"
                icon={<IconCircleCheck aria-hidden />}
                title="Candidatura inviata"
              >
                {contentTexts.applicationSent}
              </Alert>
            ) : (
              <ApplicationFormCard onSent={() => setSent(true)} />
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
