/**
 * `/Account/Privacy`, the patient's privacy centre (docs/product.md#privacy-centre): consents given and
 * withdrawn with their dates, the optional mails withdrawn, "scarica i miei dati" and "elimina il mio
 * account". Each request records itself with the outbox item of its job and answers at once.
 */
import {
  ERASURE_CONFIRMATION_WORD,
  erasureRequestSchema,
  privacyTexts,
  type PrivacyCentreResponse,
  type PrivacyConsent,
  type PrivacyRequestKind,
} from '@nutri/shared';
import { accountHasPassword, getUser, isAccountPassword, optOutOfMails } from '../accounts';
import { patientBookingTimes } from '../bookings';
import { AppError, conflict } from '../http/errors';
import { created, noContent, defineOperation } from '../http/operation';
import { listConsents } from '../onboarding';
import { listStsOppositions } from '../payments';
import { now } from '../platform/clock';
import { listUserPrivacyRequests, putPrivacyRequest, type PrivacyRequest } from './requests-repo';

const CONTRACT_LABELS: Record<number, string> = {
  2: 'Informativa sulla privacy di Nutrì',
  3: 'Informativa privacy del nutrizionista',
};

const viewOf = ({ UserId: _userId, ...view }: PrivacyRequest) => view;

const consentsOf = async (userId: string): Promise<PrivacyConsent[]> => {
  const [user, contracts, bookings] = await Promise.all([
    getUser(userId),
    listConsents(userId),
    patientBookingTimes(userId),
  ]);
  const oppositions = await listStsOppositions([...bookings.keys()]);
  return [
    ...contracts
      .sort((a, b) => a.acceptedAt.localeCompare(b.acceptedAt))
      .map((consent): PrivacyConsent => ({
        Kind: `contract-${consent.contractType}`,
        Label: CONTRACT_LABELS[consent.contractType] ?? `Contratto ${consent.contractType}`,
        State: 'given',
        At: consent.acceptedAt,
        Detail: `Versione ${consent.version}`,
      })),
    {
      Kind: 'marketing-mail',
      Label: 'E-mail facoltative (promemoria e avvisi di nuovi messaggi)',
      State: user?.MailingOptOut ? 'withdrawn' : 'given',
      At: user?.MailingOptOut ? (user.MailingOptOutAt ?? null) : (user?.createdAt ?? null),
      Detail: null,
    },
    ...oppositions.map((opposition): PrivacyConsent => ({
      Kind: 'sts-opposition',
      Label: 'Opposizione all’invio al Sistema Tessera Sanitaria',
      State: opposition.opposed ? 'given' : 'withdrawn',
      At: opposition.at,
      Detail: `Visita del ${bookings.get(opposition.bookingId)?.slice(0, 10) ?? ''}`,
    })),
  ];
};

export const getPrivacyCentre = defineOperation(
  ['Patient'],
  {},
  async ({ actor }): Promise<PrivacyCentreResponse> => {
    const [consents, requests, hasPassword, user] = await Promise.all([
      consentsOf(actor.userId),
      listUserPrivacyRequests(actor.userId),
      accountHasPassword(actor.userId),
      getUser(actor.userId),
    ]);
    return {
      Consents: consents,
      MarketingMail: !user?.MailingOptOut,
      Requests: requests.map(viewOf),
      HasPassword: hasPassword,
    };
  },
);

export const withdrawMarketingConsent = defineOperation(['Patient'], {}, async ({ actor }) => {
  await optOutOfMails(actor.userId);
  return noContent();
});

// One request of a kind at a time: a second one while the first waits changes nothing.
const startRequest = async (userId: string, kind: PrivacyRequestKind, busy: string) => {
  const waiting = (await listUserPrivacyRequests(userId)).some(
    (request) => request.Kind === kind && request.Status === 'waiting',
  );
  if (waiting) throw conflict(busy);
  const request = await putPrivacyRequest(userId, kind, now());
  if (request === 'contended') throw conflict(busy);
  return created(viewOf(request));
};

export const requestDataExport = defineOperation(['Patient'], {}, async ({ actor }) =>
  startRequest(actor.userId, 'export', privacyTexts.exportAlreadyWaiting),
);

const refused = (field: 'password' | 'confirmation', message: string) =>
  new AppError('validation_failed', message, { errors: { [field]: [message] } });

export const requestAccountErasure = defineOperation(
  ['Patient'],
  { body: erasureRequestSchema },
  async ({ actor, body }) => {
    if (await accountHasPassword(actor.userId)) {
      if (!body.password || !(await isAccountPassword(actor.userId, body.password)))
        throw refused('password', privacyTexts.wrongPassword);
    } else if (body.confirmation?.trim().toUpperCase() !== ERASURE_CONFIRMATION_WORD) {
      throw refused('confirmation', privacyTexts.confirmationNeeded);
    }
    return startRequest(actor.userId, 'erasure', privacyTexts.erasureAlreadyWaiting);
  },
);
