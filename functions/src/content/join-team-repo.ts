/**
 * Join-the-team applications. Item `JOINTEAM#<id>` / `APPLICATION`, listed newest first on gsi1
 * `JOINTEAM` / `<CreatedAt>#<id>`. The CV is the private object `join-team/<uploadId>.pdf`; one upload
 * serves one application only (guard `CVUPLOAD#<uploadId>` / `UNIQUE`, written with the application).
 * Access patterns:
 * - store an application with its CV guard (one transaction);
 * - get an application by id (table key);
 * - list applications newest first (gsi1 `JOINTEAM`).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { JoinTeamApplicationView } from '@nutri/shared';
import { PROFESSIONAL_PROFILES } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { transactOrThrow } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

/** A string attribute as stored, or empty when absent. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface JoinTeamApplicationRecord extends JoinTeamApplicationView {
  CvUploadId: string;
}

const applicationKey = (id: string) => ({ pk: `JOINTEAM#${id}`, sk: 'APPLICATION' });

const toApplication = (item: Record<string, unknown>): JoinTeamApplicationRecord => ({
  ApplicationId: String(item.ApplicationId),
  Name: text(item.Name),
  Email: text(item.Email),
  PhoneNo: text(item.PhoneNo),
  ProfessionalProfile:
    PROFESSIONAL_PROFILES.find((profile) => profile === item.ProfessionalProfile) ?? PROFESSIONAL_PROFILES[0],
  RegisterNumber: text(item.RegisterNumber),
  YearsOfPractice: Number(item.YearsOfPractice ?? 0),
  HasInsurance: item.HasInsurance === true,
  Message: text(item.Message),
  CvSizeBytes: Number(item.CvSizeBytes ?? 0),
  CvUploadId: text(item.CvUploadId),
  CreatedAt: text(item.CreatedAt),
});

// Store an application and claim its CV upload, at once: an upload already claimed fails the write.
export const createApplication = async (application: JoinTeamApplicationRecord) => {
  const cvUsed = new DomainError('cv-already-used');
  await transactOrThrow(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...applicationKey(application.ApplicationId),
              type: 'JoinTeamApplication',
              ...application,
              gsi1pk: 'JOINTEAM',
              gsi1sk: `${application.CreatedAt}#${application.ApplicationId}`,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: new DomainError('conflict'),
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              pk: `CVUPLOAD#${application.CvUploadId}`,
              sk: 'UNIQUE',
              type: 'UniqueGuard',
              ApplicationId: application.ApplicationId,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: cvUsed,
      },
    ],
    // The same upload sent twice at the same moment.
    { contended: cvUsed },
  );
};

// Get an application by id.
export const getApplication = async (applicationId: string): Promise<JoinTeamApplicationRecord | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: applicationKey(applicationId) }),
  );
  return Item ? toApplication(Item) : null;
};

// List applications newest first (gsi1 `JOINTEAM`).
export const listApplications = async (limit: number, cursor: Record<string, unknown> | undefined) => {
  const { Items, LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'JOINTEAM' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { items: (Items ?? []).map(toApplication), next: LastEvaluatedKey };
};
