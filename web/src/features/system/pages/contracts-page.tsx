/**
 * `/SystemSettings/Contracts` (docs/product.md#contracts, SystemAdmin): the two privacy contracts with every
 * version (version 1 is the text shipped in code), each readable; the draft of the next version (title and
 * HTML text, with a preview in a sandboxed frame), saved, discarded or published from a day on; the CSV of
 * a version's acceptances. The server sanitizes the text and answers Italian messages under the fields.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  Typography,
} from '@mantine/core';
import {
  romeDate,
  type ContractDraft,
  type ContractOverview,
  type ContractVersionSummary,
  type ContractVersionView,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { summarizeSaveError } from '../../../ui/form/server-errors';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { ScrollableTable } from '../../../ui/scrollable-table';
import {
  discardContractDraft,
  downloadAcceptancesCsv,
  publishContractDraft,
  saveContractDraft,
  useContractVersion,
  useContracts,
} from '../api/contracts';

type FieldErrors = Partial<Record<'Title' | 'ContractText' | 'EffectiveFrom', string>>;

const fieldErrorsOf = (error: unknown): FieldErrors => {
  if (!isApiError(error)) return {};
  const errors: FieldErrors = {};
  for (const field of ['Title', 'ContractText', 'EffectiveFrom'] as const) {
    const messages = error.fieldErrors[field];
    if (messages?.length) errors[field] = messages.join(' ');
  }
  return errors;
};

/** The badge of a version's state (colours with enough contrast in their variant, as elsewhere). */
const statusOf = (version: ContractVersionSummary) => {
  if (version.Status === 'draft') return { label: 'Bozza', color: 'dark', variant: 'light' };
  if (version.InEffect) return { label: 'In vigore', color: 'leaf', variant: 'light' };
  if (version.EffectiveFrom && Date.parse(version.EffectiveFrom) > Date.now())
    return { label: 'Programmata', color: 'apricot.7', variant: 'filled' };
  return { label: 'Superata', color: 'gray', variant: 'light' };
};

/** One version's text, read in a dialog (old versions stay readable). */
function VersionReader({
  contractTypeId,
  version,
  onClose,
}: {
  contractTypeId: number;
  version: number | null;
  onClose: () => void;
}) {
  const view = useContractVersion(contractTypeId, version);
  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={version === null ? '' : `Versione ${version}`}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      {view.data ? (
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {view.data.Title}
          </Title>
          <Typography>
            <div
              // Version 1 is written in code; later versions were sanitized by the server when saved
              // (functions onboarding/contract-html.ts): no script, style or attribute but a link's href.
              dangerouslySetInnerHTML={{ __html: view.data.ContractText }}
            />
          </Typography>
        </Stack>
      ) : view.error ? (
        <LoadError onRetry={() => void view.mutate()} />
      ) : (
        <Skeleton height={200} />
      )}
    </Modal>
  );
}

function VersionsTable({
  overview,
  onRead,
}: {
  overview: ContractOverview;
  onRead: (version: number) => void;
}) {
  const [exporting, setExporting] = useState<number | null>(null);
  const exportCsv = async (version: number) => {
    setExporting(version);
    try {
      await downloadAcceptancesCsv(overview.ContractTypeId, version);
    } catch (error) {
      showErrorToast(summarizeSaveError(error).title, { id: 'contract-export' });
    } finally {
      setExporting(null);
    }
  };
  return (
    <ScrollableTable minWidth={860} label={`Versioni: ${overview.Name}`}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Versione</Table.Th>
            <Table.Th>Titolo</Table.Th>
            <Table.Th>Stato</Table.Th>
            <Table.Th>In vigore dal</Table.Th>
            <Table.Th>Pubblicata da</Table.Th>
            <Table.Th>Azioni</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.Versions.map((version) => {
            const status = statusOf(version);
            return (
              <Table.Tr key={version.Version}>
                <Table.Td>{version.Version === 1 ? '1 (testo iniziale)' : version.Version}</Table.Td>
                <Table.Td>{version.Title}</Table.Td>
                <Table.Td miw={120}>
                  <Badge variant={status.variant} color={status.color}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {version.EffectiveFrom
                    ? formatDate(version.EffectiveFrom)
                    : version.Version === 1
                      ? 'dall’inizio'
                      : '—'}
                </Table.Td>
                <Table.Td>
                  {version.PublishedBy
                    ? `${version.PublishedBy.DisplayName}, ${formatDateTime(version.PublishedAt)}`
                    : '—'}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => onRead(version.Version)}
                      aria-label={`Leggi la versione ${version.Version}`}
                    >
                      Leggi
                    </Button>
                    {version.Status === 'published' ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={exporting === version.Version}
                        onClick={() => void exportCsv(version.Version)}
                        aria-label={`Esporta le accettazioni della versione ${version.Version} (CSV)`}
                      >
                        Accettazioni (CSV)
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

/** The draft form, started from the draft in progress or from the latest published text. */
function DraftEditor({
  contractTypeId,
  base,
  onChanged,
}: {
  contractTypeId: number;
  base: ContractVersionView;
  onChanged: () => void;
}) {
  const isDraft = base.Status === 'draft';
  const [draft, setDraft] = useState<ContractDraft>({ Title: base.Title, ContractText: base.ContractText });
  const [effectiveFrom, setEffectiveFrom] = useState(() => romeDate(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'save' | 'publish' | 'discard' | null>(null);
  const changed = draft.Title !== base.Title || draft.ContractText !== base.ContractText;

  const run = async (what: 'save' | 'publish' | 'discard', action: () => Promise<string>) => {
    setBusy(what);
    setErrors({});
    try {
      showSuccessToast(await action(), { outcomeOf: 'contract' });
      onChanged();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      showErrorToast(summarizeSaveError(error).title, { outcomeOf: 'contract' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="draft">
      <Stack gap="md">
        <Title order={2} fz="h4" id="draft">
          {isDraft ? `Bozza della versione ${base.Version}` : 'Nuova versione'}
        </Title>
        <Text size="sm" c="dimmed">
          {isDraft
            ? 'La bozza non è visibile ai pazienti finché non la pubblichi.'
            : `Parti dal testo della versione ${base.Version}: salvando crei la bozza della prossima versione.`}
        </Text>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <TextInput
                label="Titolo"
                value={draft.Title}
                onChange={(event) => {
                  const Title = event.currentTarget.value;
                  setDraft((current) => ({ ...current, Title }));
                }}
                error={errors.Title}
                required
              />
              <Textarea
                label="Testo (HTML)"
                description="Titoli, paragrafi, elenchi, grassetto, corsivo e link: il resto viene tolto al salvataggio."
                value={draft.ContractText}
                onChange={(event) => {
                  const ContractText = event.currentTarget.value;
                  setDraft((current) => ({ ...current, ContractText }));
                }}
                error={errors.ContractText}
                autosize
                minRows={8}
                maxRows={20}
                styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
                required
              />
              <Group>
                <Button
                  loading={busy === 'save'}
                  disabled={isDraft && !changed}
                  onClick={() =>
                    void run('save', async () => {
                      const saved = await saveContractDraft(contractTypeId, draft);
                      return `Bozza della versione ${saved.Version} salvata.`;
                    })
                  }
                >
                  Salva bozza
                </Button>
                {isDraft ? (
                  <Button
                    variant="default"
                    loading={busy === 'discard'}
                    onClick={() =>
                      void run('discard', async () => {
                        await discardContractDraft(contractTypeId, base.Version);
                        return 'Bozza scartata.';
                      })
                    }
                  >
                    Scarta bozza
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Anteprima
              </Text>
              <iframe
                title="Anteprima del contratto"
                sandbox=""
                srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;line-height:1.5;margin:16px"><h1 style="font-size:1.4em">${draft.Title.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</h1>${draft.ContractText}</body>`}
                style={{
                  width: '100%',
                  minHeight: 360,
                  border: '1px solid #d0d7d2',
                  borderRadius: 8,
                  background: '#fff',
                }}
              />
            </Stack>
          </Grid.Col>
        </Grid>
        {isDraft ? (
          <Stack gap="sm" component="section" aria-labelledby="publish">
            <Title order={3} fz="h5" id="publish">
              Pubblica la versione {base.Version}
            </Title>
            <Text size="sm">
              Una versione pubblicata non si può più modificare. Dal giorno indicato i pazienti che hanno
              accettato una versione precedente la accetteranno prima del prossimo pagamento.
            </Text>
            {changed ? (
              <Alert color="yellow" variant="light">
                Salva la bozza prima di pubblicarla.
              </Alert>
            ) : null}
            <Group align="flex-end">
              <TextInput
                type="date"
                label="In vigore dal"
                value={effectiveFrom}
                min={romeDate(new Date())}
                onChange={(event) => setEffectiveFrom(event.currentTarget.value)}
                error={errors.EffectiveFrom}
                required
              />
              <Button
                color="apricot"
                loading={busy === 'publish'}
                disabled={changed}
                onClick={() =>
                  void run('publish', async () => {
                    const published = await publishContractDraft(contractTypeId, base.Version, effectiveFrom);
                    return `Versione ${published.Version} pubblicata, in vigore dal ${formatDate(published.EffectiveFrom)}.`;
                  })
                }
              >
                Pubblica
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ContractPanel({ overview, onChanged }: { overview: ContractOverview; onChanged: () => void }) {
  const [reading, setReading] = useState<number | null>(null);
  const draft = overview.Versions.find((version) => version.Status === 'draft');
  // Versions are newest first: a new draft starts from the latest published text.
  const baseVersion =
    draft?.Version ?? overview.Versions.find((version) => version.Status === 'published')?.Version ?? 1;
  const base = useContractVersion(overview.ContractTypeId, baseVersion);
  return (
    <Stack gap="lg">
      <Text>
        In vigore: <strong>versione {overview.CurrentVersion}</strong>. Le versioni precedenti restano
        leggibili, con le accettazioni registrate.
      </Text>
      <VersionsTable overview={overview} onRead={setReading} />
      {base.data && base.data.Version === baseVersion ? (
        <DraftEditor
          key={`${base.data.Version}#${base.data.Status}#${base.data.UpdatedAt ?? ''}`}
          contractTypeId={overview.ContractTypeId}
          base={base.data}
          onChanged={() => {
            onChanged();
            void base.mutate();
          }}
        />
      ) : base.error ? (
        <LoadError onRetry={() => void base.mutate()} />
      ) : (
        <Skeleton height={240} radius="lg" />
      )}
      <VersionReader
        contractTypeId={overview.ContractTypeId}
        version={reading}
        onClose={() => setReading(null)}
      />
    </Stack>
  );
}

export function ContractsPage() {
  const contracts = useContracts();
  const [tab, setTab] = useState<string | null>('2');
  return (
    <Page
      title="Contratti"
      description="Le informative privacy che i pazienti accettano: ogni modifica è una nuova versione, pubblicata da un giorno in poi."
      head={{ noIndex: true }}
    >
      {contracts.error ? <LoadError onRetry={() => void contracts.mutate()} /> : null}
      {contracts.data ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="lg">
            {contracts.data.Data.map((overview) => (
              <Tabs.Tab key={overview.ContractTypeId} value={String(overview.ContractTypeId)}>
                {overview.Name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {contracts.data.Data.map((overview) => (
            <Tabs.Panel key={overview.ContractTypeId} value={String(overview.ContractTypeId)}>
              <ContractPanel overview={overview} onChanged={() => void contracts.mutate()} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        !contracts.error && <PageLoader />
      )}
    </Page>
  );
}
