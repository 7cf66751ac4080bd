/**
 * "Dati per la fattura" on the profile page (patients and nutritionists): the active billing profile,
 * with a button that opens the billing dialog to add or change it.
 */
import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconPencil, IconPlus } from '@tabler/icons-react';
import { LoadError } from '../../../ui/load-error';
import { useActiveBillingProfileDetails } from '../api/list-billing-profiles';
import { BillingProfileDialog } from './billing-profile-dialog';
import { BillingProfileSummary } from './billing-profile-summary';

export function BillingProfileSection() {
  const { profile, error, isLoading, mutate } = useActiveBillingProfileDetails();
  const [editing, setEditing] = useState(false);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-title">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconFileInvoice size={22} aria-hidden />
        <Title order={2} fz="h4" id="billing-title">
          Dati per la fattura
        </Title>
      </Group>
      {error ? (
        <LoadError onRetry={() => void mutate()} />
      ) : isLoading || profile === undefined ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Caricamento dei dati per la fattura">
          <Skeleton height={14} width="40%" />
          <Skeleton height={12} width="60%" />
          <Skeleton height={12} width="50%" />
        </Stack>
      ) : (
        <Stack gap="md">
          {profile ? (
            <BillingProfileSummary profile={profile} />
          ) : (
            <Text size="sm" c="dimmed">
              Non hai ancora inserito i dati per la fattura: te li chiederemo al primo pagamento, oppure puoi
              aggiungerli ora.
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={
                profile ? <IconPencil size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />
              }
              onClick={() => setEditing(true)}
            >
              {profile ? 'Modifica i dati' : 'Aggiungi i dati'}
            </Button>
          </Group>
        </Stack>
      )}
      <BillingProfileDialog
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
        profile={profile ?? null}
      />
    </Card>
  );
}
