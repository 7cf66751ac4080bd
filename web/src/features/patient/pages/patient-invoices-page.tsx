/**
 * /Patients/Invoices (docs/product.md#invoicing): every document of the patient's visits, newest first,
 * each with its PDF: the service's invoice, the nutritionist's health invoice once issued, credit notes.
 */
import { Paper } from '@mantine/core';
import { DocumentList, usePatientInvoices } from '../../invoicing';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';

export function PatientInvoicesPage() {
  const invoices = usePatientInvoices();
  return (
    <Page
      title="Le tue fatture"
      description="Per ogni visita ricevi due fatture: la prestazione sanitaria del nutrizionista (detraibile al 19%) e il servizio Nutrì."
    >
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={760}>
        {invoices.data ? (
          <DocumentList
            base="CurrentPatient/Invoices"
            documents={invoices.data.Data}
            party="issuer"
            empty="Nessuna fattura per ora: arrivano dopo il pagamento di una visita."
          />
        ) : (
          <PageLoader />
        )}
      </Paper>
    </Page>
  );
}
