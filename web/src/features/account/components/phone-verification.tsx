/**
 * The mobile-phone request (docs/product.md#screens, Dialogs): a user without a verified number (e.g.
 * after Google sign-in) adds it and confirms it with the 6-digit SMS code
 * (UserDetails/RequestMobileVerificationCode, then UserDetails/VerifyPhoneNo).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, PinInput, Stack, Text, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { DEFAULT_PHONE_PREFIX } from '../../../lib/shared-values';
import { joinPhoneNumber, phoneNumberSchema, userProfileSchema, type UserProfile } from '@nutri/shared';
import { api } from '../../../api/client';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { showSuccessToast } from '../../../ui/notify';
import { splitPhoneNumber } from '../../../ui/phone/country-prefixes';
import { PhoneFields } from '../../../ui/phone/phone-fields';
import { USER_DETAILS_KEY } from '../../auth';

const message = (error: unknown) =>
  isNetworkError(error)
    ? errorTexts.connectionProblem
    : ((isApiError(error) ? (Object.values(error.fieldErrors)[0]?.[0] ?? error.serverMessage) : null) ??
      errorTexts.cannotSaveData);

function PhoneDialog({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const current = splitPhoneNumber(profile.MobilePhoneNo);
  const [prefix, setPrefix] = useState(current.prefix || DEFAULT_PHONE_PREFIX);
  const [number, setNumber] = useState(current.number);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const requestCode = async () => {
    setError(null);
    const parsed = phoneNumberSchema.safeParse(number);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? errorTexts.cannotSaveData);
    const phone = joinPhoneNumber(prefix, parsed.data);
    setBusy(true);
    try {
      await api.post('/UserDetails/RequestMobileVerificationCode', { MobilePhoneNo: phone });
      setSentTo(phone);
    } catch (caught) {
      setError(message(caught));
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    setError(null);
    setBusy(true);
    try {
      const updated = userProfileSchema.parse(await api.post('/UserDetails/VerifyPhoneNo', { Code: code }));
      await mutate(USER_DETAILS_KEY, updated, { revalidate: false });
      showSuccessToast('Numero di cellulare verificato');
      onClose();
    } catch (caught) {
      setError(message(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Il tuo numero di cellulare"
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {sentTo === null ? (
          <form
            noValidate
            aria-label="Numero di cellulare"
            onSubmit={(event) => {
              event.preventDefault();
              void requestCode();
            }}
          >
            <Stack gap="md">
              <Text size="sm">
                Ci serve per avvisarti dei tuoi appuntamenti. Ti invieremo un SMS con un codice di 6 cifre.
              </Text>
              <PhoneFields
                prefix={prefix}
                onPrefixChange={setPrefix}
                number={{ value: number, onChange: (event) => setNumber(event.currentTarget.value) }}
                description="Da 9 a 12 cifre, senza prefisso."
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Più tardi
                </Button>
                <Button type="submit" loading={busy}>
                  Invia il codice
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form
            noValidate
            aria-label="Codice di verifica"
            onSubmit={(event) => {
              event.preventDefault();
              void verify();
            }}
          >
            <Stack gap="md">
              <Text size="sm">Abbiamo inviato il codice a {sentTo}. Scade tra 10 minuti.</Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                aria-label="Codice di verifica"
              />
              <Group justify="space-between">
                <Button variant="subtle" onClick={() => setSentTo(null)}>
                  Cambia numero
                </Button>
                <Button type="submit" loading={busy} disabled={code.length !== 6}>
                  Verifica
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}

export function PhoneVerification({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  const verified = Boolean(profile.MobilePhoneNo) && profile.MobilePhoneVerified === true;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text>{profile.MobilePhoneNo ?? 'Nessun numero'}</Text>
        <Badge variant="light" color={verified ? 'leaf' : 'apricot'}>
          {verified ? 'Verificato' : 'Da verificare'}
        </Badge>
      </Group>
      {!verified ? (
        <Group>
          <Button variant="light" onClick={() => setOpen(true)}>
            {profile.MobilePhoneNo ? 'Verifica il numero' : 'Aggiungi il numero di cellulare'}
          </Button>
        </Group>
      ) : null}
      {open ? <PhoneDialog profile={profile} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

/**
 * On the patient's home, for an account without a mobile number (e.g. after Google sign-in): what the
 * number is for and the button that opens the request. A card, not a dialog that opens by itself: it
 * never stands between the patient and the page they came for.
 */
export function PhoneRequestCard({ profile }: { profile: UserProfile | undefined }) {
  const [open, setOpen] = useState(false);
  if (!profile || profile.MobilePhoneNo) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="phone-request">
      <Stack gap="xs" align="flex-start">
        <Title order={2} fz="h4" id="phone-request">
          Manca il tuo numero di cellulare
        </Title>
        <Text size="sm">
          Ci serve per avvisarti dei tuoi appuntamenti e perché il nutrizionista possa raggiungerti su
          WhatsApp se c’è qualcosa di urgente.
        </Text>
        <Button variant="light" onClick={() => setOpen(true)}>
          Aggiungi il numero di cellulare
        </Button>
      </Stack>
      {open ? <PhoneDialog profile={profile} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
