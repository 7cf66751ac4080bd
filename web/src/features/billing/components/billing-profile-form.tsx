/**
 * The billing data form (docs/product.md#data and #validation): name or company name, codice fiscale (required),
 * partita IVA (optional), address, CAP and comune. Checked in the browser with the shared schema the
 * server uses (shape and check character of the codice fiscale, the partita IVA's check digit); the
 * server adds the birth date and place check and answers each wrong field in `Errors`, shown under it.
 * A refused save also shows the spec's summary: one error's message, or 'N errori trovati.' and the list.
 */
import type { ChangeEvent } from 'react';
import { Button, Grid, Group, List, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  BILLING_LIMITS,
  billingProfileFormSchema,
  billingTexts,
  type BillingProfile,
  type BillingProfileFormValues,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { summarizeSaveError } from '../../../ui/form/server-errors';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { useSaveBillingProfile } from '../api/save-billing-profile';
import { ComunePicker } from './comune-picker';

const valuesOf = (profile: BillingProfile | null | undefined): BillingProfileFormValues => ({
  RagioneSociale: profile?.RagioneSociale ?? '',
  CodiceFiscale: profile?.CodiceFiscale ?? '',
  PartitaIva: profile?.PartitaIva ?? '',
  Address: profile?.Address ?? '',
  PostalCode: profile?.PostalCode ?? '',
  ComuneId: profile?.ComuneId ?? '',
});

/** The spec's toast of a refused save: one message, or 'N errori trovati.' with the messages listed. */
const showSaveError = (error: unknown) => {
  const summary = summarizeSaveError(error, errorTexts.cannotSaveData);
  if (summary.messages.length > 1) {
    showErrorToast(
      <List size="sm" spacing={2}>
        {summary.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>,
      { title: summary.title, id: 'billing-save' },
    );
    return;
  }
  showErrorToast(summary.title, { id: 'billing-save' });
};

export function BillingProfileForm({
  profile,
  userId,
  onSaved,
  onCancel,
  submitLabel = 'Salva i dati',
}: {
  /** The profile to edit; none creates a new one. */
  profile?: BillingProfile | null;
  /** Saves for this user through the back-office resource (docs/product.md#roles). */
  userId?: string;
  onSaved: (profile: BillingProfile) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const form = useZodForm(billingProfileFormSchema, valuesOf(profile));
  const save = useSaveBillingProfile();

  const submit = form.onSubmit(async (fields) => {
    try {
      const saved = await save({
        fields,
        ...(profile ? { billingProfileId: profile.BillingProfileId } : {}),
        ...(userId ? { userId } : {}),
      });
      showSuccessToast(billingTexts.saved);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      showSaveError(error);
    }
  });

  const taxCode = (name: 'CodiceFiscale' | 'PartitaIva') => {
    const props = form.field(name);
    return {
      ...props,
      // People paste codes with spaces or in lower case: show them as they will be saved.
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        form.setValue(name, event.currentTarget.value.toUpperCase()),
      autoCapitalize: 'characters',
      autoCorrect: 'off',
      spellCheck: false,
    };
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Dati per la fattura">
      {/* Mantine's error red (red-6) is 3.3:1 on white, under WCAG's 4.5:1 for the error texts and the
          wrong value: red-9 is 5.3:1. */}
      <Stack gap="md" style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' }}>
        <TextInput
          label="Nome e cognome o ragione sociale"
          description="Come deve comparire sulla fattura."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="name"
          required
          maxLength={BILLING_LIMITS.ragioneSociale}
          {...form.field('RagioneSociale')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Codice fiscale"
            description="16 caratteri (11 cifre per società ed enti)."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            maxLength={24}
            {...taxCode('CodiceFiscale')}
          />
          <TextInput
            label="Partita IVA"
            description="Facoltativa: solo se la fattura va a un’attività."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="numeric"
            maxLength={20}
            {...taxCode('PartitaIva')}
          />
        </SimpleGrid>
        <TextInput
          label="Indirizzo"
          description="Via o piazza e numero civico."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="street-address"
          required
          maxLength={BILLING_LIMITS.address}
          {...form.field('Address')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="CAP"
              inputMode="numeric"
              autoComplete="postal-code"
              required
              maxLength={5}
              {...form.field('PostalCode')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <ComunePicker
              value={form.values.ComuneId}
              initialCity={profile?.Comune ?? null}
              onChange={(comuneId) => form.setValue('ComuneId', comuneId)}
              error={form.errors.ComuneId}
              disabled={form.submitting}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Annulla
            </Button>
          ) : null}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
