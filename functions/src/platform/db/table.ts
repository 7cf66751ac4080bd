/**
 * The one DynamoDB table (single-table design). This definition is the source of truth for both the CDK
 * data stack and the local runtime, which creates the same table in DynamoDB Local.
 * docs/data-model.md lists every access pattern and the key or index that serves it.
 */
export interface IndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
  /** What the index serves; the generic GSIs are overloaded by entity, see docs/data-model.md. */
  purpose: string;
}

export const tableDefinition = {
  /** Logical name; the deployed name comes from configuration (TABLE_NAME). */
  defaultName: 'nutri-main',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Expiry in epoch seconds. DynamoDB Local never deletes expired items: readers filter on it. */
  ttlAttribute: 'expiresAt',
  /**
   * The table's stream: each change with the item as it is after it. The outbox Lambda reads new outbox
   * items from it (platform/outbox-stream-source.ts).
   */
  streamViewType: 'NEW_IMAGE',
  globalSecondaryIndexes: [
    {
      indexName: 'gsi1',
      partitionKey: 'gsi1pk',
      sortKey: 'gsi1sk',
      purpose: 'Lookups by alternate key and per-owner lists.',
    },
    {
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      purpose: 'Second per-owner lists (e.g. by counterpart).',
    },
    {
      indexName: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      purpose: 'Time-ordered work queues for jobs.',
    },
  ],
} as const satisfies {
  defaultName: string;
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  streamViewType: 'NEW_IMAGE';
  globalSecondaryIndexes: readonly IndexDefinition[];
};

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
