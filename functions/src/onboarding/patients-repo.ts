/**
 * Patient profiles and consent records.
 * - Patient `USER#<userId>` / `PATIENT` (spec section 3: patient profile, plus the onboarding step and
 *   the questionnaire it came from). A patient with a nutritionist is listed under them:
 *   gsi2 `NUTRITIONIST#<nutritionistId>` / `PATIENT#<display name lower>#<userId>`.
 * - Consent `USER#<userId>` / `CONSENT#<contractType>#<acceptedAt>`: one record per acceptance (contract
 *   version, time, user, IP), written with attribute_not_exists and never changed.
 * Access patterns: get a patient's profile (table key); list a nutritionist's patients by name (gsi2);
 * list a user's consents (begins_with `CONSENT#`).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OnboardingStep } from '@nutri/shared';
import { AppError } from '../http/errors';
import { db, tableName } from '../platform/db/client';

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
  createdAt: string;
  updatedAt: string;
}

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

/** The item to write with the user (users-repo createUser companions). */
export const patientItem = (profile: PatientProfile) => ({
  ...patientKey(profile.UserId),
  type: 'Patient',
  ...profile,
  ...nutritionistIndex(profile),
});

// Get a patient's profile.
export const getPatientProfile = async (userId: string): Promise<PatientProfile | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: patientKey(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { pk: _pk, sk: _sk, type: _type, gsi2pk: _g, gsi2sk: _s, ...profile } = Item;
  return profile as PatientProfile;
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
    if (error instanceof ConditionalCheckFailedException)
      throw new AppError('conflict', undefined, { cause: error });
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
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: patientKey(profile.UserId),
        UpdateExpression:
          'SET DefaultNutritionistUserId = :n, HasChangedNutritionist = :true, updatedAt = :now, gsi2pk = :gpk, gsi2sk = :gsk',
        ConditionExpression: 'updatedAt = :version AND HasChangedNutritionist = :false',
        ExpressionAttributeValues: {
          ':n': nutritionistUserId,
          ':true': true,
          ':false': false,
          ':now': updated.updatedAt,
          ':version': profile.updatedAt,
          ':gpk': index.gsi2pk,
          ':gsk': index.gsi2sk,
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      throw new AppError('conflict', undefined, { cause: error });
    throw error;
  }
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

export interface ConsentRecord {
  userId: string;
  contractType: number;
  version: number;
  acceptedAt: string;
  sourceIp: string;
}

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
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// List a user's consents, oldest first.
export const listConsents = async (userId: string): Promise<ConsentRecord[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONSENT#' },
    }),
  );
  return (Items ?? []).map((item) => ({
    userId: String(item.userId),
    contractType: Number(item.contractType),
    version: Number(item.version),
    acceptedAt: String(item.acceptedAt),
    sourceIp: String(item.sourceIp),
  }));
};
