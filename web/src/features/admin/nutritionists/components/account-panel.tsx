/**
 * The account side of a nutritionist on /Admin/NutritionistProfile (BusinessAdmin): calendar partner flag,
 * a new invitation, deactivation (hidden, unmatched, patients back in the unassigned queue) and
 * reactivation, each confirmed (docs/product.md#nutritionist-accounts).
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { AdminNutritionistProfile } from '@nutri/shared';
import { runWithToasts } from '../../../../ui/form/save-error';
import { showSuccessToast } from '../../../../ui/notify';
import { ConfirmDialog } from '../../../bookings';
import { useNutritionistAccountActions } from '../api/admin-nutritionists';

const attempt = (action: () => Promise<unknown>, done: string) =>
  runWithToasts(action, done, 'nutritionist-account');

export function AccountPanel({ profile }: { profile: AdminNutritionistProfile }) {
  const actions = useNutritionistAccountActions();
  const [confirming, setConfirming] = useState<'deactivate' | 'reactivate' | 'invite' | null>(null);
  const [savingPartner, setSavingPartner] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Account">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Account
          </Title>
          <Badge variant="light" color={profile.Deactivated ? 'red' : 'leaf'}>
            {profile.Deactivated ? 'Disattivato' : 'Attivo'}
          </Badge>
        </Group>
        <Switch
          label="Partner per l’integrazione con Google Calendar"
          checked={profile.IsCalendarPartner}
          disabled={savingPartner}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setSavingPartner(true);
            void attempt(() => actions.setCalendarPartner(profile.UserId, next), 'Impostazione salvata')
              .catch(() => undefined)
              .finally(() => setSavingPartner(false));
          }}
        />
        {profile.Deactivated ? (
          <Text size="sm" c="dimmed">
            Non compare nell’elenco pubblico e non riceve nuovi pazienti. Lo storico resta consultabile.
          </Text>
        ) : null}
        <Group gap="sm">
          <Button variant="default" onClick={() => setConfirming('invite')}>
            Invia di nuovo l’invito
          </Button>
          {profile.Deactivated ? (
            <Button variant="light" onClick={() => setConfirming('reactivate')}>
              Riattiva
            </Button>
          ) : (
            <Button variant="light" color="red" onClick={() => setConfirming('deactivate')}>
              Disattiva
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming === 'deactivate'}
        onClose={() => setConfirming(null)}
        title="Disattivare il nutrizionista?"
        message={`${profile.DisplayName} sparirà dall’elenco pubblico e dall’abbinamento; i suoi ${profile.ActivePatients} pazienti torneranno tra quelli in attesa di un nutrizionista. Appuntamenti, chat e pagamenti restano.`}
        confirmLabel="Disattiva"
        confirmColor="red"
        onConfirm={() =>
          attempt(async () => {
            const result = await actions.deactivate(profile.UserId);
            showSuccessToast(
              `Nutrizionista disattivato: ${result.ReleasedPatients} pazienti in attesa di abbinamento`,
              {
                outcomeOf: 'nutritionist-account',
              },
            );
          }, 'Nutrizionista disattivato')
        }
      />
      <ConfirmDialog
        opened={confirming === 'reactivate'}
        onClose={() => setConfirming(null)}
        title="Riattivare il nutrizionista?"
        message="Potrai di nuovo rendere pubblico il profilo; i pazienti già riassegnati restano ai nuovi nutrizionisti."
        confirmLabel="Riattiva"
        onConfirm={() => attempt(() => actions.reactivate(profile.UserId), 'Nutrizionista riattivato')}
      />
      <ConfirmDialog
        opened={confirming === 'invite'}
        onClose={() => setConfirming(null)}
        title="Inviare un nuovo invito?"
        message={`${profile.Email} riceverà un nuovo link per scegliere la password, valido 7 giorni.`}
        confirmLabel="Invia"
        onConfirm={() => attempt(() => actions.resendInvitation(profile.UserId), 'Invito inviato')}
      />
    </Card>
  );
}
