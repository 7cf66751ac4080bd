/**
 * What the patient sees about a paid visit on its page: when it was paid, the refund of an in-time
 * cancellation (docs/product.md#states) and the visit's documents with their PDFs (docs/product.md#invoicing:
 * the nutritionist's 35 EUR health invoice, issued within 12 days; the service's; credit notes of a refund).
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BookingView, InvoiceView } from '@nutri/shared';
import { formatEuro } from '../../../lib/money';
import { appointmentShortText } from '../../bookings';
import { DownloadPdfButton, documentTitle } from '../../invoicing';
import { useBookingInvoices } from '../api/payments';

const REFUND_TEXT: Record<NonNullable<BookingView['RefundState']>, string> = {
  pending: 'Rimborso completo in corso: arriva sulla carta usata per il pagamento in pochi giorni.',
  succeeded: 'Rimborso completo effettuato sulla carta usata per il pagamento.',
  failed: 'Il rimborso non è andato a buon fine: il supporto ti contatterà.',
};

const stateText = (invoice: InvoiceView) => {
  if (invoice.State !== 'draft') return 'Emessa';
  return invoice.UploadDueAt
    ? `Emessa dal nutrizionista entro il ${appointmentShortText(invoice.UploadDueAt).slice(0, 10)}`
    : 'In preparazione';
};

export function BookingPaymentSection({ booking }: { booking: BookingView }) {
  const paid = booking.PaidAt !== null;
  const invoices = useBookingInvoices(booking.BookingId, paid);
  if (!paid) return null;
  const refunded = booking.RefundOwed || booking.RefundState !== null;
  const rows = invoices.data?.Data ?? [];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="paid">
      <Title order={2} fz="h4" id="paid" mb="xs">
        Pagamento e fatture
      </Title>
      <Stack gap="sm">
        <Text>
          Pagato il {appointmentShortText(booking.PaidAt!)}
          {refunded ? '.' : ': per ogni visita ricevi due fatture.'}
        </Text>
        {refunded ? (
          // Owed but not issued yet (the refund job runs every few minutes): already on its way.
          <Text fw={600}>{REFUND_TEXT[booking.RefundState ?? 'pending']}</Text>
        ) : null}
        {rows.length ? (
          // A list rather than a table: it reads well on a phone.
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((invoice) => (
              <Paper component="li" key={invoice.DocumentId} withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{documentTitle(invoice)}</Text>
                    <Text size="sm">
                      {invoice.Description} · {invoice.Issuer}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {stateText(invoice)}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text fw={600}>
                      {invoice.DocumentType === 'credit-note' ? '−' : ''}
                      {formatEuro(invoice.Amount)}
                    </Text>
                    {invoice.State === 'draft' ? null : (
                      <DownloadPdfButton base="CurrentPatient/Invoices" document={invoice} />
                    )}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
