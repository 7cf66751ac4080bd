/**
 * Loads the Italian municipalities into the table, once per dataset version: the marker item says which
 * version is there, so a run with nothing new costs one read (plus reading the package). Run by the
 * `load-comuni` job (cloud: the jobs Lambda on its schedule) and locally at every stack start. Safe to
 * run twice or at the same time: buckets are written whole and the marker last.
 */
import {
  getComuniMarker,
  idBucketItems,
  putComuniMarker,
  searchBucketItems,
  writeBuckets,
} from './comuni-repo';

export interface LoadComuniResult {
  version: string;
  loaded: boolean;
  /** Current municipalities. */
  count: number;
  buckets: number;
}

export const loadComuni = async (at: Date): Promise<LoadComuniResult> => {
  // The datasets (about 600 KB) load only in this job, not at the jobs Lambda's start.
  const { COMUNI_DATASET_SOURCE, comuniDataset } = await import('./comuni-dataset');
  const [dataset, marker] = await Promise.all([comuniDataset(at), getComuniMarker()]);
  const count = dataset.all.filter((comune) => comune.IsCurrent).length;
  if (marker?.Version === dataset.version)
    return { version: dataset.version, loaded: false, count, buckets: marker.Buckets.length };

  const items = [
    ...searchBucketItems(
      dataset.all.filter((comune) => comune.IsCurrent),
      dataset.version,
    ),
    ...idBucketItems(dataset.all, dataset.version),
  ];
  const buckets = await writeBuckets(items, marker?.Buckets ?? []);
  await putComuniMarker({
    Version: dataset.version,
    Source: COMUNI_DATASET_SOURCE,
    Count: count,
    LoadedAt: at.toISOString(),
    Buckets: buckets,
  });
  return { version: dataset.version, loaded: true, count, buckets: items.length };
};
