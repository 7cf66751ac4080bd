/**
 * `/SystemSettings/EmailTemplates` (docs/product.md#e-mail-templates, SystemAdmin): pick a mail, edit its
 * subject, HTML and text bodies with a live preview on sample data, send a test to oneself, save a version,
 * roll back to an old one. The server checks the variables and sanitizes the HTML; its Italian messages
 * show under the fields. The preview renders in a sandboxed frame (no script, no navigation). SMS and
 * WhatsApp texts are in the same list, grouped by channel: they have a text only, previewed as a message
 * with its length.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  MAIL_TEMPLATE_CHANNELS,
  MAIL_TEMPLATE_CHANNEL_LABELS,
  type MailTemplateDraft,
  type MailTemplatePreview,
  type MailTemplateSummary,
  type MailTemplateView,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { formatDateTime } from '../../../lib/dates';
import { summarizeSaveError } from '../../../ui/form/server-errors';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { ScrollableTable } from '../../../ui/scrollable-table';
import {
  previewMailTemplate,
  restoreMailTemplateVersion,
  saveMailTemplate,
  testSendMailTemplate,
  useMailTemplate,
  useMailTemplates,
} from '../api/settings';

type FieldErrors = Partial<Record<keyof MailTemplateDraft, string>>;

const fieldErrorsOf = (error: unknown): FieldErrors => {
  if (!isApiError(error)) return {};
  const errors: FieldErrors = {};
  for (const field of ['Subject', 'Html', 'Text'] as const) {
    const messages = error.fieldErrors[field];
    if (messages?.length) errors[field] = messages.join(' ');
  }
  return errors;
};

const draftOf = (view: MailTemplateView): MailTemplateDraft => ({
  Subject: view.Current.Subject,
  Html: view.Current.Html,
  Text: view.Current.Text,
});

/** The preview of the draft, asked 400 ms after the last keystroke; the older request is cancelled. */
const usePreview = (key: string, draft: MailTemplateDraft) => {
  const [preview, setPreview] = useState<MailTemplatePreview | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewMailTemplate(key, draft, controller.signal).then(
        (answer) => {
          setPreview(answer);
          setErrors({});
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setErrors(fieldErrorsOf(error));
        },
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, draft]);
  return { preview, errors };
};

/** A text message as the phone shows it, with its length against the channel's limit. */
function TextPreview({ text, maxLength }: { text: string; maxLength: number | null }) {
  return (
    <Stack gap={4} aria-live="polite">
      <Paper
        withBorder
        radius="lg"
        p="md"
        maw={420}
        bg="gray.0"
        data-testid="text-message-preview"
        style={{ whiteSpace: 'pre-wrap' }}
      >
        {text}
      </Paper>
      <Text fz="sm" c="dimmed">
        {text.length} caratteri{maxLength ? ` su ${maxLength}` : ''}
      </Text>
    </Stack>
  );
}

/** The list's options, grouped by channel (e-mails first). */
const templateOptions = (templates: MailTemplateSummary[]) =>
  MAIL_TEMPLATE_CHANNELS.map((channel) => ({
    group: MAIL_TEMPLATE_CHANNEL_LABELS[channel],
    items: templates
      .filter((item) => item.Channel === channel)
      .map((item) => ({
        value: item.Key,
        label: `${channel === 'email' ? '' : `${MAIL_TEMPLATE_CHANNEL_LABELS[channel]} · `}${item.Name}${item.Version ? ` (versione ${item.Version})` : ''}`,
      })),
  })).filter((group) => group.items.length > 0);

function TemplateEditor({
  view,
  onSaved,
}: {
  view: MailTemplateView;
  onSaved: (view: MailTemplateView) => void;
}) {
  const [draft, setDraft] = useState<MailTemplateDraft>(() => draftOf(view));
  const [busy, setBusy] = useState<'save' | 'test' | number | null>(null);
  const [saveErrors, setSaveErrors] = useState<FieldErrors>({});
  const { preview, errors } = usePreview(view.Key, draft);
  const shown = { ...errors, ...saveErrors };
  const change = (field: keyof MailTemplateDraft) => (value: string) => {
    setSaveErrors({});
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const run = async <T,>(
    what: 'save' | 'test' | number,
    action: () => Promise<T>,
    done: (value: T) => void,
  ) => {
    setBusy(what);
    try {
      done(await action());
    } catch (error) {
      setSaveErrors(fieldErrorsOf(error));
      showErrorToast(summarizeSaveError(error).title, { outcomeOf: 'mail-template' });
    } finally {
      setBusy(null);
    }
  };
  const isMail = view.Channel === 'email';
  const changed =
    draft.Subject !== view.Current.Subject ||
    draft.Html !== view.Current.Html ||
    draft.Text !== view.Current.Text;

  return (
    <Stack gap="lg">
      <Text>{view.Description}</Text>
      {view.Optional ? (
        <Alert color="gray">
          È una e-mail facoltativa: la riga per annullare l’iscrizione viene aggiunta sempre, non fa parte del
          modello.
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="h4" mb="xs">
          Variabili
        </Title>
        <Stack gap={4}>
          {view.Variables.map((variable) => (
            <Text key={variable.Name} fz="sm">
              <code>{`{{${variable.Name}}}`}</code> {variable.Label}
              {variable.Required ? ' (obbligatoria)' : ''}: es. «{variable.Sample}»
            </Text>
          ))}
        </Stack>
      </Paper>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {isMail ? (
              <>
                <TextInput
                  label="Oggetto"
                  value={draft.Subject}
                  onChange={(event) => change('Subject')(event.currentTarget.value)}
                  error={shown.Subject}
                  required
                />
                <Textarea
                  label="Testo HTML"
                  value={draft.Html}
                  onChange={(event) => change('Html')(event.currentTarget.value)}
                  error={shown.Html}
                  autosize
                  minRows={8}
                  maxRows={20}
                  styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
                  required
                />
              </>
            ) : null}
            <Textarea
              label={
                isMail
                  ? 'Testo semplice'
                  : `Testo del messaggio ${MAIL_TEMPLATE_CHANNEL_LABELS[view.Channel]}`
              }
              description={
                view.MaxLength ? `Al massimo ${view.MaxLength} caratteri con i valori di esempio.` : undefined
              }
              value={draft.Text}
              onChange={(event) => change('Text')(event.currentTarget.value)}
              error={shown.Text}
              autosize
              minRows={isMail ? 6 : 3}
              maxRows={16}
              required
            />
            <Group>
              <Button
                loading={busy === 'save'}
                disabled={!changed}
                onClick={() =>
                  void run(
                    'save',
                    () => saveMailTemplate(view.Key, draft, view.Current.Version),
                    (saved) => {
                      showSuccessToast(`Versione ${saved.Current.Version} salvata.`, {
                        outcomeOf: 'mail-template',
                      });
                      onSaved(saved);
                    },
                  )
                }
              >
                Salva nuova versione
              </Button>
              <Button
                variant="light"
                loading={busy === 'test'}
                onClick={() =>
                  void run(
                    'test',
                    () => testSendMailTemplate(view.Key, draft),
                    (sent) =>
                      showSuccessToast(`${isMail ? 'E-mail' : 'Messaggio'} di prova inviato a ${sent.To}.`, {
                        outcomeOf: 'mail-template',
                      }),
                  )
                }
              >
                {isMail ? 'Invia una prova a me' : 'Invia una prova al mio cellulare'}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              Anteprima con i dati di esempio
            </Title>
            {isMail ? (
              <>
                <Text fz="sm" aria-live="polite">
                  Oggetto: <strong>{preview?.Subject ?? ''}</strong>
                </Text>
                <iframe
                  title="Anteprima dell’e-mail"
                  sandbox=""
                  srcDoc={preview?.Html ?? ''}
                  style={{
                    width: '100%',
                    minHeight: 420,
                    border: '1px solid #d0d7d2',
                    borderRadius: 8,
                    background: '#fff',
                  }}
                />
              </>
            ) : (
              <TextPreview text={preview?.Text ?? ''} maxLength={view.MaxLength} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Versioni
        </Title>
        <ScrollableTable minWidth={560} label="Versioni del modello">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Versione</Table.Th>
                <Table.Th>Salvata da</Table.Th>
                <Table.Th>Quando</Table.Th>
                <Table.Th>Azioni</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.Versions.map((version) => (
                <Table.Tr key={version.Version}>
                  <Table.Td>
                    {version.Version === 0 ? 'Testo predefinito' : `Versione ${version.Version}`}
                    {version.RestoredFrom !== null
                      ? ` (ripristino della ${version.RestoredFrom || 'predefinita'})`
                      : ''}
                    {version.Version === view.Current.Version ? (
                      <Badge ml="xs" variant="light">
                        in uso
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{version.SavedBy?.DisplayName ?? '—'}</Table.Td>
                  <Table.Td>{version.SavedAt ? formatDateTime(version.SavedAt) : '—'}</Table.Td>
                  <Table.Td>
                    {version.Version === view.Current.Version ? null : (
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={busy === version.Version}
                        aria-label={`Ripristina ${version.Version === 0 ? 'il testo predefinito' : `la versione ${version.Version}`}`}
                        onClick={() =>
                          void run(
                            version.Version,
                            () => restoreMailTemplateVersion(view.Key, version.Version, view.Current.Version),
                            (saved) => {
                              showSuccessToast(
                                `Ripristinato: ora è in uso la versione ${saved.Current.Version}.`,
                                {
                                  outcomeOf: 'mail-template',
                                },
                              );
                              onSaved(saved);
                            },
                          )
                        }
                      >
                        Ripristina
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      </Stack>
    </Stack>
  );
}

export function EmailTemplatesPage() {
  const list = useMailTemplates();
  const [key, setKey] = useState<string | null>(null);
  const selected = key ?? list.data?.Data[0]?.Key ?? null;
  const template = useMailTemplate(selected);
  return (
    <Page
      title="Modelli e-mail"
      description="I testi delle e-mail, degli SMS e dei messaggi WhatsApp inviati da Nutrì. Ogni salvataggio è una nuova versione; puoi sempre tornare a una precedente."
      head={{ noIndex: true }}
    >
      {list.error ? <LoadError onRetry={() => void list.mutate()} /> : null}
      {list.data ? (
        <Stack gap="xl">
          <Select
            label="Modello"
            searchable
            allowDeselect={false}
            value={selected}
            onChange={setKey}
            data={templateOptions(list.data.Data)}
            maw={560}
          />
          {template.error ? <LoadError onRetry={() => void template.mutate()} /> : null}
          {template.data ? (
            <TemplateEditor
              key={`${template.data.Key}#${template.data.Current.Version}`}
              view={template.data}
              onSaved={(saved) => {
                void template.mutate(saved, { revalidate: false });
                void list.mutate();
              }}
            />
          ) : (
            !template.error && <PageLoader />
          )}
        </Stack>
      ) : (
        !list.error && <PageLoader />
      )}
    </Page>
  );
}
