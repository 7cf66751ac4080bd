/**
 * The onboarding area's part of a patient's erasure (docs/product.md#privacy-centre). The patient profile
 * stays under its id with the name and gender emptied and out of the nutritionist's list (its name words
 * go); its `updatedAt` is kept, so the dashboards see the same revision and count nothing again. The
 * questionnaire keeps only what the dashboards count (when it came, whose it is): its answers, criteria and
 * the webhook body that carried them go. The contract acceptances stay: they prove the consent the
 * processing relied on (docs/decisions/0031-privacy-export-erasure.md).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';
import { unlessConditionFails } from '../platform/db/conditional';
import { deleteItems, itemByKey, partitionItems } from '../platform/personal-data';

/** Who follows the patient and what they are called, read before the erasure (to tell the nutritionist). */
export const patientOfErasure = async (userId: string) => {
  const [profile] = await itemByKey(`USER#${userId}`, 'PATIENT');
  return profile
    ? {
        displayName: typeof profile.DisplayName === 'string' ? profile.DisplayName : '',
        nutritionistUserId:
          typeof profile.DefaultNutritionistUserId === 'string' ? profile.DefaultNutritionistUserId : null,
      }
    : null;
};

export const erasePatientData = async (userId: string, erasedName: string, at: Date): Promise<number> => {
  const [[profile], nameWords] = await Promise.all([
    itemByKey(`USER#${userId}`, 'PATIENT'),
    partitionItems(`USER#${userId}`, 'NAMEWORD#'),
  ]);
  let count = await deleteItems(nameWords);
  if (!profile) return count;
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: profile.pk, sk: profile.sk },
        UpdateExpression:
          'SET DisplayName = :name, Gender = :null, ErasedAt = :at REMOVE gsi2pk, gsi2sk, NameWords',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':name': erasedName, ':null': null, ':at': at.toISOString() },
      }),
    ),
  );
  count += 1;
  const submissionId = profile.TallySubmissionId;
  if (typeof submissionId !== 'string' || !submissionId) return count;
  const [submission] = await itemByKey(`TALLY#${submissionId}`, 'SUBMISSION');
  if (!submission) return count;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: submission.pk, sk: submission.sk },
      UpdateExpression: 'SET #fields = :none, criteria = :criteria, ErasedAt = :at REMOVE responseId',
      ExpressionAttributeNames: { '#fields': 'fields' },
      ExpressionAttributeValues: {
        ':none': [],
        ':criteria': { skills: [], genderPreference: 'any', needsMedicalDiet: false },
        ':at': at.toISOString(),
      },
    }),
  );
  const delivery =
    typeof submission.logId === 'string'
      ? await itemByKey(`TALLYDELIVERY#${submission.logId}`, 'DELIVERY')
      : [];
  return count + 1 + (await deleteItems(delivery));
};
