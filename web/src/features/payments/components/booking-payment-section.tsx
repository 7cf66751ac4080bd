/**
 * What the patient sees about a paid visit on its page: when it was paid, the refund of an in-time
 * cancellation (docs/product.md#states) and the visit's two invoices (docs/product.md#overview: the nutritionist's 35 EUR
 * health service, deductible at 19% IRPEF, uploaded within 12 days; the rest from the service).
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BookingView, InvoiceView } from '@nutri/shared';
import { formatEuro } from '../../../lib/money';
import { appointmentShortText } from '../../bookings';
import { useBookingInvoices } from '../api/payments';

const REFUND_TEXT: Record<NonNullable<BookingView['RefundState']>, string> = {
  pending: 'Rimborso completo in corso: arriva sulla carta usata per il pagamento in pochi giorni.',
  succeeded: 'Rimborso completo effettuato sulla carta usata per il pagamento.',
  failed: 'Il rimborso non è andato a buon fine: il supporto ti contatterà.',
};

const stateText = (invoice: InvoiceView) => {
  switch (invoice.State) {
    case 'awaiting-upload':
      return invoice.UploadDueAt
        ? `Inviata dal nutrizionista entro il ${appointmentShortText(invoice.UploadDueAt).slice(0, 10)}`
        : 'In preparazione';
    case 'to-issue':
      return 'In preparazione';
    case 'uploaded':
    case 'issued':
      return 'Emessa';
  }
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
              <Paper component="li" key={invoice.Kind} withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>Fattura {invoice.Number}</Text>
                    <Text size="sm">
                      {invoice.Description} · {invoice.Issuer}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {stateText(invoice)}
                    </Text>
                  </Stack>
                  <Text fw={600}>{formatEuro(invoice.Amount)}</Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
