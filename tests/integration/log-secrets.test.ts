/**
 * No health data, token or secret in any log line (docs/product.md#log-viewer): a whole patient journey
 * runs against the local stack (questionnaire with answers, registration with a password, e-mail
 * verification, a billing profile with a codice fiscale, a booking, a card payment, a chat message), then
 * every line the local runtime wrote meanwhile (.data/logs, the files the log viewer reads) is searched for
 * each of those values.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BookingType,
  GENDER_PREFERENCE,
  QUESTION_KEYS,
  SEX_OPTIONS,
  type CheckoutSessionView,
  type DirectConversationResponse,
  type TokenResponse,
} from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, stack, waitForMail } from './support/api';
import { PATIENT_CF } from './support/invoices';
import { eventually } from './support/outbox';
import { ticketFor, wsUrl } from './support/realtime';
import { postSessionCompleted } from './support/stripe';
import { addAvailability, bookVisitFor, createNutritionist, romeDateIn } from './support/visits';

const TALLY_SECRET = 'local-tally-signing-secret';
const STRIPE_WEBHOOK_SECRET = 'whsec_local_nutri';

/** Every JSON line of the local runtime's log files written at or after `sinceMs`. */
const logLinesSince = async (sinceMs: number) => {
  const dir = join(stack.dataDir, 'logs');
  const lines: string[] = [];
  for (const file of await readdir(dir)) {
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
      if (!line) continue;
      const at = Date.parse(String((JSON.parse(line) as { timestamp?: unknown }).timestamp));
      if (at >= sinceMs) lines.push(line);
    }
  }
  return lines;
};

describe('log lines of a whole patient journey', () => {
  it('hold no codice fiscale, questionnaire answer, password, token or secret', async () => {
    const startedAt = Date.now() - 1000;
    const unique = randomUUID().slice(0, 8);
    const email = `log-journey-${unique}@nutri.test`;
    const password = `Melograno-Segreto-${unique}`;
    const note = `Intolleranza al lattosio e reflusso ${unique}`;
    const chatText = `Ho di nuovo mal di stomaco dopo cena ${unique}`;

    // The questionnaire, signed as Tally signs it.
    const { buildFormResponse } = await import('../../infra/local/local-tally');
    const { tallySignature } = await import('../../functions/src/onboarding/tally-signature');
    const payload = buildFormResponse({
      [QUESTION_KEYS.goals]: ['goal_sport'],
      [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
      [QUESTION_KEYS.genderPreference]: GENDER_PREFERENCE.any,
      [QUESTION_KEYS.dietStyle]: 'diet_vegan',
      [QUESTION_KEYS.sex]: SEX_OPTIONS.female,
      [QUESTION_KEYS.age]: 47,
      [QUESTION_KEYS.notes]: note,
      [QUESTION_KEYS.firstName]: 'Ottavia',
      [QUESTION_KEYS.email]: email,
      [QUESTION_KEYS.phone]: '+393339876543',
      [QUESTION_KEYS.source]: 'newsletter',
    });
    const body = JSON.stringify(payload);
    const tallySignatureValue = tallySignature(TALLY_SECRET, body);
    const webhook = await api('POST', 'Tally/Webhook', {
      raw: body,
      headers: { 'Content-Type': 'application/json', 'Tally-Signature': tallySignatureValue },
    });
    expect(webhook.status).toBe(200);

    // Registration with a password, e-mail verification, a refresh.
    const registered = await api<TokenResponse>('POST', 'Tally/RegisterPatient', {
      body: {
        TallySubmissionId: payload.data.submissionId,
        FirstName: 'Ottavia',
        LastName: 'Ferri',
        Email: email,
        Password: password,
        MobilePhoneNo: '+393339876543',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const mail = await waitForMail(email, (candidate) => candidate.subject.includes('Conferma'));
    const verificationToken = mail.body.text?.match(/\/VerifyEmail\/([A-Za-z0-9_-]+)/)?.[1];
    expect(verificationToken).toBeDefined();
    const verified = await api<{ InstantLoginToken: string }>('POST', `Tally/${verificationToken}/Verify`);
    expect(verified.status).toBe(200);
    const instant = await api<TokenResponse>(
      'POST',
      `RefreshToken/${verified.body.InstantLoginToken}/RefreshTokenFromInstantLoginToken`,
    );
    expect(instant.status).toBe(200);
    const refreshed = await api<TokenResponse>('POST', 'Account/refresh', {
      body: { refreshToken: registered.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.accessToken;
    const me = await api<{ Id: string }>('GET', 'UserDetails', { token });
    const patientId = me.body.Id;

    // Privacy, a billing profile with the codice fiscale, a nutritionist of the test's own.
    expect(
      (
        await api('POST', 'Patients/Contracts/AcceptPrivacy', {
          token,
          body: { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true },
        })
      ).status,
    ).toBe(204);
    const billing = await api('POST', 'User/BillingProfilesSelf', {
      token,
      body: {
        RagioneSociale: 'Ottavia Ferri',
        CodiceFiscale: PATIENT_CF,
        Address: 'Via dei Mille 12',
        PostalCode: '00185',
        ComuneId: 'H501',
      },
    });
    expect(billing.status, JSON.stringify(billing.body)).toBe(201);
    const nutritionist = await createNutritionist();
    const { getPatientProfile, changePatientNutritionist } =
      await import('../../functions/src/onboarding/patients-repo');
    const profile = await getPatientProfile(patientId);
    expect(profile).not.toBeNull();
    await changePatientNutritionist(profile!, nutritionist.id, new Date());

    // A paid visit, a Checkout session on the Stripe stand-in, the payment's signed webhook.
    const date = romeDateIn(12);
    await addAvailability(nutritionist, date, '09:00', '12:00');
    const booking = await bookVisitFor(nutritionist, patientId, BookingType.NORMAL, `${date}T10:00`);
    const session = await api<CheckoutSessionView>('GET', `Stripe/${booking.BookingId}/CreateSession`, {
      token,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect((await postSessionCompleted(stack.baseUrl, booking.BookingId)).status).toBe(200);

    // A chat message over the WebSocket.
    const conversation = await api<DirectConversationResponse>(
      'GET',
      `Chat/DirectConversation/${nutritionist.id}`,
      {
        token,
      },
    );
    expect(conversation.status).toBe(200);
    const ticket = await ticketFor(token);
    const client = await RealtimeClient.connect(wsUrl(ticket));
    try {
      client.sendJson({
        action: 'SendMessage',
        ConversationSid: conversation.body.ConversationId,
        Text: chatText,
        MessageId: randomUUID(),
      });
      for (;;) {
        const data = (await client.nextMessage(10_000)) as { type?: string };
        if (data.type === 'MessageAdded') break;
      }
    } finally {
      await client.close();
    }

    // The lines of the journey are there (the search below is not over nothing)...
    const lines = await eventually(
      () => logLinesSince(startedAt),
      (found) => found.some((line) => line.includes('"Request handled"') && line.includes(patientId)),
      "the journey's request lines",
    );
    expect(lines.length).toBeGreaterThan(10);
    // ...and none holds a value of the journey that must stay out of logs.
    const forbidden: Record<string, string> = {
      'codice fiscale': PATIENT_CF,
      'questionnaire note': note,
      'questionnaire diet answer': 'diet_vegan',
      'questionnaire goal answer': 'goal_sport',
      password,
      'chat message': chatText,
      'access token (registration)': registered.body.accessToken,
      'refresh token (registration)': registered.body.refreshToken,
      'access token (refreshed)': token,
      'refresh token (refreshed)': refreshed.body.refreshToken,
      'connection ticket': ticket,
      'Tally signature': tallySignatureValue,
      'Tally signing secret': TALLY_SECRET,
      'Stripe secret key': 'sk_test_local_nutri',
      'Stripe webhook secret': STRIPE_WEBHOOK_SECRET,
      'e-mail verification token': verificationToken!,
      'instant login token': verified.body.InstantLoginToken,
      'access token (instant login)': instant.body.accessToken,
    };
    const leaks = Object.entries(forbidden).flatMap(([what, value]) =>
      lines.filter((line) => line.includes(value)).map((line) => `${what}: ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
  });
});
