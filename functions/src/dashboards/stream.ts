/**
 * The aggregation Lambda's work: each stream record of an item the dashboards count is turned into a fact by
 * the area owning the item, and folded into its subject's aggregates (./aggregates-repo.ts). Records are
 * handled in order; a failure stops the batch there and reports its sequence number, so the event source
 * retries from it. A record delivered twice, or an older one replayed, changes nothing (the revisions).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { bookingFactOfItem } from '../bookings';
import { reviewFactOfItem } from '../nutritionists';
import { patientFactOfItem, questionnaireFactOfItem } from '../onboarding';
import type { DashboardFact } from '../platform/dashboard-facts';
import { logger } from '../platform/logger';
import { imageToItem } from '../platform/stream-image';
import { applyFactUpdates, factKey, type ApplyOutcome } from './aggregates-repo';

/** The fact an item stands for, whichever area owns it; null for items the dashboards do not count. */
export const factOfItem = async (
  item: Record<string, unknown>,
  revision: string,
): Promise<DashboardFact | null> =>
  bookingFactOfItem(item) ??
  reviewFactOfItem(item) ??
  questionnaireFactOfItem(item, revision) ??
  (await patientFactOfItem(item));

/** Folds one stream record into the aggregates. */
export const aggregateRecord = async (record: DynamoDBRecord): Promise<ApplyOutcome | 'ignored'> => {
  const image = record.dynamodb?.NewImage;
  if (!image || (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY')) return 'ignored';
  const fact = await factOfItem(imageToItem(image), record.dynamodb?.SequenceNumber ?? '0');
  if (!fact) return 'ignored';
  return applyFactUpdates(fact.subject, [{ key: factKey(fact), revision: fact.revision, fact }]);
};

export const aggregateStream = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const outcomes: Record<string, number> = {};
  for (const record of event.Records) {
    try {
      const outcome = await aggregateRecord(record);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      logger.warn('Dashboard aggregation stopped at a failed record', {
        reason: error instanceof Error ? error.name : 'Error',
        outcomes,
      });
      if (!sequenceNumber) throw error;
      return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
    }
  }
  return { batchItemFailures: [] };
};
