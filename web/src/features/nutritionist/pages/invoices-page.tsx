/**
 * /AreaNutritionists/Invoices (docs/product.md#invoicing): the nutritionist's fiscal data (regime and
 * register), the health invoices to issue within 12 days of payment (confirm the product's draft with one
 * click, or upload the PDF of their own invoice), the issued ones with their PDFs, the totals by month and
 * the Sistema Tessera Sanitaria file of a period.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { inRome, type FiscalRegime, type InvoiceDocumentView } from '@nutri/shared';
import { formatDate } from '../../../lib/dates';
import { formatEuro } from '../../../lib/money';
import { showSuccessToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import {
  DocumentList,
  confirmDraft,
  downloadOwnSts,
  saveFiscalData,
  uploadOwnInvoice,
  useFiscalData,
  useNutritionistInvoices,
} from '../../invoicing';
import { AreaNav } from '../components/area-nav';
import { ScrollableTable } from '../../../ui/scrollable-table';
import { useBusyAction } from '../../invoicing';

const MONTHS = ['Gen', 'Feb', 'Mar', 'Apr', 'Mag', 'Giu', 'Lug', 'Ago', 'Set', 'Ott', 'Nov', 'Dic'];

function FiscalDataCard() {
  const fiscal = useFiscalData();
  const [regime, setRegime] = useState<FiscalRegime | null>(null);
  const [register, setRegister] = useState<string | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const { busy, run } = useBusyAction<'save'>();
  const saving = busy === 'save';
  if (!fiscal.data) return <PageLoader />;
  const data = fiscal.data;
  const save = async () => {
    const saved = await run(
      'save',
      async () =>
        fiscal.mutate(
          await saveFiscalData({
            Regime: regime ?? data.Regime ?? 'ordinario',
            Register: register ?? data.Register ?? '',
            RegisterNumber: number ?? data.RegisterNumber ?? '',
          }),
          { revalidate: false },
        ),
      'Impossibile salvare i dati fiscali.',
    );
    if (saved) showSuccessToast('Dati fiscali salvati');
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="fiscal">
      <Title order={2} fz="h4" id="fiscal" mb="xs">
        Dati fiscali
      </Title>
      {data.Missing.length ? (
        <Alert
          color="apricot"
          title="Completa i tuoi dati fiscali"
          mb="sm"
          // The light variant's default title colour is too pale on its background (axe color-contrast).
          styles={{ title: { color: 'var(--mantine-color-apricot-9)' } }}
        >
          Servono prima della prima visita a pagamento: {data.Missing.join(', ')}. Nome, partita IVA, codice
          fiscale e indirizzo vengono dai tuoi dati per la fattura.
        </Alert>
      ) : (
        <Text size="sm" mb="sm">
          {data.LegalName} · P. IVA {data.PartitaIva} · {data.Address}
        </Text>
      )}
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Regime fiscale"
          data={[
            { value: 'ordinario', label: 'Ordinario (esente IVA, art. 10)' },
            { value: 'forfettario', label: 'Forfettario' },
          ]}
          value={regime ?? data.Regime}
          onChange={(value) => setRegime(value)}
          w={260}
        />
        <TextInput
          label="Albo o ordine"
          placeholder="Ordine Nazionale dei Biologi"
          value={register ?? data.Register ?? ''}
          onChange={(event) => setRegister(event.currentTarget.value)}
          w={260}
        />
        <TextInput
          label="Numero di iscrizione"
          value={number ?? data.RegisterNumber ?? ''}
          onChange={(event) => setNumber(event.currentTarget.value)}
          w={180}
        />
        <Button onClick={() => void save()} loading={saving}>
          Salva
        </Button>
      </Group>
    </Paper>
  );
}

function DraftCard({ draft, onDone }: { draft: InvoiceDocumentView; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [number, setNumber] = useState('');
  const { busy, run: runAction } = useBusyAction<'confirm' | 'upload'>();
  const overdue = draft.DueAt !== null && Date.parse(draft.DueAt) < Date.now();
  const run = async (kind: 'confirm' | 'upload', action: () => Promise<unknown>, done: string) => {
    if (!(await runAction(kind, action, 'Operazione non riuscita'))) return;
    showSuccessToast(done);
    onDone();
  };
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            {draft.CustomerName} · {formatEuro(draft.Amount)}
          </Text>
          <Text size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined}>
            Pagata il {formatDate(draft.PaidAt)} · da emettere entro il {formatDate(draft.DueAt)}
            {overdue ? ' (scaduta)' : ''}
          </Text>
        </Group>
        {draft.ReminderCount > 0 && draft.LastRemindedAt ? (
          <Text size="sm" c="apricot.9">
            {draft.ReminderCount === 1
              ? `Promemoria ricevuto il ${formatDate(draft.LastRemindedAt)}`
              : `${draft.ReminderCount} promemoria ricevuti, l’ultimo il ${formatDate(draft.LastRemindedAt)}`}
          </Text>
        ) : null}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Button
            loading={busy === 'confirm'}
            onClick={() => void run('confirm', () => confirmDraft(draft.BookingId), 'Fattura emessa')}
          >
            Conferma ed emetti
          </Button>
          <Text size="sm">oppure</Text>
          <FileInput
            label="La tua fattura (PDF)"
            accept="application/pdf"
            value={file}
            onChange={setFile}
            w={220}
            clearable
          />
          <TextInput
            label="Numero della tua fattura"
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            w={180}
          />
          <Button
            variant="light"
            disabled={!file || !number.trim()}
            loading={busy === 'upload'}
            onClick={() =>
              file &&
              void run(
                'upload',
                () => uploadOwnInvoice(draft.BookingId, file, number.trim()),
                'Fattura caricata',
              )
            }
          >
            Carica
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function StsCard({ year }: { year: number }) {
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const { busy: running, run } = useBusyAction<'sts'>();
  const busy = running === 'sts';
  const download = () => run('sts', () => downloadOwnSts(from, to), 'Impossibile preparare il file.');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sts">
      <Title order={2} fz="h4" id="sts" mb="xs">
        Sistema Tessera Sanitaria
      </Title>
      <Text size="sm" mb="sm">
        Il file XML delle spese sanitarie del periodo, da trasmettere: esclude le fatture dei pazienti che si
        sono opposti, le note di credito sono rimborsi.
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="date"
          label="Dal"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={170}
        />
        <TextInput type="date" label="Al" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={170} />
        <Button variant="light" loading={busy} onClick={() => void download()}>
          Scarica il file STS
        </Button>
      </Group>
    </Paper>
  );
}

export function NutritionistInvoicesPage() {
  const year = inRome(new Date()).year();
  const invoices = useNutritionistInvoices(year);
  const documents = invoices.data?.Data ?? [];
  const drafts = documents.filter((document) => document.State === 'draft');
  const issued = documents.filter((document) => document.State !== 'draft');
  return (
    <Page
      title="Fatture"
      description="Le fatture delle tue visite: da emettere entro 12 giorni dal pagamento."
    >
      <AreaNav />
      <Stack gap="lg" maw={900}>
        <FiscalDataCard />
        {!invoices.data ? (
          <PageLoader />
        ) : (
          <>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="due"
            >
              <Title order={2} fz="h4" id="due" mb="xs">
                Da emettere ({drafts.length})
              </Title>
              {drafts.length ? (
                <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {drafts.map((draft) => (
                    <DraftCard key={draft.DocumentId} draft={draft} onDone={() => void invoices.mutate()} />
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed">Nessuna fattura da emettere.</Text>
              )}
            </Paper>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="totals"
            >
              <Title order={2} fz="h4" id="totals" mb="xs">
                Totali {year} per mese
              </Title>
              <ScrollableTable minWidth={480} label="Totali per mese">
                <Table striped aria-label={`Totali ${year}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Mese</Table.Th>
                      <Table.Th>Fatturato</Table.Th>
                      <Table.Th>Note di credito</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invoices.data.Monthly.map((month) => (
                      <Table.Tr key={month.Month}>
                        <Table.Td>{MONTHS[month.Month - 1]}</Table.Td>
                        <Table.Td>{formatEuro(month.Invoiced)}</Table.Td>
                        <Table.Td>{month.Credited ? `−${formatEuro(month.Credited)}` : '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollableTable>
            </Paper>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="issued"
            >
              <Title order={2} fz="h4" id="issued" mb="xs">
                Emesse
              </Title>
              <DocumentList
                base="CurrentNutritionist/Invoices"
                documents={issued}
                party="customer"
                empty="Nessuna fattura emessa quest’anno."
              />
            </Paper>
          </>
        )}
        <StsCard year={year} />
      </Stack>
    </Page>
  );
}
