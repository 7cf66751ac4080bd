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
});
