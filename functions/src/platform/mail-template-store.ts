/**
 * The saved versions of the e-mail templates (docs/product.md#e-mail-templates). Versions are never changed
 * or deleted: a rollback saves a new version with the texts of an old one. Version 0 is the default in code
 * and is never stored.
 * - Current `MAILTPL#<key>` / `CURRENT`: Key, Version, Subject, Html, Text, SavedBy, SavedAt (what the
 *   mailer reads: one GetItem per mail).
 * - Version `MAILTPL#<key>` / `VERSION#<Version, 6 digits>`: the same attributes and RestoredFrom (the
 *   version whose texts a rollback copied, or null).
 * Access patterns: the current version of one template (mailer) or of all (editor list, BatchGetItem);
 * a template's versions, newest first; save = the version, the current item (conditional on the version
 * the editor started from) and the audit item in one transaction.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from './db/transact';
import { batchGet } from './db/batch-get';
import { db, tableName } from './db/client';
import { transactOrThrow } from './db/transact';
import { DomainError } from './domain-error';
import type { TemplateTexts } from './mail-templates';

export interface StoredTemplateVersion extends TemplateTexts {
  Key: string;
  Version: number;
  SavedBy: string;
  SavedAt: string;
  RestoredFrom: number | null;
}

const pk = (key: string) => `MAILTPL#${key}`;
const versionSk = (version: number) => `VERSION#${String(version).padStart(6, '0')}`;

const toVersion = (item: Record<string, unknown>): StoredTemplateVersion => ({
  Key: String(item.Key),
  Version: Number(item.Version),
  subject: String(item.Subject),
  html: String(item.Html),
  text: String(item.Text),
  SavedBy: String(item.SavedBy),
  SavedAt: String(item.SavedAt),
  RestoredFrom: item.RestoredFrom == null ? null : Number(item.RestoredFrom),
});

/** The current saved version of a template, or null while the default applies. */
export const getCurrentTemplate = async (key: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: pk(key), sk: 'CURRENT' }, ConsistentRead: true }),
  );
  return Item ? toVersion(Item) : null;
};

/** The current saved versions of several templates, by key (templates on their default are absent). */
export const getCurrentTemplates = async (keys: readonly string[]) => {
  const items = await batchGet(
    keys.map((key) => ({ pk: pk(key), sk: 'CURRENT' })),
    {},
  );
  return new Map(items.map((item) => [String(item.Key), toVersion(item)]));
};

/** A template's saved versions, newest first. */
export const listTemplateVersions = async (key: string, limit = 100) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk(key), ':prefix': 'VERSION#' },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toVersion);
};

export const getTemplateVersion = async (key: string, version: number) => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: pk(key), sk: versionSk(version) },
      ConsistentRead: true,
    }),
  );
  return Item ? toVersion(Item) : null;
};

/**
 * Saves the next version after `baseVersion` (the one the editor started from) and makes it current, with
 * the audit item. Another save in between: `conflict`, nothing written.
 */
export const saveTemplateVersion = async (input: {
  key: string;
  texts: TemplateTexts;
  baseVersion: number;
  savedBy: string;
  at: Date;
  restoredFrom: number | null;
  audit: TransactItem;
}) => {
  const version: StoredTemplateVersion = {
    Key: input.key,
    Version: input.baseVersion + 1,
    ...input.texts,
    SavedBy: input.savedBy,
    SavedAt: input.at.toISOString(),
    RestoredFrom: input.restoredFrom,
  };
  const attributes = {
    Key: version.Key,
    Version: version.Version,
    Subject: version.subject,
    Html: version.html,
    Text: version.text,
    SavedBy: version.SavedBy,
    SavedAt: version.SavedAt,
    RestoredFrom: version.RestoredFrom,
  };
  const conflict = new DomainError('conflict');
  await transactOrThrow(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              pk: pk(input.key),
              sk: versionSk(version.Version),
              type: 'MailTemplateVersion',
              ...attributes,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: conflict,
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { pk: pk(input.key), sk: 'CURRENT', type: 'MailTemplateCurrent', ...attributes },
            ConditionExpression: input.baseVersion === 0 ? 'attribute_not_exists(pk)' : 'Version = :base',
            ...(input.baseVersion === 0 ? {} : { ExpressionAttributeValues: { ':base': input.baseVersion } }),
          },
        },
        failure: conflict,
      },
      { item: input.audit },
    ],
    { contended: conflict },
  );
  return version;
};
