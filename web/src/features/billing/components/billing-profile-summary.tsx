/** A billing profile as the invoice will show it: name, codes, address. */
import { Stack, Text } from '@mantine/core';
import type { BillingProfile } from '@nutri/shared';
import { comuneLabel } from './comune-picker';

export function BillingProfileSummary({ profile }: { profile: BillingProfile }) {
  return (
    <Stack gap={2}>
      <Text fw={700}>{profile.RagioneSociale}</Text>
      <Text size="sm">
        Codice fiscale: <span translate="no">{profile.CodiceFiscale}</span>
      </Text>
      {profile.PartitaIva ? (
        <Text size="sm">
          Partita IVA: <span translate="no">{profile.PartitaIva}</span>
        </Text>
      ) : null}
      <Text size="sm">{profile.Address}</Text>
      <Text size="sm">
        {profile.PostalCode} {profile.Comune ? comuneLabel(profile.Comune) : profile.ComuneId}
      </Text>
    </Stack>
  );
}
