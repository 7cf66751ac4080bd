/**
 * The stored versions of the privacy contracts (docs/product.md#contracts). Version 1 of each contract is
 * the text shipped in code (contracts.ts) and is never stored; versions from 2 on are written here.
 * - Contract version `CONTRACTS` / `VERSION#<contractType>#<Version, 6 digits>`: ContractTypeId, Version,
 *   Title, ContractText (sanitized HTML), Status (`draft` | `published`), CreatedAt, CreatedBy, UpdatedAt,
 *   UpdatedBy; once published EffectiveFrom, PublishedAt, PublishedBy. A draft is saved again in place
 *   and may be discarded; a published version is never changed or deleted (every write but the draft's
 *   own is conditional on `Status = draft`).
 * Access patterns: every contract's versions at once (one Query of a small partition, without the texts:
 * which version is in effect, read before each payment); one version with its text (GetItem); save,
 * publish or discard a draft with its audit item in one transaction.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ContractVersionStatus } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { transactOrThrow, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

export interface StoredContractVersion {
  ContractTypeId: number;
  Version: number;
  Title: string;
  Status: ContractVersionStatus;
  CreatedAt: string;
  CreatedBy: string;
  UpdatedAt: string;
  UpdatedBy: string;
  EffectiveFrom: string | null;
  PublishedAt: string | null;
  PublishedBy: string | null;
}

const PARTITION = 'CONTRACTS';
const versionSk = (contractType: number, version: number) =>
  `VERSION#${contractType}#${String(version).padStart(6, '0')}`;
const key = (contractType: number, version: number) => ({
  pk: PARTITION,
  sk: versionSk(contractType, version),
});

const toVersion = (item: Record<string, unknown>): StoredContractVersion => ({
  ContractTypeId: Number(item.ContractTypeId),
  Version: Number(item.Version),
  Title: String(item.Title),
  Status: item.Status === 'published' ? 'published' : 'draft',
  CreatedAt: String(item.CreatedAt),
  CreatedBy: String(item.CreatedBy),
  UpdatedAt: String(item.UpdatedAt),
  UpdatedBy: String(item.UpdatedBy),
  EffectiveFrom: typeof item.EffectiveFrom === 'string' ? item.EffectiveFrom : null,
  PublishedAt: typeof item.PublishedAt === 'string' ? item.PublishedAt : null,
  PublishedBy: typeof item.PublishedBy === 'string' ? item.PublishedBy : null,
});

const SUMMARY_ATTRIBUTES = [
  'ContractTypeId',
  'Version',
  'Title',
  'Status',
  'CreatedAt',
  'CreatedBy',
  'UpdatedAt',
  'UpdatedBy',
  'EffectiveFrom',
  'PublishedAt',
  'PublishedBy',
] as const;

/** Every stored version of every contract, without the texts, oldest first. */
export const listContractVersions = async (): Promise<StoredContractVersion[]> => {
  const versions: StoredContractVersion[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ProjectionExpression: SUMMARY_ATTRIBUTES.map((_, index) => `#a${index}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(
          SUMMARY_ATTRIBUTES.map((name, index) => [`#a${index}`, name]),
        ),
        ExpressionAttributeValues: { ':pk': PARTITION, ':prefix': 'VERSION#' },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    versions.push(...(result.Items ?? []).map(toVersion));
    start = result.LastEvaluatedKey;
  } while (start);
  return versions;
};

/** One stored version with its text, or null. */
export const getContractVersion = async (contractType: number, version: number) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(contractType, version), ConsistentRead: true }),
  );
  return Item ? { ...toVersion(Item), ContractText: String(Item.ContractText) } : null;
};

const conflict = () => new DomainError('conflict');

/**
 * Saves the draft `version` of a contract with the audit item: a new draft (`isNew`: no item of that
 * number may exist) or the same draft again (it must still be a draft). Otherwise `conflict`.
 */
export const saveContractDraft = async (input: {
  contractType: number;
  version: number;
  isNew: boolean;
  title: string;
  text: string;
  by: string;
  at: Date;
  audit: TransactItem;
}) => {
  const at = input.at.toISOString();
  const write: TransactItem = input.isNew
    ? {
        Put: {
          TableName: tableName(),
          Item: {
            ...key(input.contractType, input.version),
            type: 'ContractVersion',
            ContractTypeId: input.contractType,
            Version: input.version,
            Title: input.title,
            ContractText: input.text,
            Status: 'draft',
            CreatedAt: at,
            CreatedBy: input.by,
            UpdatedAt: at,
            UpdatedBy: input.by,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }
    : {
        Update: {
          TableName: tableName(),
          Key: key(input.contractType, input.version),
          UpdateExpression: 'SET Title = :title, ContractText = :text, UpdatedAt = :at, UpdatedBy = :by',
          ConditionExpression: '#status = :draft',
          ExpressionAttributeNames: { '#status': 'Status' },
          ExpressionAttributeValues: {
            ':title': input.title,
            ':text': input.text,
            ':at': at,
            ':by': input.by,
            ':draft': 'draft',
          },
        },
      };
  await transactOrThrow([{ item: write, failure: conflict() }, { item: input.audit }], {
    contended: conflict(),
  });
};

/** Publishes the draft `version` from `effectiveFrom` on, with the audit item; not a draft: `conflict`. */
export const publishContractDraft = async (input: {
  contractType: number;
  version: number;
  effectiveFrom: Date;
  by: string;
  at: Date;
  audit: TransactItem;
}) => {
  await transactOrThrow(
    [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: key(input.contractType, input.version),
            UpdateExpression:
              'SET #status = :published, EffectiveFrom = :effective, PublishedAt = :at, PublishedBy = :by',
            ConditionExpression: '#status = :draft',
            ExpressionAttributeNames: { '#status': 'Status' },
            ExpressionAttributeValues: {
              ':published': 'published',
              ':draft': 'draft',
              ':effective': input.effectiveFrom.toISOString(),
              ':at': input.at.toISOString(),
              ':by': input.by,
            },
          },
        },
        failure: conflict(),
      },
      { item: input.audit },
    ],
    { contended: conflict() },
  );
};

/** Discards the draft `version` with the audit item; no longer a draft: `conflict`. */
export const discardContractDraft = async (input: {
  contractType: number;
  version: number;
  audit: TransactItem;
}) => {
  await transactOrThrow(
    [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: key(input.contractType, input.version),
            ConditionExpression: '#status = :draft',
            ExpressionAttributeNames: { '#status': 'Status' },
            ExpressionAttributeValues: { ':draft': 'draft' },
          },
        },
        failure: conflict(),
      },
      { item: input.audit },
    ],
    { contended: conflict() },
  );
};
