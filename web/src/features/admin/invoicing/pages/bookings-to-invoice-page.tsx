/**
 * /Admin/Invoicing/BookingsToInvoice (BusinessAdmin only): paid visits whose health invoice the
 * nutritionist has not issued yet, overdue first (12 days after payment), with days since payment and a
 * reminder to the nutritionist; and the nutritionists whose fiscal data are incomplete, whose health
 * invoices cannot be made until they complete them (docs/product.md#invoicing).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Table, Text, Title } from '@mantine/core';
import { paths } from '../../../../paths';
import { formatDate } from '../../../../lib/dates';
import { formatEuro } from '../../../../lib/money';
import { showErrorToast, showSuccessToast } from '../../../../ui/notify';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import {
  errorMessage,
  remindNutritionist,
  useBookingsToInvoice,
  useMissingFiscalData,
} from '../../../invoicing';
import { ScrollableTable } from '../../../../ui/scrollable-table';

export function BookingsToInvoicePage() {
  const list = useBookingsToInvoice();
  const [busy, setBusy] = useState<number | null>(null);
  const remind = async (bookingId: number) => {
    setBusy(bookingId);
    try {
      await remindNutritionist(bookingId);
      showSuccessToast('Promemoria inviato al nutrizionista');
    } catch (error) {
      showErrorToast(errorMessage(error, 'Impossibile inviare il promemoria.'));
    } finally {
      setBusy(null);
    }
  };
  const rows = list.data?.Data ?? [];
  return (
    <Page
      title="Visite da fatturare"
      description="Visite pagate di cui il nutrizionista non ha ancora emesso la fattura sanitaria: prima le scadute."
      head={{ noIndex: true }}
    >
      <Anchor component={Link} to={paths.admin.invoicing()} mb="md" display="inline-block">
        Tutte le fatture
      </Anchor>
      {!list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Text c="dimmed">Nessuna visita da fatturare.</Text>
      ) : (
        <ScrollableTable minWidth={760} label="Visite da fatturare">
          <Table striped highlightOnHover aria-label="Visite pagate senza fattura sanitaria">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nutrizionista</Table.Th>
                <Table.Th>Paziente</Table.Th>
                <Table.Th>Pagata il</Table.Th>
                <Table.Th>Giorni</Table.Th>
                <Table.Th>Importo</Table.Th>
                <Table.Th>Azione</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.DocumentId}>
                  <Table.Td>{row.IssuerName}</Table.Td>
                  <Table.Td>{row.CustomerName}</Table.Td>
                  <Table.Td>{formatDate(row.PaidAt)}</Table.Td>
                  <Table.Td>
                    {row.DaysSincePayment}{' '}
                    {row.Overdue ? (
                      <Badge color="red" variant="light">
                        Scaduta
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatEuro(row.Amount)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={busy === row.BookingId}
                      aria-label={`Invia un promemoria a ${row.IssuerName}`}
                      onClick={() => void remind(row.BookingId)}
                    >
                      Promemoria
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
      <MissingFiscalData />
    </Page>
  );
}

function MissingFiscalData() {
  const list = useMissingFiscalData();
  const rows = list.data?.Data ?? [];
  return (
    <section aria-labelledby="dati-fiscali-mancanti">
      <Title order={2} fz="h4" id="dati-fiscali-mancanti" mt="xl" mb="xs">
        Nutrizionisti senza dati fiscali completi
      </Title>
      {!list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Text c="dimmed">Tutti i nutrizionisti hanno completato i dati fiscali.</Text>
      ) : (
        <ScrollableTable minWidth={560} label="Nutrizionisti senza dati fiscali">
          <Table striped aria-label="Nutrizionisti senza dati fiscali completi">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nutrizionista</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Mancano</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.UserId}>
                  <Table.Td>{row.DisplayName}</Table.Td>
                  <Table.Td>{row.Email}</Table.Td>
                  <Table.Td>{row.Missing.join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
    </section>
  );
}
