/**
 * A patient's billing data as their nutritionist sees it (docs/product.md#roles: view patient billing profile),
 * for the nutritionist's patient pages: the active profile, or a note that there is none yet.
 */
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorTexts } from '../../../lib/shared-values';
import { usePatientBillingProfiles } from '../api/list-patient-billing-profiles';
import { BillingProfileSummary } from './billing-profile-summary';

export function PatientBillingProfiles({ patientUserId }: { patientUserId: string }) {
  const { data, error, isLoading } = usePatientBillingProfiles(patientUserId);
  if (error)
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
        {errorTexts.cannotLoadData}
      </Alert>
    );
  if (isLoading || !data)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Caricamento dei dati per la fattura">
        <Skeleton height={14} width="40%" />
        <Skeleton height={12} width="60%" />
      </Stack>
    );
  const active = data.find((profile) => profile.IsActive);
  return active ? (
    <BillingProfileSummary profile={active} />
  ) : (
    <Text size="sm" c="dimmed">
      Il paziente non ha ancora inserito i dati per la fattura.
    </Text>
  );
}
