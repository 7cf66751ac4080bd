/**
 * /Admin/Invoicing (BusinessAdmin only, docs/decisions/0026-invoicing.md): the documents issued in a period
 * with filters (issuer, type, state), their PDFs, the period's CSV export and zip of PDFs for the accountant and the STS
 * file of a nutritionist (docs/product.md#invoicing). Filters live in the address.
 */
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { inRome } from '@nutri/shared';
import { paths } from '../../../../paths';
import { formatDate } from '../../../../lib/dates';
import { useAddressFilters } from '../../../../lib/use-address-filters';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import {
  DownloadPdfButton,
  documentTitle,
  downloadAdminExport,
  downloadAdminSts,
  downloadAdminZip,
  signedAmount,
  useAdminInvoices,
  useBusyAction,
  type AdminInvoiceFilters,
} from '../../../invoicing';
import { AdminNutritionistFilter } from '../../nutritionists/components/admin-nutritionist-filter';
import { ScrollableTable } from '../../../../ui/scrollable-table';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// Documents are dated in Rome: around midnight the browser's or UTC's day would leave today's out.
const firstOfYear = () => `${inRome(new Date()).year()}-01-01`;
const today = () => inRome(new Date()).format('YYYY-MM-DD');

const filtersOf = (params: URLSearchParams): AdminInvoiceFilters => {
  const from = params.get('from');
  const to = params.get('to');
  const type = params.get('type');
  const state = params.get('state');
  return {
    From: from && DATE.test(from) ? from : firstOfYear(),
    To: to && DATE.test(to) ? to : today(),
    IssuerUserId: params.get('issuer') ?? undefined,
    DocumentType: type === 'invoice' || type === 'credit-note' ? type : undefined,
    State: state === 'issued' || state === 'uploaded' ? state : undefined,
  };
};

export function AdminInvoicingPage() {
  const [params, changeAddress] = useAddressFilters();
  const filters = filtersOf(params);
  const list = useAdminInvoices(filters);
  const { busy, run: runAction } = useBusyAction<'csv' | 'zip' | 'sts'>();
  const nutritionistId =
    filters.IssuerUserId && filters.IssuerUserId !== 'SERVICE' ? filters.IssuerUserId : null;
  const run = (kind: 'csv' | 'zip' | 'sts', action: () => Promise<void>) =>
    runAction(kind, action, 'Impossibile preparare il file.');
  const rows = list.data?.Data ?? [];
  return (
    <Page
      title="Fatturazione"
      description="Fatture e note di credito emesse nel periodo, con i PDF, l’esportazione per il commercialista e il file STS."
      head={{ noIndex: true }}
    >
      <Anchor component={Link} to={paths.admin.bookingsToInvoice()} mb="md" display="inline-block">
        Visite pagate da fatturare
      </Anchor>
      <Group align="flex-end" gap="md" mb="lg" wrap="wrap">
        <TextInput
          type="date"
          label="Dal"
          value={filters.From}
          onChange={(event) => changeAddress({ from: event.currentTarget.value })}
          w={170}
        />
        <TextInput
          type="date"
          label="Al"
          value={filters.To}
          onChange={(event) => changeAddress({ to: event.currentTarget.value })}
          w={170}
        />
        <AdminNutritionistFilter
          value={nutritionistId}
          onChange={(value) => changeAddress({ issuer: value })}
          w={240}
        />
        <Select
          label="Tipo"
          placeholder="Tutti"
          clearable
          data={[
            { value: 'invoice', label: 'Fatture' },
            { value: 'credit-note', label: 'Note di credito' },
          ]}
          value={filters.DocumentType ?? null}
          onChange={(value) => changeAddress({ type: value })}
          w={170}
        />
        <Select
          label="Stato"
          placeholder="Tutti"
          clearable
          data={[
            { value: 'issued', label: 'Emesse dal servizio' },
            { value: 'uploaded', label: 'Caricate dal nutrizionista' },
          ]}
          value={filters.State ?? null}
          onChange={(value) => changeAddress({ state: value })}
          w={220}
        />
        <Button
          variant="light"
          loading={busy === 'csv'}
          onClick={() => void run('csv', () => downloadAdminExport(filters))}
        >
          Esporta CSV
        </Button>
        <Button
          variant="light"
          loading={busy === 'zip'}
          onClick={() => void run('zip', () => downloadAdminZip(filters))}
        >
          Archivio ZIP (CSV e PDF)
        </Button>
        {nutritionistId ? (
          <Button
            variant="light"
            loading={busy === 'sts'}
            onClick={() => void run('sts', () => downloadAdminSts(nutritionistId, filters.From, filters.To))}
          >
            File STS del nutrizionista
          </Button>
        ) : null}
      </Group>
      {!list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Text c="dimmed">Nessuna fattura con questi filtri.</Text>
      ) : (
        <ScrollableTable minWidth={760} label="Elenco delle fatture">
          <Table striped highlightOnHover aria-label="Fatture">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Emittente</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th>Importo</Table.Th>
                <Table.Th>PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.DocumentId}>
                  <Table.Td>{documentTitle(row)}</Table.Td>
                  <Table.Td>{row.IssuerName}</Table.Td>
                  <Table.Td>{row.CustomerName}</Table.Td>
                  <Table.Td>{formatDate(row.IssuedAt)}</Table.Td>
                  <Table.Td>{signedAmount(row)}</Table.Td>
                  <Table.Td>
                    <DownloadPdfButton base="Admin/Invoicing" document={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
    </Page>
  );
}
