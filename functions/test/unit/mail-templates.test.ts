/**
 * The e-mail templates' defaults (docs/product.md#e-mail-templates): every one passes its own checks (no
 * unknown variable, every required one in both bodies), survives the HTML policy unchanged in meaning, and
 * renders with no placeholder left; keys are unique.
 */
import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  placeholdersOf,
  renderTemplate,
  sampleValues,
} from '../../src/platform/mail-templates';
import { MAIL_TEMPLATES } from '../../src/settings/mail-template-catalogue';
import { sanitizeMailHtml } from '../../src/settings/mail-html';

describe('e-mail template defaults', () => {
  it('have unique keys and pass their own checks', () => {
    expect(new Set(MAIL_TEMPLATES.map((t) => t.key)).size).toBe(MAIL_TEMPLATES.length);
    for (const template of MAIL_TEMPLATES) {
      expect({ key: template.key, problems: checkTemplate(template, template.defaults) }).toEqual({
        key: template.key,
        problems: {},
      });
      const sanitized = sanitizeMailHtml(template.defaults.html);
      expect(sanitized.replaceAll('<br />', '<br>')).toBe(template.defaults.html);
      const mail = renderTemplate(template.defaults, sampleValues(template));
      for (const text of [mail.subject, mail.html, mail.text]) expect(placeholdersOf(text)).toEqual([]);
    }
  });

  it('refuse an unknown variable and a missing required one', () => {
    const template = MAIL_TEMPLATES.find((t) => t.key === 'accounts.password-reset')!;
    expect(checkTemplate(template, { subject: '{{x}}', html: '{{url}}', text: 'nulla' })).toEqual({
      subject: [
        'La variabile {{x}} nell’oggetto non esiste per questo modello. Variabili disponibili: {{displayName}}, {{url}}.',
      ],
      text: [
        'Manca la variabile obbligatoria {{url}} (Link per reimpostare la password) nel testo semplice.',
      ],
    });
  });

  it('check a text message on its text only, within its channel’s length', () => {
    const sms = MAIL_TEMPLATES.find((t) => t.key === 'accounts.phone-code-sms')!;
    expect(sms.channel).toBe('sms');
    // No subject nor HTML is asked of an SMS.
    expect(checkTemplate(sms, { subject: '', html: '', text: 'Codice {{code}}' })).toEqual({});
    expect(checkTemplate(sms, { subject: '', html: '', text: 'Codice {{codice}}' })).toEqual({
      text: [
        'La variabile {{codice}} nel testo non esiste per questo modello. Variabili disponibili: {{code}}.',
        'Manca la variabile obbligatoria {{code}} (Codice di verifica (6 cifre, valido 10 minuti)) nel testo.',
      ],
    });
    // 154 characters of text plus the 6 of the sample code: one SMS exactly; one more is refused.
    const fits = `{{code}}${'x'.repeat(154)}`;
    expect(checkTemplate(sms, { subject: '', html: '', text: fits })).toEqual({});
    expect(checkTemplate(sms, { subject: '', html: '', text: `${fits}y` })).toEqual({
      text: ['Con i valori di esempio il testo è lungo 161 caratteri: un SMS ne può avere al massimo 160.'],
    });
    const whatsApp = MAIL_TEMPLATES.find((t) => t.key === 'chat.urgent-notice-whatsapp')!;
    expect(whatsApp.channel).toBe('whatsapp');
    expect(placeholdersOf(whatsApp.defaults.text)).toEqual(['patientName', 'nutritionistName']);
    // An e-mail still needs a subject and an HTML body.
    const mail = MAIL_TEMPLATES.find((t) => t.key === 'accounts.password-reset')!;
    const problems = checkTemplate(mail, { subject: ' ', html: '', text: '{{url}}' });
    expect(problems.subject).toEqual(['Scrivi l’oggetto.']);
    expect(problems.html).toContain('Scrivi il testo HTML.');
  });
});
