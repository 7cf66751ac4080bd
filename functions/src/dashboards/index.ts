/** What other areas use of this area: the aggregation Lambda's work and the rebuild job. */
export { aggregateStream } from './stream';
export { rebuildAggregates, type RebuildReport } from './rebuild';
