/**
 * SMS and WhatsApp texts as editable templates (docs/product.md#e-mail-templates) on the running local stack:
 * they are listed with their channel, have a text only, refuse an unknown or missing variable and a text
 * longer than the channel takes; an SMS sent after an edit carries the new text, and after the rollback the
 * default again; the WhatsApp sender renders the current version and takes its parameters from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTemplatePreview, MailTemplateSummary, MailTemplateView } from '@nutri/shared';
import { api, createTestUser, login, waitForMail } from './support/api';
import { adminAccessToken } from './support/visits';

const SMS = 'accounts.phone-code-sms';
const WHATSAPP = 'chat.urgent-notice-whatsapp';
const path = (key: string, suffix = '') => `SystemSettings/EmailTemplates/${key}${suffix}`;

let adminToken: string;

const view = async (key: string) =>
  (await api<MailTemplateView>('GET', path(key), { token: adminToken })).body;

const save = async (key: string, text: string) => {
  const current = await view(key);
  const saved = await api<MailTemplateView>('PUT', path(key), {
    token: adminToken,
    body: { Subject: '', Html: '', Text: text, BaseVersion: current.Current.Version },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
};

const restoreDefault = async (key: string) => {
  const current = await view(key);
  if (current.Current.Version === 0) return;
  const restored = await api<MailTemplateView>('POST', path(key, '/Versions/0/Restore'), {
    token: adminToken,
    body: { BaseVersion: current.Current.Version },
  });
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
};

beforeAll(async () => {
  adminToken = await adminAccessToken();
});

afterAll(async () => {
  // Leave the defaults in force for every other test of the run.
  await restoreDefault(SMS);
  await restoreDefault(WHATSAPP);
});

/** A fresh user asks for a code on a fresh number: the SMS as the local stack records it. */
const requestCode = async () => {
  const user = await createTestUser();
  const session = await login(user.email, user.password);
  const phone = `+39334${String(Date.now()).slice(-7)}`;
  const asked = await api('POST', 'UserDetails/RequestMobileVerificationCode', {
    token: session.accessToken,
    body: { MobilePhoneNo: phone },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(204);
  const sms = await waitForMail(`${phone.slice(1)}@sms.nutri.local`);
  return { session, text: sms.body.text ?? '' };
};

describe('SMS and WhatsApp texts as templates', () => {
  it('are listed with their channel and have a text only, with the channel’s length limit', async () => {
    const list = await api<{ Data: MailTemplateSummary[] }>('GET', 'SystemSettings/EmailTemplates', {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.Data.find((item) => item.Key === SMS)).toMatchObject({ Channel: 'sms' });
    expect(list.body.Data.find((item) => item.Key === WHATSAPP)).toMatchObject({ Channel: 'whatsapp' });
    expect(list.body.Data.find((item) => item.Key === 'accounts.password-reset')).toMatchObject({
      Channel: 'email',
    });

    const sms = await view(SMS);
    expect(sms).toMatchObject({ Channel: 'sms', MaxLength: 160 });
    expect(sms.Current).toMatchObject({ Version: 0, Subject: '', Html: '' });
    expect(sms.Current.Text).toContain('{{code}}');
    expect((await view(WHATSAPP)).MaxLength).toBe(1024);

    // The preview renders the sample values; a subject or HTML sent along is dropped.
    const preview = await api<MailTemplatePreview>('POST', path(SMS, '/Preview'), {
      token: adminToken,
      body: { Subject: 'ignorato', Html: '<p>ignorato</p>', Text: 'Codice {{ code }} per Nutrì.' },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ Subject: '', Html: '', Text: 'Codice 123456 per Nutrì.' });
  });

  it('refuses an unknown variable, a missing required one and a text longer than one SMS', async () => {
    const refused = async (text: string) => {
      const result = await api<{ Errors: Record<string, string[]> }>('POST', path(SMS, '/Preview'), {
        token: adminToken,
        body: { Subject: '', Html: '', Text: text },
      });
      expect(result.status).toBe(400);
      return result.body.Errors.Text ?? [];
    };
    expect(await refused('Codice {{code}} per {{displayName}}.')).toEqual([
      'La variabile {{displayName}} nel testo non esiste per questo modello. Variabili disponibili: {{code}}.',
    ]);
    expect(await refused('Il tuo codice è pronto.')).toEqual([
      'Manca la variabile obbligatoria {{code}} (Codice di verifica (6 cifre, valido 10 minuti)) nel testo.',
    ]);
    expect(await refused(`Codice {{code}}. ${'Parole inutili. '.repeat(10)}`)).toEqual([
      expect.stringMatching(
        /^Con i valori di esempio il testo è lungo \d+ caratteri: un SMS ne può avere al massimo 160\.$/,
      ),
    ]);
    // An e-mail still needs its subject and HTML.
    const mail = await api<{ Errors: Record<string, string[]> }>(
      'POST',
      path('accounts.password-reset', '/Preview'),
      { token: adminToken, body: { Subject: '', Html: '', Text: 'Ciao {{displayName}}: {{url}}' } },
    );
    expect(mail.status).toBe(400);
    expect(mail.body.Errors.Subject).toEqual(['Scrivi l’oggetto.']);
    expect(mail.body.Errors.Html).toContain('Scrivi il testo HTML.');
    expect((await view(SMS)).Versions).toHaveLength(1);
  });

  it('an SMS sent after an edit carries the new text; after the rollback the default again', async () => {
    const edited = await save(SMS, 'Nutrì, codice {{code}}: vale 10 minuti. Non darlo a nessuno.');
    expect(edited.Current.Version).toBeGreaterThan(0);
    try {
      const { session, text } = await requestCode();
      const code = /codice (\d{6}):/.exec(text)?.[1];
      expect(text).toBe(`Nutrì, codice ${code}: vale 10 minuti. Non darlo a nessuno.`);
      // The code in the edited text is the real one.
      const verified = await api('POST', 'UserDetails/VerifyPhoneNo', {
        token: session.accessToken,
        body: { Code: code },
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    } finally {
      await restoreDefault(SMS);
    }
    const { text } = await requestCode();
    expect(text).toMatch(
      /^Nutrì: il tuo codice di verifica è \d{6}\. Scade tra 10 minuti\. Non condividerlo con nessuno\.$/,
    );
  });

  it('the WhatsApp sender renders the current version, its variables giving the parameters in order', async () => {
    const { urgentNoticeWhatsAppText } = await import('../../functions/src/chat/urgent-notice-text');
    const { currentText } = await import('../../functions/src/platform/text-message');
    const message = urgentNoticeWhatsAppText('Lucia', 'Dott.sa Chiara Bianchi');
    expect(await currentText(message)).toEqual({
      text: 'Ciao Lucia, Dott.sa Chiara Bianchi ti ha scritto nella chat di Nutrì e ti chiede di leggere il messaggio al più presto.',
      parameters: ['Lucia', 'Dott.sa Chiara Bianchi'],
    });

    await save(WHATSAPP, '{{nutritionistName}} chiede a {{patientName}} di leggere la chat di Nutrì.');
    try {
      expect(await currentText(message)).toEqual({
        text: 'Dott.sa Chiara Bianchi chiede a Lucia di leggere la chat di Nutrì.',
        parameters: ['Dott.sa Chiara Bianchi', 'Lucia'],
      });
      // Without a WhatsApp account (the local record) the message is the edited text, as the sender made it.
      const { resetConfigCache } = await import('../../functions/src/platform/config');
      const { sendWhatsAppTemplate } = await import('../../functions/src/platform/whatsapp');
      const saved = { token: process.env.WHATSAPP_ACCESS_TOKEN, arn: process.env.WHATSAPP_ACCESS_TOKEN_ARN };
      delete process.env.WHATSAPP_ACCESS_TOKEN;
      delete process.env.WHATSAPP_ACCESS_TOKEN_ARN;
      resetConfigCache();
      const phone = `+39335${String(Date.now()).slice(-7)}`;
      try {
        expect(
          await sendWhatsAppTemplate({ to: phone, body: message, buttonUrl: 'https://nutri.example/Chat' }),
        ).toMatchObject({ transport: 'local' });
      } finally {
        if (saved.token !== undefined) process.env.WHATSAPP_ACCESS_TOKEN = saved.token;
        if (saved.arn !== undefined) process.env.WHATSAPP_ACCESS_TOKEN_ARN = saved.arn;
        resetConfigCache();
      }
      const recorded = await waitForMail(`${phone.slice(1)}@whatsapp.nutri.local`);
      expect(recorded.body.text).toBe(
        'Dott.sa Chiara Bianchi chiede a Lucia di leggere la chat di Nutrì.\nhttps://nutri.example/Chat',
      );
    } finally {
      await restoreDefault(WHATSAPP);
    }
  });

  it('sends a test only to the SystemAdmin’s own verified mobile, and refuses other roles', async () => {
    const noPhone = await api<{ message: string }>('POST', path(SMS, '/TestSend'), {
      token: adminToken,
      body: { Subject: '', Html: '', Text: 'Prova {{code}}' },
    });
    // The seeded SystemAdmin has no verified mobile number.
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.message).toMatch(/aggiungi e verifica il tuo numero di cellulare/);

    const patient = await createTestUser(['Patient']);
    const { accessToken } = await login(patient.email, patient.password);
    expect((await api('GET', path(SMS), { token: accessToken })).status).toBe(403);
    expect(
      (
        await api('PUT', path(WHATSAPP), {
          token: accessToken,
          body: { Subject: '', Html: '', Text: 'x {{patientName}} {{nutritionistName}}', BaseVersion: 0 },
        })
      ).status,
    ).toBe(403);
  });
});
