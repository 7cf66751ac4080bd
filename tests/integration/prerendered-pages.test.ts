/**
 * The cloud's prerendered public pages (functions/src/site, docs/decisions/0034-prerendered-public-pages.md)
 * on the local stack: regeneratePublicPages renders every public page with the web build's prerenderer,
 * from the stack's API, into a web bucket of the S3 emulator, as the jobs and outbox Lambdas do in the
 * cloud; a content change queues the pages it shows on. Needs the web build (`npm run build -w web`, which
 * `npm test` runs before the integration tests).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { staticContentSchema, type StaticContent } from '@nutri/shared';
import {
  FIXED_PUBLIC_PAGES,
  ITEM_PAGE_PARENTS,
  prerenderedKeyOf,
} from '../../functions/src/site/public-pages';
import { PRERENDERED_PAGES, isPrerenderedPath } from '../../web/src/prerender/public-pages';
import { DEMO_NUTRITIONIST_ID } from '../../infra/local/seed-nutritionists';
import { DEMO_ACCOUNTS } from '../../infra/local/seed';
import { api, createTestUser, login, stack } from './support/api';

const WEB_DIST = path.join(import.meta.dirname, '..', '..', 'web', 'dist');
const PRERENDERER = path.join(import.meta.dirname, '..', '..', 'web', 'dist-ssr', 'render-page.js');
const FRAME_FILES = ['index.html', '.vite/manifest.json'];

const DEMO_PROFILE = '/Nutritionists/chiara-bianchi';
const DEMO_DISPLAY_NAME = DEMO_ACCOUNTS.find((account) => account.id === DEMO_NUTRITIONIST_ID)!.displayName;

const site = () => import('../../functions/src/site');
const s3 = new S3Client({
  region: stack.region,
  endpoint: stack.s3Endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
/** A web bucket of this test's own, holding the web build's frame as the web stack's deployment does. */
const bucket = `nutri-web-${randomUUID().slice(0, 8)}`;
const options = { bucket, prerenderer: PRERENDERER, apiOrigin: stack.baseUrl };

let admin: string;

const copyOf = async (page: string) => {
  const key = page === '/' ? 'prerendered/index.html' : `prerendered${page}.html`;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return {
      html: (await object.Body?.transformToString('utf8')) ?? '',
      contentType: object.ContentType,
      cacheControl: object.CacheControl,
    };
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
};

const listedCopies = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'prerendered/' }))).Contents ?? []).map(
    (object) => object.Key,
  );

const createArticle = async (published: boolean) => {
  const suffix = randomUUID().slice(0, 8);
  const result = await api<StaticContent>('POST', 'StaticContent', {
    token: admin,
    body: {
      ContentType: 'Article',
      Title: `Articolo prerenderizzato ${suffix}`,
      FriendlyUrl: `articolo-prerenderizzato-${suffix}`,
      Text: '<p>Testo</p>',
      Published: published,
    },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return staticContentSchema.parse(result.body);
};

const setPublished = async (article: StaticContent, published: boolean) => {
  const result = await api('PATCH', `StaticContent/${article.ContentId}`, {
    token: admin,
    body: { Published: published },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
};

beforeAll(async () => {
  if (!existsSync(PRERENDERER) || !FRAME_FILES.every((file) => existsSync(path.join(WEB_DIST, file))))
    throw new Error('The web build is missing: run `npm run build -w web` first');
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  for (const file of FRAME_FILES) {
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: file, Body: readFileSync(path.join(WEB_DIST, file)) }),
    );
  }
  const user = await createTestUser(['BusinessAdmin']);
  admin = (await login(user.email, user.password)).accessToken;
});

describe('the public page list', () => {
  // The site area's list builds the CloudFront rewrite (infra/lib/stacks/web-stack.ts) and the copies.
  it("is the prerenderer's: the same router patterns", () => {
    const patterns = PRERENDERED_PAGES.map(({ pattern }) => pattern).sort();
    const cloudPages = [
      ...FIXED_PUBLIC_PAGES,
      ...ITEM_PAGE_PARENTS.map((parent) => `${parent}/:friendlyUrl`),
    ].sort();
    expect(cloudPages).toEqual(patterns);
    for (const page of FIXED_PUBLIC_PAGES) expect(isPrerenderedPath(page), page).toBe(true);
  });

  it("keys each copy by the page's own spelling", () => {
    expect(prerenderedKeyOf('/')).toBe('prerendered/index.html');
    expect(prerenderedKeyOf('/entra-nel-team')).toBe('prerendered/entra-nel-team.html');
    expect(prerenderedKeyOf('/Nutritionists/dott.ssa-rossi')).toBe(
      'prerendered/Nutritionists/dott.ssa-rossi.html',
    );
  });
});

describe('regeneratePublicPages', () => {
  it('writes every public page with its content, uncached, and removes an unpublished article', async () => {
    const article = await createArticle(true);
    const articlePage = `/Blog/${article.FriendlyUrl}`;
    const { regeneratePublicPages, listPublicPagePaths } = await site();

    const first = await regeneratePublicPages(undefined, options);
    expect(first.failed).toEqual([]);
    expect(first.written).toEqual(expect.arrayContaining(['/', '/FAQ', DEMO_PROFILE, articlePage]));
    expect(first.written.sort()).toEqual((await listPublicPagePaths()).sort());
    expect((await listedCopies()).length).toBe(first.written.length);

    const faq = await copyOf('/FAQ');
    expect(faq?.contentType).toMatch(/^text\/html/);
    expect(faq?.cacheControl).toBe('no-cache');
    expect(faq?.html).toContain('<div id="root" data-prerendered>');
    expect(faq?.html).toContain('Domande frequenti');
    expect((await copyOf(DEMO_PROFILE))?.html).toContain(DEMO_DISPLAY_NAME);
    expect((await copyOf(articlePage))?.html).toContain(article.Title);
    expect((await copyOf('/'))?.html).toContain('data-prerendered');

    // Unpublished: a full run deletes its copy and keeps the others.
    await setPublished(article, false);
    const second = await regeneratePublicPages(undefined, options);
    expect(second.removed).toEqual([articlePage]);
    expect(await copyOf(articlePage)).toBeNull();
    expect(await copyOf('/FAQ')).not.toBeNull();
  }, 240_000);

  it('renders only the pages asked for, and deletes those of them no longer public', async () => {
    const article = await createArticle(true);
    const articlePage = `/Blog/${article.FriendlyUrl}`;
    const { regeneratePublicPages } = await site();

    const written = await regeneratePublicPages([articlePage, '/Blog'], options);
    expect(written).toMatchObject({ written: [articlePage, '/Blog'], removed: [], failed: [] });
    expect((await copyOf(articlePage))?.html).toContain(article.Title);

    await setPublished(article, false);
    const removed = await regeneratePublicPages([articlePage], options);
    expect(removed).toMatchObject({ written: [], removed: [articlePage], failed: [] });
    expect(await copyOf(articlePage)).toBeNull();
    // A page without a copy has nothing to remove; a path that is no public page is ignored.
    const unknown = await regeneratePublicPages(['/Blog/nessun-articolo', '/Login'], options);
    expect(unknown).toMatchObject({ written: [], removed: [], failed: [] });
  }, 120_000);

  it('does nothing where no web bucket is configured (the local runtime renders on request)', async () => {
    const { regeneratePublicPages } = await site();
    const report = await regeneratePublicPages(undefined, { prerenderer: PRERENDERER });
    expect(report.skipped).toBeDefined();
    expect(report.written).toEqual([]);
  });
});

describe('a content change', () => {
  /** The public-pages outbox items naming `page` (delivered ones too: they stay in the table for a while). */
  const refreshesOf = async (page: string) => {
    const { db, tableName } = await import('../../functions/src/platform/db/client');
    const found: { Payload: { paths: string[] } }[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      // A test-only scan of the local table: outbox items have no index by topic.
      const batch = await db().send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: 'begins_with(pk, :outbox) AND Topic = :topic AND contains(Payload.paths, :page)',
          ExpressionAttributeValues: { ':outbox': 'OUTBOX#', ':topic': 'public-pages', ':page': page },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      found.push(...((batch.Items ?? []) as typeof found));
      start = batch.LastEvaluatedKey;
    } while (start);
    return found;
  };

  it('queues its article page for prerendering when it is or was public, and not for a draft', async () => {
    const article = await createArticle(true);
    const articlePage = `/Blog/${article.FriendlyUrl}`;
    expect(await refreshesOf(articlePage)).toHaveLength(1);
    await setPublished(article, false);
    expect(await refreshesOf(articlePage)).toHaveLength(2);

    const draft = await createArticle(false);
    expect(await refreshesOf(`/Blog/${draft.FriendlyUrl}`)).toEqual([]);
  });

  it("queues a public profile's page when it changes, both pages when its URL does, none for a private one", async () => {
    const { saveNutritionistProfile, getNutritionistProfile } =
      await import('../../functions/src/nutritionists');
    const id = randomUUID();
    const first = `pagina-prerender-${id.slice(0, 8)}`;
    const second = `${first}-nuova`;
    await saveNutritionistProfile(
      id,
      null,
      { ProfessionalTitle: 'Dietista', ProfilePageUrl: first },
      new Date(),
    );
    expect(await refreshesOf(`/Nutritionists/${first}`)).toEqual([]);

    const save = async (changes: Parameters<typeof saveNutritionistProfile>[2]) =>
      saveNutritionistProfile(id, await getNutritionistProfile(id), changes, new Date());
    await save({ IsPublic: true });
    expect(await refreshesOf(`/Nutritionists/${first}`)).toHaveLength(1);
    await save({ ProfilePageUrl: second });
    expect(await refreshesOf(`/Nutritionists/${first}`)).toHaveLength(2);
    expect(await refreshesOf(`/Nutritionists/${second}`)).toHaveLength(1);
    // Made private: its page is queued once more, and the site area removes its copy.
    await save({ IsPublic: false });
    expect(await refreshesOf(`/Nutritionists/${second}`)).toHaveLength(2);
  });

  it("queues the nutritionist's page when a review of theirs is approved or withdrawn", async () => {
    const { createReview } = await import('../../functions/src/nutritionists/reviews-repo');
    const reviewId = `test-${randomUUID()}`;
    await createReview({
      ReviewId: reviewId,
      Text: 'Recensione della pagina prerenderizzata',
      Author: 'Anna V.',
      Rating: 5,
      ReviewDate: '2026-01-01',
      Status: 'Pending',
      Featured: false,
      NutritionistUserId: DEMO_NUTRITIONIST_ID,
      BookingId: null,
      PatientUserId: null,
      createdAt: new Date().toISOString(),
      ModeratedAt: null,
      ModeratedBy: null,
    });
    const before = (await refreshesOf(DEMO_PROFILE)).length;
    expect((await api('POST', `Reviews/${reviewId}/Approve`, { token: admin })).status).toBe(200);
    expect(await refreshesOf(DEMO_PROFILE)).toHaveLength(before + 1);
    expect((await api('POST', `Reviews/${reviewId}/Reject`, { token: admin })).status).toBe(200);
    expect(await refreshesOf(DEMO_PROFILE)).toHaveLength(before + 2);
  });
});
