/**
 * A list of invoices and credit notes with their PDF downloads (docs/product.md#invoicing): a list rather
 * than a table, so it reads well on a phone.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { InvoiceDocumentView } from '@nutri/shared';
import { formatDate } from '../../../lib/dates';
import { formatEuro } from '../../../lib/money';
import { showErrorToast } from '../../../ui/notify';
import { openInvoicePdf, type DocumentsOf } from '../api/invoicing';

export const documentTitle = (document: Pick<InvoiceDocumentView, 'DocumentType' | 'Number'>) =>
  `${document.DocumentType === 'credit-note' ? 'Nota di credito' : 'Fattura'}${document.Number ? ` ${document.Number}` : ''}`;

export const signedAmount = (document: Pick<InvoiceDocumentView, 'DocumentType' | 'Amount'>) =>
  `${document.DocumentType === 'credit-note' ? '−' : ''}${formatEuro(document.Amount)}`;

export function DownloadPdfButton({
  base,
  document,
}: {
  base: DocumentsOf;
  document: Pick<InvoiceDocumentView, 'DocumentId' | 'DocumentType' | 'Number' | 'HasPdf'>;
}) {
  if (!document.HasPdf)
    return (
      <Text size="sm" c="dimmed">
        PDF in preparazione
      </Text>
    );
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={`Scarica ${documentTitle(document)} in PDF`}
      onClick={() =>
        void openInvoicePdf(base, document.DocumentId).catch(() =>
          showErrorToast('Impossibile scaricare la fattura.'),
        )
      }
    >
      Scarica PDF
    </Button>
  );
}

export function DocumentList({
  base,
  documents,
  party,
  empty,
}: {
  base: DocumentsOf;
  documents: readonly InvoiceDocumentView[];
  /** Whose name to show beside each document: the issuer (patient's list) or the customer. */
  party: 'issuer' | 'customer';
  empty: string;
}) {
  if (!documents.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {documents.map((document) => (
        <Paper component="li" key={document.DocumentId} withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{documentTitle(document)}</Text>
              <Text size="sm">
                {party === 'issuer' ? document.IssuerName : document.CustomerName}
                {document.IssuedAt ? ` · ${formatDate(document.IssuedAt)}` : ''}
              </Text>
              {document.State === 'uploaded' ? (
                <Badge variant="light" color="gray" w="fit-content">
                  Caricata dal nutrizionista
                </Badge>
              ) : null}
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text fw={600}>{signedAmount(document)}</Text>
              <DownloadPdfButton base={base} document={document} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
