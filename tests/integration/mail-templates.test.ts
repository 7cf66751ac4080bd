/**
 * Editable e-mail templates (docs/product.md#e-mail-templates) on the running local stack: a template
 * renders its variables on sample data, refuses an unknown variable and a missing required one, saves
 * versions (who, when) and rolls back; a mail sent after an edit uses the new version, and after the
 * rollback the default again; every other role is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTemplatePreview, MailTemplateSummary, MailTemplateView } from '@nutri/shared';
import { api, createTestUser, login, waitForMail } from './support/api';
import { adminAccessToken } from './support/visits';

const KEY = 'accounts.password-reset';
const path = (suffix = '') => `SystemSettings/EmailTemplates/${KEY}${suffix}`;

let adminToken: string;
let adminUserId: string;
let patientToken: string;

const view = async () => (await api<MailTemplateView>('GET', path(), { token: adminToken })).body;

beforeAll(async () => {
  adminToken = await adminAccessToken();
  const { findUserByLogin } = await import('../../functions/src/accounts/users-repo');
  adminUserId = (await findUserByLogin('admin@nutri.local'))!.Id;
  const patient = await createTestUser(['Patient']);
  patientToken = (await login(patient.email, patient.password)).accessToken;
});

afterAll(async () => {
  // Leave the default in force for every other test of the run.
  const current = await view();
  if (current.Current.Version !== 0)
    await api('POST', path('/Versions/0/Restore'), {
      token: adminToken,
      body: { BaseVersion: current.Current.Version },
    });
});

describe('e-mail templates', () => {
  it('lists every mail of the product with its version; the preview renders the sample values, sanitized', async () => {
    const list = await api<{ Data: MailTemplateSummary[] }>('GET', 'SystemSettings/EmailTemplates', {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    const keys = list.body.Data.map((template) => template.Key);
    for (const key of [
      KEY,
      'bookings.patient.created',
      'payments.payment-confirmation',
      'chat.unseen-messages',
    ])
      expect(keys).toContain(key);

    const preview = await api<MailTemplatePreview>('POST', path('/Preview'), {
      token: adminToken,
      body: {
        Subject: 'Nuova password per {{displayName}}',
        Html: '<p onclick="rubare()">Ciao {{ displayName }}</p><script>rubare()</script><a href="{{url}}">Vai</a>',
        Text: 'Ciao {{displayName}}: {{url}}',
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.Subject).toBe('Nuova password per Giulia Conti');
    expect(preview.body.Html).toContain('<p>Ciao Giulia Conti</p>');
    expect(preview.body.Html).toContain('href="https://nutri.example/ResetPassword?Token=esempio"');
    expect(preview.body.Html).not.toMatch(/script|onclick|rubare/);
    expect(preview.body.Text).toBe('Ciao Giulia Conti: https://nutri.example/ResetPassword?Token=esempio');
  });

  it('refuses an unknown variable and a missing required one, with an Italian message, saving nothing', async () => {
    const before = await view();
    const unknown = await api<{ message: string; Errors: Record<string, string[]> }>('PUT', path(), {
      token: adminToken,
      body: {
        BaseVersion: before.Current.Version,
        Subject: 'Ciao {{nome}}',
        Html: '<p>{{url}}</p>',
        Text: '{{url}}',
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Errors.Subject).toEqual([
      'La variabile {{nome}} nell’oggetto non esiste per questo modello. Variabili disponibili: {{displayName}}, {{url}}.',
    ]);
    const missing = await api<{ Errors: Record<string, string[]> }>('PUT', path(), {
      token: adminToken,
      body: {
        BaseVersion: before.Current.Version,
        Subject: 'Password',
        Html: '<p>{{url}}</p>',
        Text: 'Ciao',
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.Errors.Text).toEqual([
      'Manca la variabile obbligatoria {{url}} (Link per reimpostare la password) nel testo semplice.',
    ]);
    const broken = await api<{ Errors: Record<string, string[]> }>('POST', path('/Preview'), {
      token: adminToken,
      body: { Subject: 'Password {{url', Html: '<p>{{url}}</p>', Text: '{{url}}' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.Errors.Subject?.[0]).toMatch(/segnaposto scritto male/);
    expect((await view()).Versions).toEqual(before.Versions);
  });

  it('a mail sent after an edit uses the new version; a rollback brings the old texts back as a new version', async () => {
    const start = (await view()).Current.Version;
    const saved = await api<MailTemplateView>('PUT', path(), {
      token: adminToken,
      body: {
        BaseVersion: start,
        Subject: 'Nuova password per {{displayName}} (modello modificato)',
        Html: '<p>Ciao {{displayName}}, <a href="{{url}}">scegli la nuova password</a>.</p>',
        Text: 'Ciao {{displayName}}, scegli la nuova password: {{url}}',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Current).toMatchObject({ Version: start + 1, RestoredFrom: null });
    expect(saved.body.Current.SavedBy?.UserId).toBe(adminUserId);
    expect(saved.body.Versions.map((version) => version.Version).at(-1)).toBe(0);

    // A second editor still on the old version is refused, not overwritten.
    const stale = await api('PUT', path(), {
      token: adminToken,
      body: { BaseVersion: start, Subject: 'x', Html: '<p>{{url}}</p>', Text: '{{url}}' },
    });
    expect(stale.status).toBe(409);

    const user = await createTestUser(['Patient']);
    const { findUserByLogin } = await import('../../functions/src/accounts/users-repo');
    const displayName = (await findUserByLogin(user.email))!.DisplayName;
    expect((await api('POST', 'UserAccount/TryResetPassword', { body: { Email: user.email } })).status).toBe(
      204,
    );
    const edited = await waitForMail(user.email);
    expect(edited.subject).toBe(`Nuova password per ${displayName} (modello modificato)`);
    expect(edited.body.text).toMatch(/scegli la nuova password: http.*\/ResetPassword\?Username=/);

    const restored = await api<MailTemplateView>('POST', path('/Versions/0/Restore'), {
      token: adminToken,
      body: { BaseVersion: start + 1 },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.Current).toMatchObject({
      Version: start + 2,
      RestoredFrom: 0,
      Subject: 'Reimposta la tua password di Nutrì',
    });
    const other = await createTestUser(['Patient']);
    await api('POST', 'UserAccount/TryResetPassword', { body: { Email: other.email } });
    expect((await waitForMail(other.email)).subject).toBe('Reimposta la tua password di Nutrì');

    const { listSubjectAudit } = await import('../../functions/src/platform/audit');
    const audit = await listSubjectAudit('mailTemplate', KEY, 2);
    expect(audit.map((entry) => [entry.Action, entry.ActorUserId, entry.Details.version])).toEqual([
      ['mailTemplate.restore', adminUserId, start + 2],
      ['mailTemplate.save', adminUserId, start + 1],
    ]);
  });

  it('refuses every other role', async () => {
    const draft = { Subject: 'x {{url}}', Html: '<p>{{url}}</p>', Text: '{{url}}' };
    for (const token of [
      patientToken,
      await (async () => {
        const nutritionist = await createTestUser(['Nutritionist']);
        return (await login(nutritionist.email, nutritionist.password)).accessToken;
      })(),
    ]) {
      expect((await api('GET', 'SystemSettings/EmailTemplates', { token })).status).toBe(403);
      expect((await api('GET', path(), { token })).status).toBe(403);
      expect((await api('PUT', path(), { token, body: { ...draft, BaseVersion: 0 } })).status).toBe(403);
      expect((await api('POST', path('/TestSend'), { token, body: draft })).status).toBe(403);
    }
    expect((await api('GET', 'SystemSettings/EmailTemplates')).status).toBe(401);
  });

  it('sends a test to the SystemAdmin only, marked as a test', async () => {
    const sent = await api<{ To: string }>('POST', path('/TestSend'), {
      token: adminToken,
      body: { Subject: 'Prova per {{displayName}}', Html: '<p>{{url}}</p>', Text: '{{url}}' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.To).toBe('admin@nutri.local');
    const mail = await waitForMail(
      'admin@nutri.local',
      (m) => m.subject === '[Prova] Prova per Giulia Conti',
    );
    expect(mail.body.text).toBe('https://nutri.example/ResetPassword?Token=esempio');
  });
});
