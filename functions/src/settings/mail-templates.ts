/**
 * The SystemAdmin's e-mail template editor (docs/product.md#e-mail-templates, /SystemSettings/EmailTemplates):
 * list, read with every version, live preview and test send on sample data, save a version, roll back to
 * an old one (a new version with its texts). SystemAdmin only (403 for every other role). A draft is
 * refused with an Italian message per field when it uses a variable the template does not have or leaves
 * out a required one; its HTML is sanitized before it is previewed, sent or saved. Each save is audited in
 * the same transaction as the version. SMS and WhatsApp texts are templates of the same list with a text
 * only: no subject nor HTML, a length limit, and the test goes to the SystemAdmin's own verified mobile.
 */
import {
  mailTemplateDraftSchema,
  mailTemplateKeySchema,
  mailTemplateRestoreSchema,
  mailTemplateSaveSchema,
  mailTemplateTexts,
  type MailTemplateDraft,
  type MailTemplatePreview,
  type MailTemplateSummary,
  type MailTemplateVersionView,
  type MailTemplateView,
} from '@nutri/shared';
import * as z from 'zod';
import { AppError, conflict, notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { auditPut } from '../platform/audit';
import { now } from '../platform/clock';
import { DomainError } from '../platform/domain-error';
import { sendMail } from '../platform/mail';
import {
  getCurrentTemplate,
  getCurrentTemplates,
  getTemplateVersion,
  listTemplateVersions,
  saveTemplateVersion,
  type StoredTemplateVersion,
} from '../platform/mail-template-store';
import {
  TEXT_LIMITS,
  checkTemplate,
  placeholdersOf,
  renderTemplate,
  renderText,
  sampleValues,
  type MailTemplateDefinition,
  type TemplateTexts,
} from '../platform/mail-templates';

// Loaded by the editor's operations only: the system Lambda's start (the health check) stays lean.
const catalogue = () => import('./mail-template-catalogue');
const accounts = () => import('../accounts');
const mailHtml = () => import('./mail-html');

const keyPath = z.object({ key: mailTemplateKeySchema });
const versionPath = z.object({ key: mailTemplateKeySchema, version: z.coerce.number().int().min(0) });

const definitionOf = async (key: string) => {
  const definition = (await catalogue()).templateByKey.get(key);
  if (!definition) throw notFound(mailTemplateTexts.notFound);
  return definition;
};

const FIELDS = { subject: 'Subject', html: 'Html', text: 'Text' } as const;

/** The draft's texts, sanitized, or a 400 naming each problem by field. */
const checkedTexts = async (
  definition: MailTemplateDefinition,
  draft: MailTemplateDraft,
): Promise<TemplateTexts> => {
  const { sanitizeMailHtml } = await mailHtml();
  // A text message has nothing but its text: whatever came as subject or HTML is dropped.
  const texts =
    definition.channel === 'email'
      ? { subject: draft.Subject, html: sanitizeMailHtml(draft.Html), text: draft.Text }
      : { subject: '', html: '', text: draft.Text };
  const problems = checkTemplate(definition, texts);
  const entries = Object.entries(problems);
  if (entries.length) {
    const errors = Object.fromEntries(
      entries.map(([field, messages]) => [FIELDS[field as keyof typeof FIELDS], messages]),
    );
    throw new AppError('validation_failed', entries[0]![1][0], { errors });
  }
  return texts;
};

const preview = (definition: MailTemplateDefinition, texts: TemplateTexts): MailTemplatePreview => {
  if (definition.channel !== 'email')
    return { Subject: '', Html: '', Text: renderText(texts.text, sampleValues(definition)) };
  const mail = renderTemplate(
    texts,
    sampleValues(definition),
    definition.optional
      ? { pageUrl: 'https://nutri.example/Unsubscribe', oneClickUrl: 'https://nutri.example/Unsubscribe' }
      : undefined,
  );
  return { Subject: mail.subject, Html: mail.html, Text: mail.text };
};

const versionView = (
  version: StoredTemplateVersion,
  names: Map<string, string>,
): MailTemplateVersionView => ({
  Version: version.Version,
  Subject: version.subject,
  Html: version.html,
  Text: version.text,
  SavedBy: { UserId: version.SavedBy, DisplayName: names.get(version.SavedBy) ?? '' },
  SavedAt: version.SavedAt,
  RestoredFrom: version.RestoredFrom,
});

const defaultView = (definition: MailTemplateDefinition): MailTemplateVersionView => ({
  Version: 0,
  Subject: definition.defaults.subject,
  Html: definition.defaults.html,
  Text: definition.defaults.text,
  SavedBy: null,
  SavedAt: null,
  RestoredFrom: null,
});

const templateView = async (definition: MailTemplateDefinition): Promise<MailTemplateView> => {
  const versions = await listTemplateVersions(definition.key);
  const names = await (
    await accounts()
  ).getDisplayNames([...new Set(versions.map((version) => version.SavedBy))]);
  const views = [...versions.map((version) => versionView(version, names)), defaultView(definition)];
  return {
    Key: definition.key,
    Name: definition.name,
    Description: definition.description,
    Optional: definition.optional,
    Channel: definition.channel,
    MaxLength: TEXT_LIMITS[definition.channel] ?? null,
    Variables: Object.entries(definition.variables).map(([name, variable]) => ({
      Name: name,
      Label: variable.label,
      Sample: variable.sample,
      Required: variable.required ?? false,
    })),
    Current: views[0]!,
    Versions: views,
  };
};

export const listMailTemplates = defineOperation(['SystemAdmin'], {}, async () => {
  const { MAIL_TEMPLATES } = await catalogue();
  const current = await getCurrentTemplates(MAIL_TEMPLATES.map((template) => template.key));
  const data: MailTemplateSummary[] = MAIL_TEMPLATES.map((template) => ({
    Key: template.key,
    Name: template.name,
    Description: template.description,
    Channel: template.channel,
    Version: current.get(template.key)?.Version ?? 0,
    SavedAt: current.get(template.key)?.SavedAt ?? null,
  }));
  return { Data: data };
});

export const getMailTemplate = defineOperation(['SystemAdmin'], { path: keyPath }, async ({ path }) =>
  templateView(await definitionOf(path.key)),
);

export const previewMailTemplate = defineOperation(
  ['SystemAdmin'],
  { path: keyPath, body: mailTemplateDraftSchema },
  async ({ path, body }) => {
    const definition = await definitionOf(path.key);
    return preview(definition, await checkedTexts(definition, body));
  },
);

/** A text message's test: to the SystemAdmin's own verified mobile number, through the channel's sender. */
const testSendText = async (
  definition: MailTemplateDefinition,
  texts: TemplateTexts,
  user: { MobilePhoneNo?: string | null; MobilePhoneVerified?: boolean },
) => {
  const phone = user.MobilePhoneVerified ? user.MobilePhoneNo : null;
  if (!phone) throw new AppError('unprocessable', mailTemplateTexts.noMobileForTest);
  const values = sampleValues(definition);
  const message = {
    text: `[Prova] ${renderText(texts.text, values)}`,
    // The draft's variables in their order of first use: the parameters of the approved WhatsApp template.
    parameters: placeholdersOf(texts.text).map((name) => values[name] ?? ''),
  };
  if (definition.channel === 'sms') await (await import('../platform/sms')).sendSms(phone, message);
  else await (await import('../platform/whatsapp')).sendWhatsAppTemplate({ to: phone, body: message });
  return { To: phone };
};

/**
 * The draft on sample data, to the SystemAdmin's own address only (`[Prova]` in the subject); a text
 * message's draft to their own verified mobile.
 */
export const testSendMailTemplate = defineOperation(
  ['SystemAdmin'],
  { path: keyPath, body: mailTemplateDraftSchema },
  async ({ path, body, actor }) => {
    const definition = await definitionOf(path.key);
    const texts = await checkedTexts(definition, body);
    const user = await (await accounts()).requireActorUser(actor);
    if (definition.channel !== 'email') return testSendText(definition, texts, user);
    const rendered = preview(definition, texts);
    await sendMail({
      to: user.Email,
      subject: `[Prova] ${rendered.Subject}`,
      html: rendered.Html,
      text: rendered.Text,
      tags: { kind: 'template-test' },
    });
    return { To: user.Email };
  },
);

const save = async (
  definition: MailTemplateDefinition,
  texts: TemplateTexts,
  baseVersion: number,
  actorUserId: string,
  restoredFrom: number | null,
) => {
  const at = now();
  const current = await getCurrentTemplate(definition.key);
  if ((current?.Version ?? 0) !== baseVersion) throw conflict(mailTemplateTexts.changedMeanwhile);
  const { item } = auditPut(
    {
      Action: restoredFrom === null ? 'mailTemplate.save' : 'mailTemplate.restore',
      ActorUserId: actorUserId,
      SubjectType: 'mailTemplate',
      SubjectId: definition.key,
      Details: { version: baseVersion + 1, restoredFrom },
    },
    at,
  );
  try {
    await saveTemplateVersion({
      key: definition.key,
      texts,
      baseVersion,
      savedBy: actorUserId,
      at,
      restoredFrom,
      audit: item,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict')
      throw conflict(mailTemplateTexts.changedMeanwhile);
    throw error;
  }
  return templateView(definition);
};

export const saveMailTemplate = defineOperation(
  ['SystemAdmin'],
  { path: keyPath, body: mailTemplateSaveSchema },
  async ({ path, body, actor }) => {
    const definition = await definitionOf(path.key);
    return save(definition, await checkedTexts(definition, body), body.BaseVersion, actor.userId, null);
  },
);

/** Rollback: a new version with the texts of an old one (0: the default), checked like any save. */
export const restoreMailTemplateVersion = defineOperation(
  ['SystemAdmin'],
  { path: versionPath, body: mailTemplateRestoreSchema },
  async ({ path, body, actor }) => {
    const definition = await definitionOf(path.key);
    const old = path.version === 0 ? definition.defaults : await getTemplateVersion(path.key, path.version);
    if (!old) throw notFound(mailTemplateTexts.versionNotFound);
    const texts = await checkedTexts(definition, { Subject: old.subject, Html: old.html, Text: old.text });
    return save(definition, texts, body.BaseVersion, actor.userId, path.version);
  },
);
