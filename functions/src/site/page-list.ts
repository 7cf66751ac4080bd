/**
 * The CloudFront KeyValueStore that lists the prerendered pages (key: the page's decoded path). The web
 * distribution's viewer-request function serves a page's copy only when its path is listed, and the app's
 * index.html otherwise, so a profile or an article without a copy (unknown, or not written yet) still
 * opens in the browser, and the API's own 403 and 404 answers stay as they are.
 *
 * Its API signs with SigV4A (the store is global): the JavaScript signer is registered by importing it.
 */
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  ListKeysCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';

/** UpdateKeys takes at most 50 puts and deletes together. */
const BATCH = 50;

let client: CloudFrontKeyValueStoreClient | undefined;

/** The paths the list holds now. */
const listedPaths = async (kvs: CloudFrontKeyValueStoreClient, kvsArn: string) => {
  const listed = new Set<string>();
  let token: string | undefined;
  do {
    const page = await kvs.send(
      new ListKeysCommand({ KvsARN: kvsArn, ...(token ? { NextToken: token } : {}) }),
    );
    for (const item of page.Items ?? []) if (item.Key) listed.add(item.Key);
    token = page.NextToken;
  } while (token);
  return listed;
};

/**
 * Lists `written` pages and unlists `removed` ones; the value is the instant of the copy. Only listed keys
 * are deleted, so a list that missed an earlier change still converges.
 */
export const updatePageList = async (
  kvsArn: string,
  change: { written: readonly string[]; removed: readonly string[] },
  at: Date,
) => {
  client ??= new CloudFrontKeyValueStoreClient({});
  const listed = change.removed.length ? await listedPaths(client, kvsArn) : new Set<string>();
  const operations = [
    ...change.written.map((path) => ({ put: { Key: path, Value: at.toISOString() } })),
    ...change.removed.filter((path) => listed.has(path)).map((path) => ({ remove: { Key: path } })),
  ];
  if (operations.length === 0) return;
  let { ETag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
  for (let start = 0; start < operations.length; start += BATCH) {
    const batch = operations.slice(start, start + BATCH);
    ({ ETag } = await client.send(
      new UpdateKeysCommand({
        KvsARN: kvsArn,
        IfMatch: ETag,
        Puts: batch.flatMap((operation) => ('put' in operation ? [operation.put] : [])),
        Deletes: batch.flatMap((operation) => ('remove' in operation ? [operation.remove] : [])),
      }),
    ));
  }
};
