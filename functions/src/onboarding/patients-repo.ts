/**
 * Patient profiles and consent records.
 * - Patient `USER#<userId>` / `PATIENT` (docs/product.md#data: patient profile, plus the onboarding step and
 *   the questionnaire it came from). A patient with a nutritionist is listed under them:
 *   gsi2 `NUTRITIONIST#<nutritionistId>` / `PATIENT#<display name lower>#<userId>`; `NameWords` lists the
 *   name's search words (name-words.ts) once they are indexed. gsi3 is a sparse work
 *   queue: `PATIENTS#UNASSIGNED` / `<createdAt>#<userId>` while no nutritionist is assigned, then
 *   `PATIENTS#ASSIGNMENT-MAIL` / `<assignedAt>#<userId>` until the 'nutritionist found' mail went out.
 * - Name word `USER#<userId>` / `NAMEWORD#<word>`: one per word of an assigned patient's name (UserId,
 *   DisplayName, NameWords), in gsi2 `NUTRITIONIST#<nutritionistId>` / `NAMEWORD#<word>#<userId>`, so a
 *   nutritionist finds a patient by the start of any word of the name (surname included) with a Query.
 *   Written with the profile in every write that sets or moves its nutritionist.
 * - Consent `USER#<userId>` / `CONSENT#<contractType>#<acceptedAt>`: one record per acceptance (contract
 *   version, time, user, IP, user agent), written with attribute_not_exists and never changed; gsi1
 *   `CONSENTS#<contractType>#<version>` / `<acceptedAt>#<userId>` lists a version's acceptances (the
 *   SystemAdmin's export, docs/product.md#contracts; records written before it get these two keys, and
 *   nothing else, from the `index-back-office` job: consent-index-job.ts).
 * Access patterns: get a patient's profile (table key); list a nutritionist's patients by name (gsi2);
 * search them by name words (gsi2 `NAMEWORD#`); list a user's consents (begins_with `CONSENT#`); a
 * contract version's acceptances, oldest first (gsi1 `CONSENTS#`); a user's consents still without the
 * export keys (begins_with `CONSENT#`, filtered), to add them.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { OnboardingStep } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { queryAll } from '../platform/db/query';
import { transactOrThrow, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { MAX_NAME_WORDS, matchesAllWords, nameWords } from './name-words';

export interface PatientProfile {
  UserId: string;
  DisplayName: string;
  DefaultNutritionistUserId: string | null;
  HasChangedNutritionist: boolean;
  HasLateCancelledIc: boolean;
  IsPasswordSet: boolean;
  PrivacyContractSigned: boolean;
  /** 1 male, 2 female (as nutritionists' Gender), null when not said. */
  Gender: number | null;
  TallySubmissionId: string | null;
  OnboardingStep: OnboardingStep;
  /** The introductory visit currently booked (set and cleared by the bookings area in its transactions). */
  ActiveIntroBookingId?: number | null;
  /** When and how a nutritionist was assigned after registration (no match at the questionnaire). */
  AssignedAt?: string;
  AssignedBy?: AssignmentSource;
  /** The 'nutritionist found' mail of a late assignment: due, being sent (since), or sent. */
  AssignmentMail?: 'pending' | 'sending' | 'sent';
  AssignmentMailClaimedAt?: string;
  AssignmentMailSentAt?: string;
  /** The nutritionist who was deactivated while following the patient, and when (releasePatientsOfNutritionist). */
  PreviousNutritionistUserId?: string;
  ReleasedAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** Who assigned a nutritionist to a patient left without one: the rematch job or a BusinessAdmin. */
export type AssignmentSource = { kind: 'rematch' } | { kind: 'admin'; adminUserId: string };

export const patientKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PATIENT' });

const nutritionistIndex = (
  profile: Pick<PatientProfile, 'DefaultNutritionistUserId' | 'DisplayName' | 'UserId'>,
) =>
  profile.DefaultNutritionistUserId
    ? {
        gsi2pk: `NUTRITIONIST#${profile.DefaultNutritionistUserId}`,
        gsi2sk: `PATIENT#${profile.DisplayName.trim().toLowerCase()}#${profile.UserId}`,
      }
    : {};

const NAME_WORD = 'NAMEWORD#';
const wordsOf = (displayName: string) => nameWords(displayName).slice(0, MAX_NAME_WORDS);

/** The search items of an assigned patient's name, one per word, under their nutritionist in gsi2. */
const nameWordItems = (
  profile: Pick<PatientProfile, 'DefaultNutritionistUserId' | 'DisplayName' | 'UserId'>,
) => {
  if (!profile.DefaultNutritionistUserId) return [];
  const words = wordsOf(profile.DisplayName);
  return words.map((word) => ({
    pk: `USER#${profile.UserId}`,
    sk: `${NAME_WORD}${word}`,
    type: 'PatientNameWord',
    UserId: profile.UserId,
    DisplayName: profile.DisplayName,
    NameWords: words,
    gsi2pk: `NUTRITIONIST#${profile.DefaultNutritionistUserId}`,
    gsi2sk: `${NAME_WORD}${word}#${profile.UserId}`,
  }));
};

// Puts (overwrites) of the name words: moving a patient to another nutritionist rewrites the same keys.
const nameWordPuts = (
  profile: Pick<PatientProfile, 'DefaultNutritionistUserId' | 'DisplayName' | 'UserId'>,
): TransactItem[] => nameWordItems(profile).map((Item) => ({ Put: { TableName: tableName(), Item } }));

const patientItem = (profile: PatientProfile) => ({
  ...patientKey(profile.UserId),
  type: 'Patient',
  ...profile,
  ...(profile.DefaultNutritionistUserId ? { NameWords: wordsOf(profile.DisplayName) } : {}),
  ...nutritionistIndex(profile),
  ...unassignedIndex(profile),
});

/** The items to write with the user (users-repo createUser companions): the profile and its name words. */
export const patientItems = (profile: PatientProfile): Record<string, unknown>[] => [
  patientItem(profile),
  ...nameWordItems(profile),
];

/** Sparse gsi3 partitions: each patient item sits in at most one of them, and only while work is due. */
export const UNASSIGNED_QUEUE = 'PATIENTS#UNASSIGNED';
export const ASSIGNMENT_MAIL_QUEUE = 'PATIENTS#ASSIGNMENT-MAIL';

const unassignedIndex = (
  profile: Pick<PatientProfile, 'DefaultNutritionistUserId' | 'UserId' | 'createdAt'>,
) =>
  profile.DefaultNutritionistUserId
    ? {}
    : { gsi3pk: UNASSIGNED_QUEUE, gsi3sk: `${profile.createdAt}#${profile.UserId}` };

// Get a patient's profile.
export const getPatientProfile = async (userId: string): Promise<PatientProfile | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: patientKey(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return toPatientProfile(Item);
};

const toPatientProfile = (item: Record<string, unknown>): PatientProfile => {
  const {
    pk: _pk,
    sk: _sk,
    type: _type,
    gsi2pk: _g2,
    gsi2sk: _s2,
    gsi3pk: _g3,
    gsi3sk: _s3,
    NameWords: _words,
    ...profile
  } = item;
  return profile as unknown as PatientProfile;
};

export type PatientUpdate = Partial<
  Pick<PatientProfile, 'IsPasswordSet' | 'PrivacyContractSigned' | 'OnboardingStep' | 'HasLateCancelledIc'>
>;

// Update flags of a patient's profile, optimistically on updatedAt.
export const updatePatientProfile = async (profile: PatientProfile, changes: PatientUpdate, now: Date) => {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now.toISOString(), ':version': profile.updatedAt };
  const sets = ['updatedAt = :now'];
  entries.forEach(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = value;
    sets.push(`#f${index} = :v${index}`);
  });
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: patientKey(profile.UserId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'updatedAt = :version',
        ...(entries.length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new DomainError('conflict', { cause: error });
    throw error;
  }
  return { ...profile, ...Object.fromEntries(entries), updatedAt: now.toISOString() };
};

// Move a patient to another nutritionist, once: the condition makes a second change impossible.
export const changePatientNutritionist = async (
  profile: PatientProfile,
  nutritionistUserId: string,
  now: Date,
) => {
  const updated: PatientProfile = {
    ...profile,
    DefaultNutritionistUserId: nutritionistUserId,
    HasChangedNutritionist: true,
    updatedAt: now.toISOString(),
  };
  const index = nutritionistIndex(updated);
  const changedMeanwhile = new DomainError('conflict');
  await transactOrThrow(
    [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: patientKey(profile.UserId),
            UpdateExpression:
              'SET DefaultNutritionistUserId = :n, HasChangedNutritionist = :true, updatedAt = :now, gsi2pk = :gpk, gsi2sk = :gsk, NameWords = :words',
            ConditionExpression: 'updatedAt = :version AND HasChangedNutritionist = :false',
            ExpressionAttributeValues: {
              ':n': nutritionistUserId,
              ':true': true,
              ':false': false,
              ':now': updated.updatedAt,
              ':version': profile.updatedAt,
              ':gpk': index.gsi2pk,
              ':gsk': index.gsi2sk,
              ':words': wordsOf(updated.DisplayName),
            },
          },
        },
        failure: changedMeanwhile,
      },
      ...nameWordPuts(updated).map((item) => ({ item })),
    ],
    { contended: changedMeanwhile },
  );
  return updated;
};

// List a nutritionist's patients by display name (gsi2), optionally by name prefix.
export const listPatientsOfNutritionist = async (nutritionistUserId: string, namePrefix = '', limit = 10) => {
  const prefix = `PATIENT#${namePrefix.trim().toLowerCase()}`;
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `NUTRITIONIST#${nutritionistUserId}`, ':prefix': prefix },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => ({
    UserId: String(item.UserId),
    DisplayName: String(item.DisplayName),
  }));
};

export interface PatientRef {
  UserId: string;
  DisplayName: string;
}

// Search a nutritionist's patients by name: each typed word must start a word of the name, in any order,
// case and accents aside ("rossi", "Ròssi", "giu ros" all find Giulia Rossi). One Query on the longest
// typed word's prefix (gsi2 `NAMEWORD#`), read until `limit` patients matched every word; by name.
// Without a word typed, the nutritionist's patients by name (listPatientsOfNutritionist).
export const searchPatientsOfNutritionist = async (
  nutritionistUserId: string,
  userInput: string,
  limit: number,
): Promise<PatientRef[]> => {
  const typed = wordsOf(userInput);
  if (!typed.length) return listPatientsOfNutritionist(nutritionistUserId, '', limit);
  const longest = typed.reduce((best, word) => (word.length > best.length ? word : best));
  const found = new Map<string, PatientRef>();
  for await (const item of queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': `NUTRITIONIST#${nutritionistUserId}`,
      ':prefix': `${NAME_WORD}${longest}`,
    },
  })) {
    const userId = String(item.UserId);
    const words = Array.isArray(item.NameWords) ? item.NameWords.map(String) : [];
    if (found.has(userId) || !matchesAllWords(typed, words)) continue;
    found.set(userId, { UserId: userId, DisplayName: String(item.DisplayName) });
    if (found.size >= limit) break;
  }
  return [...found.values()].sort((a, b) => a.DisplayName.localeCompare(b.DisplayName, 'it'));
};

// Index the names of a nutritionist's patients written before name words existed (the profile has no
// `NameWords`): a migration, idempotent, run by the seed and the index-patient-names job.
export const indexPatientNames = async (nutritionistUserId: string) => {
  let indexed = 0;
  for await (const item of queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
    FilterExpression: 'attribute_not_exists(NameWords)',
    ExpressionAttributeValues: { ':pk': `NUTRITIONIST#${nutritionistUserId}`, ':prefix': 'PATIENT#' },
  })) {
    const profile = toPatientProfile(item);
    // Only if the profile is still the one read (same nutritionist and name); else the writer indexed it.
    const written = await writtenIfConditionHolds(
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: patientKey(profile.UserId),
                UpdateExpression: 'SET NameWords = :words',
                ConditionExpression: 'updatedAt = :version AND attribute_not_exists(NameWords)',
                ExpressionAttributeValues: {
                  ':words': wordsOf(profile.DisplayName),
                  ':version': profile.updatedAt,
                },
              },
            },
            ...nameWordPuts(profile),
          ],
        }),
      ),
    );
    if (written) indexed += 1;
  }
  return indexed;
};

// Assign a nutritionist to a patient who has none, once: the condition (no nutritionist, step 0) makes a
// second assignment fail (the job running twice, an admin at the same moment), so exactly one caller goes
// on to count the load and send the mail. The patient leaves the unassigned queue for the mail queue.
export const assignPatientNutritionist = async (
  patient: Pick<PatientProfile, 'UserId' | 'DisplayName'>,
  nutritionistUserId: string,
  source: AssignmentSource,
  at: Date,
): Promise<boolean> => {
  const assigned = { ...patient, DefaultNutritionistUserId: nutritionistUserId };
  const index = nutritionistIndex(assigned);
  return writtenIfConditionHolds(
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: patientKey(patient.UserId),
              UpdateExpression:
                'SET DefaultNutritionistUserId = :n, OnboardingStep = :one, AssignedAt = :now, AssignedBy = :by, ' +
                'AssignmentMail = :pending, updatedAt = :now, NameWords = :words, gsi2pk = :g2pk, gsi2sk = :g2sk, ' +
                'gsi3pk = :g3pk, gsi3sk = :g3sk',
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(DefaultNutritionistUserId) OR DefaultNutritionistUserId = :null) AND OnboardingStep = :zero',
              ExpressionAttributeValues: {
                ':n': nutritionistUserId,
                ':one': 1,
                ':zero': 0,
                ':null': null,
                ':now': at.toISOString(),
                ':by': source,
                ':pending': 'pending',
                ':words': wordsOf(patient.DisplayName),
                ':g2pk': index.gsi2pk,
                ':g2sk': index.gsi2sk,
                ':g3pk': ASSIGNMENT_MAIL_QUEUE,
                ':g3sk': `${at.toISOString()}#${patient.UserId}`,
              },
            },
          },
          ...nameWordPuts(assigned),
        ],
      }),
    ),
  );
};

const listQueue = async (queue: string, limit: number, cursor?: Record<string, unknown>) => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': queue },
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { patients: (page.Items ?? []).map(toPatientProfile), next: page.LastEvaluatedKey };
};

// List patients still without a nutritionist, longest waiting first (gsi3 `PATIENTS#UNASSIGNED`, sparse).
// The index is eventually consistent: a patient assigned a moment ago may still show; writes re-check.
export const listUnassignedPatients = (limit: number, cursor?: Record<string, unknown>) =>
  listQueue(UNASSIGNED_QUEUE, limit, cursor);

// List patients whose 'nutritionist found' mail is still due, oldest first (gsi3 `PATIENTS#ASSIGNMENT-MAIL`).
export const listDueAssignmentMails = (limit: number, cursor?: Record<string, unknown>) =>
  listQueue(ASSIGNMENT_MAIL_QUEUE, limit, cursor);

// Take a patient's due mail to send it: one sender wins. A claim older than `staleBefore` (its sender died
// between claiming and recording the outcome) may be taken again.
export const claimAssignmentMail = async (
  userId: string,
  at: Date,
  staleBefore: Date,
): Promise<PatientProfile | null> => {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: patientKey(userId),
        UpdateExpression: 'SET AssignmentMail = :sending, AssignmentMailClaimedAt = :now',
        ConditionExpression:
          'AssignmentMail = :pending OR (AssignmentMail = :sending AND AssignmentMailClaimedAt < :stale)',
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':now': at.toISOString(),
          ':stale': staleBefore.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toPatientProfile(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

// Record the claimed mail as sent: the patient leaves the mail queue.
export const markAssignmentMailSent = async (userId: string, at: Date) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: patientKey(userId),
      UpdateExpression: 'SET AssignmentMail = :sent, AssignmentMailSentAt = :now REMOVE gsi3pk, gsi3sk',
      ConditionExpression: 'AssignmentMail = :sending',
      ExpressionAttributeValues: { ':sent': 'sent', ':sending': 'sending', ':now': at.toISOString() },
    }),
  );
};

// Give a claimed mail back after a failed send, so the next run of the job tries again.
export const releaseAssignmentMail = async (userId: string) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: patientKey(userId),
      UpdateExpression: 'SET AssignmentMail = :pending REMOVE AssignmentMailClaimedAt',
      ConditionExpression: 'AssignmentMail = :sending',
      ExpressionAttributeValues: { ':pending': 'pending', ':sending': 'sending' },
    }),
  );
};

export interface ConsentRecord {
  userId: string;
  contractType: number;
  version: number;
  acceptedAt: string;
  sourceIp: string;
  /** The browser's User-Agent header as sent (empty for records written before it was kept). */
  userAgent: string;
}

const consentsOfVersion = (contractType: number, version: number) => `CONSENTS#${contractType}#${version}`;

// Record an acceptance; never overwrites an earlier one.
export const recordConsent = async (consent: ConsentRecord) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `USER#${consent.userId}`,
        sk: `CONSENT#${consent.contractType}#${consent.acceptedAt}`,
        type: 'Consent',
        ...consent,
        gsi1pk: consentsOfVersion(consent.contractType, consent.version),
        gsi1sk: `${consent.acceptedAt}#${consent.userId}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/**
 * Gives a user's acceptances recorded before the export index its keys (gsi1), so every acceptance is
 * exportable. Only the index keys are added, conditionally on their absence: the record's own attributes
 * (user, version, time, IP, user agent) never change. Returns how many were indexed.
 */
export const indexConsentsForExport = async (userId: string) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'attribute_not_exists(gsi1pk)',
      ProjectionExpression: 'pk, sk, userId, contractType, version, acceptedAt',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONSENT#' },
    }),
  );
  let indexed = 0;
  for (const item of Items ?? []) {
    const consent = toConsent(item);
    if (!Number.isInteger(consent.version) || !Number.isInteger(consent.contractType)) continue;
    const written = await writtenIfConditionHolds(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: String(item.pk), sk: String(item.sk) },
          UpdateExpression: 'SET gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
          ExpressionAttributeValues: {
            ':gsi1pk': consentsOfVersion(consent.contractType, consent.version),
            ':gsi1sk': `${consent.acceptedAt}#${consent.userId}`,
          },
        }),
      ),
    );
    if (written) indexed += 1;
  }
  return indexed;
};

const toConsent = (item: Record<string, unknown>): ConsentRecord => ({
  userId: String(item.userId),
  contractType: Number(item.contractType),
  version: Number(item.version),
  acceptedAt: String(item.acceptedAt),
  sourceIp: String(item.sourceIp),
  userAgent: typeof item.userAgent === 'string' ? item.userAgent : '',
});

// List a user's consents, oldest first.
export const listConsents = async (userId: string): Promise<ConsentRecord[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONSENT#' },
    }),
  );
  return (Items ?? []).map(toConsent);
};

// A contract version's acceptances, oldest first, at most `max` (gsi1).
export const listConsentsOfVersion = async (
  contractType: number,
  version: number,
  max: number,
): Promise<ConsentRecord[]> => {
  const consents: ConsentRecord[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': consentsOfVersion(contractType, version) },
  })) {
    consents.push(toConsent(item));
    if (consents.length >= max) break;
  }
  return consents;
};

/**
 * What must still hold of the patient's profile, as read, for a change to apply: each a named condition,
 * so other areas never write a condition expression on this area's item.
 */
export interface PatientProfileExpectations {
  /** The onboarding step is still this one (a concurrent move fails the transaction). */
  step?: OnboardingStep;
  /** The patient is still assigned to this nutritionist. */
  assignedTo?: string;
  /** The patient may still book an intro visit: none active, none cancelled late. */
  introBookable?: true;
}

/** A change of the patient's profile made in another area's transaction (a booking's change). */
export interface PatientProfileChange {
  patientUserId: string;
  set: Record<string, unknown>;
  remove?: string[];
  expect?: PatientProfileExpectations;
}

const expectationConditions = (
  expect: PatientProfileExpectations,
  values: Record<string, unknown>,
): string[] => {
  const conditions: string[] = [];
  if (expect.step !== undefined) {
    values[':readStep'] = expect.step;
    conditions.push('OnboardingStep = :readStep');
  }
  if (expect.assignedTo !== undefined) {
    values[':nutritionist'] = expect.assignedTo;
    conditions.push('DefaultNutritionistUserId = :nutritionist');
  }
  if (expect.introBookable) {
    values[':false'] = false;
    values[':null'] = null;
    conditions.push(
      'HasLateCancelledIc = :false',
      '(attribute_not_exists(ActiveIntroBookingId) OR ActiveIntroBookingId = :null)',
    );
  }
  return conditions;
};

/** The Update of the patient's profile to include in that transaction (`at`: the change's ISO instant). */
export const patientProfileUpdate = (change: PatientProfileChange, at: string): TransactItem => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': at };
  const sets = ['updatedAt = :now'];
  Object.entries(change.set).forEach(([field, value], index) => {
    names[`#s${index}`] = field;
    values[`:s${index}`] = value;
    sets.push(`#s${index} = :s${index}`);
  });
  const removes = (change.remove ?? []).map((field, index) => {
    names[`#r${index}`] = field;
    return `#r${index}`;
  });
  const conditions = ['attribute_exists(pk)', ...expectationConditions(change.expect ?? {}, values)];
  return {
    Update: {
      TableName: tableName(),
      Key: patientKey(change.patientUserId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
};

/**
 * Release every patient of a deactivated nutritionist to the unassigned queue (docs/product.md#nutritionist-accounts):
 * each patient, still with that nutritionist (the condition), goes back to step 0 without a nutritionist,
 * leaves the nutritionist's lists and search words, and waits in gsi3 `PATIENTS#UNASSIGNED` from now on,
 * where the rematch job or a BusinessAdmin assigns them again. Bookings, chat and payments are untouched.
 * Returns the patients released.
 */
export const releasePatientsOfNutritionist = async (nutritionistUserId: string, at: Date) => {
  const released: PatientRef[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `NUTRITIONIST#${nutritionistUserId}`, ':prefix': 'PATIENT#' },
  })) {
    const patient = { UserId: String(item.UserId), DisplayName: String(item.DisplayName) };
    const wordKeys = nameWordItems({ ...patient, DefaultNutritionistUserId: nutritionistUserId }).map(
      ({ pk, sk }) => ({ pk, sk }),
    );
    const written = await writtenIfConditionHolds(
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: patientKey(patient.UserId),
                UpdateExpression:
                  'SET DefaultNutritionistUserId = :null, PreviousNutritionistUserId = :old, OnboardingStep = :zero, ' +
                  'ReleasedAt = :now, updatedAt = :now, gsi3pk = :queue, gsi3sk = :queued ' +
                  'REMOVE gsi2pk, gsi2sk, NameWords, AssignmentMail, AssignedAt, AssignedBy',
                ConditionExpression: 'DefaultNutritionistUserId = :old',
                ExpressionAttributeValues: {
                  ':null': null,
                  ':old': nutritionistUserId,
                  ':zero': 0,
                  ':now': at.toISOString(),
                  ':queue': UNASSIGNED_QUEUE,
                  ':queued': `${at.toISOString()}#${patient.UserId}`,
                },
              },
            },
            ...wordKeys.map((Key) => ({ Delete: { TableName: tableName(), Key } })),
          ],
        }),
      ),
    );
    if (written) released.push(patient);
  }
  return released;
};
