/**
 * The body of a questionnaire delivery as Tally sent it (answers included: health data). Opened only on
 * request; the server records every view in the audit trail before answering (docs/product.md#roles).
 */
import useSWR from 'swr';
import { Alert, Code, Modal, ScrollArea, Text } from '@mantine/core';
import { ApiError } from '../../../../api/api-error';
import { PageLoader } from '../../../../ui/page-loader';
import { fetchTallyPayload } from '../api/operations';

export function PayloadDialog({ logId, onClose }: { logId: string | null; onClose: () => void }) {
  // Read afresh at each opening (never cached): each view is one audited read.
  const payload = useSWR(logId ? ['tally-payload', logId] : null, ([, id]) => fetchTallyPayload(id), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: 0,
  });
  return (
    <Modal
      opened={logId !== null}
      onClose={onClose}
      title="Contenuto della consegna"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        Contiene le risposte al questionario (dati sanitari): questa consultazione è registrata.
      </Text>
      {payload.error ? (
        <Alert color="red" title="Errore!">
          {payload.error instanceof ApiError ? payload.error.message : 'Impossibile caricare il contenuto.'}
        </Alert>
      ) : !payload.data ? (
        <PageLoader />
      ) : (
        <ScrollArea.Autosize mah={480}>
          <Code block aria-label="Contenuto JSON della consegna">
            {payload.data.RawBody ?? JSON.stringify(payload.data.Payload, null, 2)}
          </Code>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
