/**
 * Editable e-mail templates (docs/product.md#e-mail-templates). Every mail the product sends is a template:
 * a subject, an HTML body and a text body with `{{name}}` placeholders for named variables. Its default
 * is written in code, in the owning area's mails file, as the content it always had (greeting, paragraphs,
 * button) with placeholders for the values; a SystemAdmin may save new versions (settings/mail-templates.ts),
 * and the mailer renders the current version (platform/mail.ts). HTML values are escaped, text values are not.
 * Text messages (SMS, WhatsApp) are templates of the same kind with a text only (channel `sms` or
 * `whatsapp`, defineTextTemplate), rendered by their senders (platform/text-message.ts).
 */
import {
  SMS_MAX_LENGTH,
  WHATSAPP_MAX_LENGTH,
  mailTemplateTexts,
  type MailTemplateChannel,
} from '@nutri/shared';
import {
  contentBody,
  escapeHtml,
  wrapBody,
  type MailBody,
  type MailContent,
  type UnsubscribeLinks,
} from './mail-layout';

export interface MailTemplateVariable {
  /** What the value is, in Italian, for the editor. */
  label: string;
  /** The value of the live preview and of the test send. */
  sample: string;
  /** The mail is useless without it (a link, a code): every version must use it in both bodies. */
  required?: boolean;
}

export interface MailTemplateDefinition {
  /** Stable id, `<area>.<mail>`. */
  key: string;
  /** Italian name shown in the editor's list. */
  name: string;
  /** When it is sent and to whom. */
  description: string;
  variables: Record<string, MailTemplateVariable>;
  /** The texts shipped in code: what is sent until someone saves a version. */
  defaults: MailBody;
  /** Optional mails (reminders, chat notices) get the unsubscribe line from the shell. */
  optional: boolean;
  /** E-mail (subject, HTML and text) or a text message (the text only; subject and HTML stay empty). */
  channel: MailTemplateChannel;
}

/** The texts of one version of a template. */
export type TemplateTexts = MailBody;

/** What a sent mail carries so the mailer can render the current version instead of the default. */
export interface TemplateRef {
  key: string;
  values: Record<string, string>;
  unsubscribe?: UnsubscribeLinks;
}

/**
 * A template whose default is a content written with placeholders, e.g.
 * `greeting: 'Ciao {{displayName}},'`, `action: { label: 'Vai', url: '{{url}}' }`.
 */
export const defineMailTemplate = (spec: {
  key: string;
  name: string;
  description: string;
  variables: Record<string, MailTemplateVariable>;
  content: Omit<MailContent, 'unsubscribe'>;
  optional?: boolean;
}): MailTemplateDefinition => ({
  key: spec.key,
  name: spec.name,
  description: spec.description,
  variables: spec.variables,
  defaults: contentBody(spec.content),
  optional: spec.optional ?? false,
  channel: 'email',
});

/**
 * A text message's template (SMS, WhatsApp): its text with placeholders, e.g.
 * `'Nutrì: il tuo codice è {{code}}.'`. For WhatsApp the text is the body of the template approved by Meta,
 * written with names instead of numbers: the variables in their order of first use are its parameters.
 */
export const defineTextTemplate = (spec: {
  key: string;
  name: string;
  description: string;
  channel: Exclude<MailTemplateChannel, 'email'>;
  variables: Record<string, MailTemplateVariable>;
  text: string;
}): MailTemplateDefinition => ({
  key: spec.key,
  name: spec.name,
  description: spec.description,
  variables: spec.variables,
  defaults: { subject: '', html: '', text: spec.text },
  optional: false,
  channel: spec.channel,
});

/** The longest text a channel takes, rendered (SMS: one message of 160 characters). */
export const TEXT_LIMITS: Partial<Record<MailTemplateChannel, number>> = {
  sms: SMS_MAX_LENGTH,
  whatsapp: WHATSAPP_MAX_LENGTH,
};

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The variable names a text uses, in order of first use. */
export const placeholdersOf = (text: string) => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** Where a problem is, in Italian. */
const FIELD_NAMES = { subject: 'nell’oggetto', html: 'nel testo HTML', text: 'nel testo semplice' } as const;
export type TemplateField = keyof typeof FIELD_NAMES;

/**
 * The Italian problems of a draft, by field (empty when it can be saved): braces that are not a
 * placeholder, variables the template does not have, required variables missing from a body, a subject
 * on more than one line; for an e-mail an empty subject or HTML, for a text message a text longer than its
 * channel takes with the sample values.
 */
export const checkTemplate = (
  definition: Pick<MailTemplateDefinition, 'variables'> & { channel?: MailTemplateChannel },
  texts: TemplateTexts,
): Partial<Record<TemplateField, string[]>> => {
  const channel = definition.channel ?? 'email';
  const fields = channel === 'email' ? (['subject', 'html', 'text'] as const) : (['text'] as const);
  const known = Object.keys(definition.variables);
  const list = known.map((name) => `{{${name}}}`).join(', ');
  const problems: Partial<Record<TemplateField, string[]>> = {};
  const add = (field: TemplateField, message: string) => (problems[field] ??= []).push(message);
  // A text message has one text: "nel testo" says enough.
  const where = (field: TemplateField) => (channel === 'email' ? FIELD_NAMES[field] : 'nel testo');
  if (channel === 'email') {
    // The draft's schema lets these be empty for text messages: an e-mail needs both.
    if (!texts.subject.trim()) add('subject', mailTemplateTexts.subjectRequired);
    if (!texts.html.trim()) add('html', mailTemplateTexts.htmlRequired);
  }
  for (const field of fields) {
    const value = texts[field];
    const stray = value.replace(PLACEHOLDER, '').match(/\{\{|\}\}/);
    if (stray)
      add(
        field,
        `${where(field)[0]!.toUpperCase()}${where(field).slice(1)} c’è un segnaposto scritto male: usa la forma {{nome}}, con un nome di sole lettere e cifre.`,
      );
    for (const name of placeholdersOf(value))
      if (!known.includes(name))
        add(
          field,
          `La variabile {{${name}}} ${where(field)} non esiste per questo modello. Variabili disponibili: ${list || 'nessuna'}.`,
        );
  }
  for (const [name, variable] of Object.entries(definition.variables))
    if (variable.required)
      for (const field of channel === 'email' ? (['html', 'text'] as const) : (['text'] as const))
        if (!placeholdersOf(texts[field]).includes(name))
          add(field, `Manca la variabile obbligatoria {{${name}}} (${variable.label}) ${where(field)}.`);
  if (/[\r\n]/.test(texts.subject)) add('subject', 'L’oggetto deve stare su una sola riga.');
  const limit = TEXT_LIMITS[channel];
  if (limit && !problems.text) {
    const length = renderText(texts.text, sampleValues(definition)).length;
    if (length > limit)
      add(
        'text',
        `Con i valori di esempio il testo è lungo ${length} caratteri: ${channel === 'sms' ? 'un SMS' : 'un messaggio WhatsApp'} ne può avere al massimo ${limit}.`,
      );
  }
  return problems;
};

/** Whether every placeholder of the texts has a value (a version saved for older code may not). */
export const fillable = (texts: TemplateTexts, values: Record<string, string>) =>
  [texts.subject, texts.html, texts.text].every((text) =>
    placeholdersOf(text).every((name) => Object.hasOwn(values, name)),
  );

const fill = (text: string, values: Record<string, string>, escape: (value: string) => string) =>
  text.replace(PLACEHOLDER, (_, name: string) => escape(Object.hasOwn(values, name) ? values[name]! : ''));

/** A text message's text with its values (no escaping: it is not HTML), without empty lines piling up. */
export const renderText = (text: string, values: Record<string, string>) =>
  fill(text, values, (value) => value)
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * The finished mail of some texts and values: the subject on one line, HTML values escaped, and a
 * paragraph left empty by its values (an optional sentence, e.g. a refund note) left out.
 */
export const renderTemplate = (
  texts: TemplateTexts,
  values: Record<string, string>,
  unsubscribe?: UnsubscribeLinks,
) =>
  wrapBody(
    {
      subject: fill(texts.subject, values, (value) => value)
        .replace(/\s+/g, ' ')
        .trim(),
      html: fill(texts.html, values, escapeHtml).replace(/<p\b[^>]*>\s*<\/p>/g, ''),
      text: fill(texts.text, values, (value) => value).replace(/\n{3,}/g, '\n\n'),
    },
    unsubscribe,
  );

/** The sample values of a definition (live preview, test send). */
export const sampleValues = (definition: Pick<MailTemplateDefinition, 'variables'>) =>
  Object.fromEntries(Object.entries(definition.variables).map(([name, v]) => [name, v.sample]));

/**
 * The mail of a template with its default texts, carrying the template and its values: the mailer
 * renders the current version instead when one was saved.
 */
export const mailFromTemplate = (
  definition: MailTemplateDefinition,
  values: Record<string, string>,
  unsubscribe?: UnsubscribeLinks,
) => ({
  ...renderTemplate(definition.defaults, values, unsubscribe),
  template: { key: definition.key, values, ...(unsubscribe ? { unsubscribe } : {}) },
});
