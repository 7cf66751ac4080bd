/**
 * /Users/EditUser/{UserId} (UserManager): the account's data, e-mail (re-verified by a link), roles,
 * status, password-reset mail, active sessions, and the audit trail of every change
 * (docs/product.md#user-management).
 */
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ROLES, ROLE_LABELS, type Role } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../ui/load-error';
import { runWithToasts } from '../../../ui/form/save-error';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { ConfirmDialog } from '../../bookings';
import { useManagedUser, useManagedUserActions, type ManagedUser } from '../api/users-api';
import { AuditTrail } from '../components/audit-trail';
import { ScrollableTable } from '../../../ui/scrollable-table';

/** Runs a change, says how it went, and hands field errors to the form. */
const run = (
  action: () => Promise<unknown>,
  done: string,
  onFieldErrors?: (errors: Record<string, string>) => void,
) => runWithToasts(action, done, 'edit-user', onFieldErrors);

const when = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function DetailsForm({ user }: { user: ManagedUser }) {
  const actions = useManagedUserActions(user.Id);
  const [values, setValues] = useState({
    Name: user.Name,
    DisplayName: user.DisplayName,
    MobilePhoneNo: user.MobilePhoneNo ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const field = (name: keyof typeof values, label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
    />
  );
  return (
    <form
      aria-label="Dati dell’utente"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        setErrors({});
        const phone = values.MobilePhoneNo.replace(/[\s.-]/g, '');
        void run(
          () =>
            actions.updateDetails({
              Name: values.Name,
              DisplayName: values.DisplayName,
              MobilePhoneNo: phone === '' ? null : phone,
            }),
          'Dati salvati',
          setErrors,
        )
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    >
      <Stack gap="sm">
        {field('Name', 'Nome e cognome')}
        {field('DisplayName', 'Nome visualizzato')}
        {field(
          'MobilePhoneNo',
          'Cellulare',
          'Con il prefisso internazionale, es. +393331234567; vuoto per toglierlo',
        )}
        <Group>
          <Button type="submit" loading={saving}>
            Salva i dati
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EmailForm({ user }: { user: ManagedUser }) {
  const actions = useManagedUserActions(user.Id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  return (
    <form
      aria-label="Cambia e-mail"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        setError(undefined);
        void run(
          () => actions.changeEmail(email),
          'E-mail cambiata: abbiamo inviato il link di conferma',
          (errors) => setError(errors.Email),
        )
          .then(() => setEmail(''))
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Indirizzo attuale: <strong>{user.Email}</strong>{' '}
          <Badge variant="light" color={user.EmailVerified ? 'leaf' : 'apricot'}>
            {user.EmailVerified ? 'Confermato' : 'Da confermare'}
          </Badge>
        </Text>
        <TextInput
          label="Nuovo indirizzo e-mail"
          description="Il vecchio indirizzo riceve un avviso; il nuovo un link per confermarlo."
          type="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" variant="light" loading={saving}>
            Cambia e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RolesForm({ user }: { user: ManagedUser }) {
  const actions = useManagedUserActions(user.Id);
  const [roles, setRoles] = useState<Role[]>(user.Roles);
  const [saving, setSaving] = useState(false);
  const changed = roles.length !== user.Roles.length || roles.some((role) => !user.Roles.includes(role));
  return (
    <form
      aria-label="Ruoli"
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        void run(() => actions.setRoles(roles), 'Ruoli aggiornati')
          .catch(() => setRoles(user.Roles))
          .finally(() => setSaving(false));
      }}
    >
      <Stack gap="sm">
        <Checkbox.Group value={roles} onChange={(value) => setRoles(value)} label="Ruoli dell’utente">
          <Stack gap={6} mt={6}>
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="dimmed">
          Chi perde un ruolo deve accedere di nuovo. L’ultimo amministratore di sistema attivo non può perdere
          il ruolo.
        </Text>
        <Group>
          <Button type="submit" variant="light" loading={saving} disabled={!changed}>
            Salva i ruoli
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StatusAndAccess({ user }: { user: ManagedUser }) {
  const actions = useManagedUserActions(user.Id);
  const [confirming, setConfirming] = useState<'disable' | 'enable' | 'reset' | null>(null);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text>Stato:</Text>
        <Badge variant="light" color={user.Disabled ? 'red' : 'leaf'}>
          {user.Disabled ? `Disabilitato dal ${when(user.DisabledAt ?? user.CreatedAt)}` : 'Attivo'}
        </Badge>
      </Group>
      <Group gap="sm">
        {user.Disabled ? (
          <Button variant="light" onClick={() => setConfirming('enable')}>
            Riabilita l’account
          </Button>
        ) : (
          <Button color="red" variant="light" onClick={() => setConfirming('disable')}>
            Disabilita l’account
          </Button>
        )}
        <Button variant="default" onClick={() => setConfirming('reset')}>
          Invia e-mail per reimpostare la password
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming === 'disable'}
        onClose={() => setConfirming(null)}
        title="Disabilitare l’account?"
        message={`${user.DisplayName} verrà disconnesso subito da tutti i dispositivi e non potrà più accedere finché non riabiliterai l’account.`}
        confirmLabel="Disabilita"
        confirmColor="red"
        onConfirm={() => run(() => actions.disable(), 'Account disabilitato')}
      />
      <ConfirmDialog
        opened={confirming === 'enable'}
        onClose={() => setConfirming(null)}
        title="Riabilitare l’account?"
        message={`${user.DisplayName} potrà di nuovo accedere.`}
        confirmLabel="Riabilita"
        onConfirm={() => run(() => actions.enable(), 'Account riabilitato')}
      />
      <ConfirmDialog
        opened={confirming === 'reset'}
        onClose={() => setConfirming(null)}
        title="Inviare il link per reimpostare la password?"
        message={`Invieremo a ${user.Email} un link valido 1 ora, utilizzabile una sola volta.`}
        confirmLabel="Invia"
        onConfirm={() => run(() => actions.sendPasswordReset(), 'E-mail inviata')}
      />
    </Stack>
  );
}

function Sessions({ user }: { user: ManagedUser }) {
  const actions = useManagedUserActions(user.Id);
  const [revoking, setRevoking] = useState<string | null>(null);
  if (user.Sessions.length === 0) return <Text c="dimmed">Nessuna sessione attiva.</Text>;
  return (
    <ScrollableTable minWidth={480} label="Sessioni attive, scorrevole">
      <Table verticalSpacing="xs" aria-label="Sessioni attive">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Iniziata</Table.Th>
            <Table.Th>Ricordami</Table.Th>
            <Table.Th>Scade</Table.Th>
            <Table.Th>
              <VisuallyHidden>Azioni</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {user.Sessions.map((session) => (
            <Table.Tr key={session.SessionId}>
              <Table.Td>{when(session.StartedAt)}</Table.Td>
              <Table.Td>{session.RememberMe ? 'Sì' : 'No'}</Table.Td>
              <Table.Td>{when(session.ExpiresAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={revoking === session.SessionId}
                  aria-label={`Termina la sessione iniziata il ${when(session.StartedAt)}`}
                  onClick={() => {
                    setRevoking(session.SessionId);
                    void run(() => actions.revokeSession(session.SessionId), 'Sessione terminata')
                      .catch(() => undefined)
                      .finally(() => setRevoking(null));
                  }}
                >
                  Termina
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

export function EditUserPage() {
  const { userId } = useParams();
  const { data: user, error, mutate } = useManagedUser(userId);
  return (
    <Page
      title={user ? user.DisplayName : 'Modifica utente'}
      description={user ? `${user.Email} · registrato il ${when(user.CreatedAt)}` : undefined}
      head={{ noIndex: true }}
    >
      {error ? (
        isApiError(error, 404) ? (
          <Alert color="apricot">Utente non trovato.</Alert>
        ) : (
          <LoadError onRetry={() => mutate()} />
        )
      ) : !user ? (
        <PageLoader />
      ) : (
        // Forms start from the user as loaded; a change elsewhere (another tab) re-keys them.
        <Stack gap="lg" key={`${user.Id}-${user.Email}-${user.Roles.join()}-${user.DisplayName}`}>
          <Section title="Dati">
            <DetailsForm user={user} />
          </Section>
          <Section title="E-mail">
            <EmailForm user={user} />
          </Section>
          <Section title="Ruoli">
            <RolesForm user={user} />
          </Section>
          <Section title="Stato e accesso">
            <StatusAndAccess user={user} />
          </Section>
          <Section title="Sessioni attive">
            <Sessions user={user} />
          </Section>
          <Section title="Registro delle modifiche">
            <AuditTrail entries={user.Audit} />
          </Section>
        </Stack>
      )}
    </Page>
  );
}
