/**
 * The billing profile dialog (docs/product.md#screens, Dialogs: billing profile add or edit). The payment flow
 * opens it with `reason="missing"` when the patient has no active billing profile (docs/product.md#states), and
 * retries the payment from `onSaved`:
 *
 *   const { hasActiveProfile } = useActiveBillingProfile();
 *   <BillingProfileDialog opened={open} reason="missing" onClose={close} onSaved={retryPayment} />
 *
 * With `profile` it edits that profile (PATCH), otherwise it creates a new, active one (POST); with
 * `userId` it uses the back-office resource for that user. Full screen on phones.
 */
import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { billingTexts, type BillingProfile } from '@nutri/shared';
import { BillingProfileForm } from './billing-profile-form';

export interface BillingProfileDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After the save (the dialog does not close by itself: the caller decides, e.g. retries the payment). */
  onSaved: (profile: BillingProfile) => void;
  /** 'missing': asked for because a payment needs it (the spec's 'Mancano i dati per la fattura'). */
  reason?: 'missing' | 'edit';
  profile?: BillingProfile | null;
  userId?: string;
}

export function BillingProfileDialog({
  opened,
  onClose,
  onSaved,
  reason,
  profile,
  userId,
}: BillingProfileDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const missing = reason === 'missing' && !profile;
  const title = missing
    ? billingTexts.dialogTitleMissing
    : profile
      ? billingTexts.dialogTitleEdit
      : billingTexts.dialogTitleAdd;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {missing ? (
          <Text size="sm">
            Per ogni visita emettiamo le fatture a tuo nome: prima del pagamento ci servono i tuoi dati. Li
            chiediamo una volta sola e puoi modificarli quando vuoi dal tuo profilo.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Sono i dati riportati sulle fatture delle visite.
          </Text>
        )}
        {/* A fresh form each time it opens, with the profile's current values. */}
        {opened ? (
          <BillingProfileForm
            key={profile?.BillingProfileId ?? 'new'}
            profile={profile ?? null}
            {...(userId ? { userId } : {})}
            onSaved={onSaved}
            onCancel={onClose}
            submitLabel={missing ? 'Salva e continua' : 'Salva i dati'}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
