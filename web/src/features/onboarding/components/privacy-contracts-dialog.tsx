/**
 * The privacy acceptance dialog (docs/product.md#screens, Dialogs): both notices, each with a link to read it
 * and a required checkbox, then POST Patients/Contracts/AcceptPrivacy. `onSuccess` runs after the
 * acceptance is recorded: the patient home closes the dialog, the payment flow retries the payment.
 * `updated`: the patient had accepted an older version (docs/product.md#contracts); without it the
 * dialog asks the profile, so the payment flow says so too.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { showErrorToast } from '../../../ui/notify';
import { useAcceptPrivacy } from '../api/accept-privacy';
import { usePatientHomeProfile } from '../api/get-patient-profile';
import { privacyConsentErrors, type PrivacyConsent } from '../privacy-consent';

function ReadLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener" size="sm">
      {children}
      <VisuallyHidden> (si apre in una nuova scheda)</VisuallyHidden>
    </Anchor>
  );
}

export function PrivacyContractsDialog({
  opened,
  updated,
  onClose,
  onSuccess,
}: {
  opened: boolean;
  updated?: boolean;
  onClose: () => void;
  onSuccess: () => void;
}) {
  const accept = useAcceptPrivacy();
  const profile = usePatientHomeProfile();
  const isUpdate = updated ?? profile.data?.PrivacyContractsUpdated ?? false;
  const [consent, setConsent] = useState<PrivacyConsent>({ service: false, nutritionist: false });
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const errors = submitted ? privacyConsentErrors(consent) : {};

  const close = () => {
    if (sending) return;
    setSubmitted(false);
    setConsent({ service: false, nutritionist: false });
    onClose();
  };

  const confirm = async () => {
    setSubmitted(true);
    if (Object.keys(privacyConsentErrors(consent)).length > 0) return;
    setSending(true);
    try {
      await accept();
      onSuccess();
    } catch {
      showErrorToast(errorTexts.cannotUpdateData, { id: 'accept-privacy' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Informative privacy"
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {isUpdate
            ? 'Abbiamo aggiornato le informative privacy: leggi la nuova versione e accettala per continuare. Le accettazioni precedenti restano registrate.'
            : 'Prima di pagare le visite ti chiediamo di leggere e accettare come trattiamo i tuoi dati, noi e il nutrizionista che ti segue.'}
        </Text>
        <Stack gap={6}>
          <Checkbox
            label="Ho letto e accetto l’informativa privacy del servizio"
            checked={consent.service}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setConsent((current) => ({ ...current, service: checked }));
            }}
            error={errors.service}
            required
            disabled={sending}
          />
          <div style={{ paddingLeft: 32 }}>
            <ReadLink href={paths.patients.privacyService()}>
              Leggi l’informativa privacy del servizio
            </ReadLink>
          </div>
        </Stack>
        <Stack gap={6}>
          <Checkbox
            label="Ho letto e accetto l’informativa privacy del nutrizionista"
            checked={consent.nutritionist}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setConsent((current) => ({ ...current, nutritionist: checked }));
            }}
            error={errors.nutritionist}
            required
            disabled={sending}
          />
          <div style={{ paddingLeft: 32 }}>
            <ReadLink href={paths.patients.privacyNutritionist()}>
              Leggi l’informativa privacy del nutrizionista
            </ReadLink>
          </div>
        </Stack>
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            Per continuare accetta entrambe le informative.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={sending}>
            Annulla
          </Button>
          <Button onClick={() => void confirm()} loading={sending}>
            Accetta e continua
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
