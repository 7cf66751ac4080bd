/**
 * The `content` area on the running local stack: static content (sanitizer, drafts, friendly URLs,
 * covers, tags), the back office (every admin route refused to others), galleries, the contact form,
 * join-the-team applications with presigned CV uploads, the sitemap and the seed.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessageSchema,
  cvUploadResponseSchema,
  gallerySchema,
  joinTeamApplicationViewSchema,
  listResponseSchema,
  staticContentAdminItemSchema,
  staticContentSchema,
  staticContentSummarySchema,
  tagDetailSchema,
  type ContactMessage,
  type CvUpload,
  type Gallery,
  type JoinTeamApplicationView,
  type ListResponse,
  type StaticContent,
  type StaticContentSummary,
  type TagDetail,
} from '@nutri/shared';
import { restRoutes, type RestRoute } from '../../functions/src/routes';
import {
  CONTACT_RATE_RULE,
  CV_UPLOAD_RATE_RULE,
  JOIN_TEAM_RATE_RULE,
} from '../../functions/src/content/spam-guard';
import { clearFailures, recordFailure } from '../../functions/src/platform/throttle';
import { seedContent } from '../../infra/local/seed-content';
import { api, createTestUser, login, mailsTo, stack } from './support/api';

const SUPPORT = 'supporto@nutri.local';
// The local gateway hands handlers the socket address: every request of this test comes from here.
const TEST_IP = '127.0.0.1';

let admin: string;
let patient: string;
let nutritionist: string;

const tokenFor = async (roles: Parameters<typeof createTestUser>[0]) => {
  const user = await createTestUser(roles);
  return (await login(user.email, user.password)).accessToken;
};

beforeAll(async () => {
  [admin, patient, nutritionist] = await Promise.all([
    tokenFor(['BusinessAdmin']),
    tokenFor(['Patient']),
    tokenFor(['Nutritionist']),
  ]);
});

const unique = () => randomUUID().slice(0, 8);

const createContent = async (overrides: Record<string, unknown> = {}) => {
  const result = await api<StaticContent>('POST', 'StaticContent', {
    token: admin,
    body: {
      ContentType: 'Article',
      Title: `Articolo di prova ${unique()}`,
      FriendlyUrl: `articolo-${unique()}`,
      Text: '<p>Testo</p>',
      ...overrides,
    },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return staticContentSchema.strict().parse(result.body);
};

const png = (width: number, height: number, background = '#4a7') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const upload = <T>(path: string, file: Buffer, type: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('File', new Blob([new Uint8Array(file)], { type }), 'immagine');
  return api<T>('POST', path, { token: admin, raw: form });
};

describe('the HTML sanitizer', () => {
  it('strips scripts, styles, event handlers, javascript: URLs and foreign images, keeping the allowed markup', async () => {
    const hostile = [
      '<h1>Titolo</h1><h2 onclick="steal()">Sezione</h2><h3>Sotto</h3><h4>Ancora</h4>',
      '<p style="color:red" onmouseover="alert(1)">Testo <strong>forte</strong> e <em>enfasi</em><br>a capo</p>',
      '<script>alert("xss")</script><style>body{display:none}</style>',
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object>',
      '<a href="javascript:alert(1)">trappola</a> <a href="JaVaScRiPt&#58;alert(1)">bis</a>',
      '<a href="https://example.org/guida" target="_blank" rel="opener">guida</a>',
      '<a href="mailto:supporto@nutri.local">scrivici</a> <a href="data:text/html,boom">dati</a>',
      `<img src="${stack.baseUrl}/media/content/1/cover-seed-400.webp" alt="Copertina" onerror="alert(1)">`,
      '<img src="https://evil.example/track.png" alt="spia"><img src="/media/../api/v2/health" alt="furbo">',
      '<ul><li>uno</li></ul><ol><li>due</li></ol><blockquote>citazione</blockquote>',
      '<table><tr><td>cella</td></tr></table><svg onload="alert(1)"><circle/></svg>',
    ].join('');
    const content = await createContent({ Text: hostile });
    const read = await api<StaticContent>('GET', `StaticContent/${content.ContentId}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.Text).toBe(content.Text);
    const html = read.body.Text;
    for (const forbidden of [
      '<script',
      'alert(',
      '<style',
      'style=',
      'onclick',
      'onmouseover',
      'onerror',
      'onload',
      'javascript:',
      '<iframe',
      '<object',
      'data:',
      'evil.example',
      '/api/v2/health',
      '<svg',
      '<table',
      'target=',
      '<h1',
    ]) {
      expect(html.toLowerCase(), forbidden).not.toContain(forbidden.toLowerCase());
    }
    expect(html).toContain('<h2>Titolo</h2><h2>Sezione</h2><h3>Sotto</h3><h4>Ancora</h4>');
    expect(html).toContain('<p>Testo <strong>forte</strong> e <em>enfasi</em><br />a capo</p>');
    expect(html).toContain('<a href="https://example.org/guida" rel="noopener">guida</a>');
    expect(html).toContain('<a href="mailto:supporto@nutri.local" rel="noopener">scrivici</a>');
    expect(html).toContain(
      `<img src="${stack.baseUrl}/media/content/1/cover-seed-400.webp" alt="Copertina" />`,
    );
    expect(html).toContain('<ul><li>uno</li></ul><ol><li>due</li></ol><blockquote>citazione</blockquote>');
    // Text of dropped elements stays readable; that of scripts and styles goes with them.
    expect(html).toContain('cella');
    expect(html).not.toContain('xss');
    expect(html).not.toContain('display:none');
  });

  it('sanitizes the text of an update too', async () => {
    const content = await createContent();
    const updated = await api<StaticContent>('PATCH', `StaticContent/${content.ContentId}`, {
      token: admin,
      body: { Text: '<p onclick="x()">Nuovo</p><script>bad()</script>' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.Text).toBe('<p>Nuovo</p>');
  });
});

describe('the back office', () => {
  const adminRoutes = (restRoutes as readonly RestRoute[]).filter(
    (route) =>
      route.area === 'content' && Array.isArray(route.access) && route.access.includes('BusinessAdmin'),
  );
  // Existing ids where the route would find one: refusal must not depend on the object being absent.
  const pathOf = (route: RestRoute) =>
    route.path
      .replace('/api/v2/', '')
      .replace('{imageId}', randomUUID())
      .replace('JoinTeamApplications/{id}', `JoinTeamApplications/${randomUUID()}`)
      .replace(/\{(id|tagId)\}/g, '2');

  it('covers every admin route of the area', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(25);
    for (const route of adminRoutes) expect(route.access).toEqual(['BusinessAdmin']);
  });

  it('refuses anonymous callers with 401 and Patients and Nutritionists with 403, on every admin route', async () => {
    for (const route of adminRoutes) {
      const options = route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} };
      const anonymous = await api(route.method, pathOf(route), options);
      expect({ route: route.path, status: anonymous.status }).toEqual({ route: route.path, status: 401 });
      for (const token of [patient, nutritionist]) {
        const refused = await api(route.method, pathOf(route), { ...options, token });
        expect({ route: route.path, status: refused.status, code: refused.body.code }).toEqual({
          route: route.path,
          status: 403,
          code: 'forbidden',
        });
      }
    }
  });

  it('lists content in title order with filters, counts it, and describes the form', async () => {
    const prefix = `Zz Filtro ${unique()}`;
    const page = await createContent({ Title: `${prefix} B`, ContentType: 'Page', Published: true });
    const draft = await createContent({ Title: `${prefix} A` });
    const list = await api<ListResponse<unknown>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix.toLowerCase())}`,
      { token: admin },
    );
    expect(list.status).toBe(200);
    const items = listResponseSchema(staticContentAdminItemSchema.strict()).parse(list.body).Data;
    expect(items.map((item) => item.ContentId)).toEqual([draft.ContentId, page.ContentId]);
    const descending = await api<ListResponse<{ ContentId: number }>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix)}&orderBy=${encodeURIComponent('Title desc')}`,
      { token: admin },
    );
    expect(descending.body.Data.map((item) => item.ContentId)).toEqual([page.ContentId, draft.ContentId]);
    const pages = await api<ListResponse<{ ContentId: number }>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix)}&ContentType=Page&Published=true`,
      { token: admin },
    );
    expect(pages.body.Data.map((item) => item.ContentId)).toEqual([page.ContentId]);
    const paged = await api<ListResponse<{ ContentId: number }>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix)}&limit=1`,
      { token: admin },
    );
    expect(paged.body.Data.map((item) => item.ContentId)).toEqual([draft.ContentId]);
    const next = await api<ListResponse<{ ContentId: number }>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix)}&limit=1&cursor=${paged.body.NextCursor}`,
      { token: admin },
    );
    expect(next.body.Data.map((item) => item.ContentId)).toEqual([page.ContentId]);

    // A filtered page that reads past its end resumes right after its last item, skipping none.
    const otherPage = await createContent({ Title: `${prefix} C`, ContentType: 'Page' });
    const firstPage = await api<ListResponse<{ ContentId: number }>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix)}&ContentType=Page&limit=1`,
      { token: admin },
    );
    expect(firstPage.body.Data.map((item) => item.ContentId)).toEqual([page.ContentId]);
    const secondPage = await api<ListResponse<{ ContentId: number }>>(
      'GET',
      `StaticContent?Title=${encodeURIComponent(prefix)}&ContentType=Page&limit=1&cursor=${firstPage.body.NextCursor}`,
      { token: admin },
    );
    expect(secondPage.body.Data.map((item) => item.ContentId)).toEqual([otherPage.ContentId]);

    const count = await api(
      'GET',
      `StaticContent/count?Title=${encodeURIComponent(prefix)}&Published=false`,
      {
        token: admin,
      },
    );
    expect(count.body).toEqual({ Count: 2 });

    const metadata = await api<{ Fields: Record<string, unknown> }>('GET', 'StaticContent/Metadata', {
      token: admin,
    });
    expect(metadata.status).toBe(200);
    expect(metadata.body.Fields.Title).toEqual({ Required: true, MaxLength: 200, MinLength: 1 });
    expect(metadata.body.Fields.MetaDescription).toEqual({ Required: false, MaxLength: 300 });
    expect(metadata.body.Fields.FriendlyUrl).toMatchObject({ Required: true, MaxLength: 120 });
  });

  it('refuses invalid content with Italian field messages', async () => {
    const result = await api('POST', 'StaticContent', {
      token: admin,
      body: { ContentType: 'Ricetta', Title: ' ', FriendlyUrl: 'Non Va Bene', Extra: 1 },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      code: 'validation_failed',
      Errors: {
        ContentType: ['Valore non valido'],
        Title: ['Campo obbligatorio'],
        FriendlyUrl: ['Usa solo lettere minuscole, numeri e trattini (es. colazione-sana).'],
        Extra: ['Campo non previsto: Extra'],
      },
    });
  });

  it('changes only the fields a PATCH sends, and deletes content with its image and tag links', async () => {
    const content = await createContent({ Published: true, MetaDescription: 'Descrizione' });
    const patched = await api<StaticContent>('PATCH', `StaticContent/${content.ContentId}`, {
      token: admin,
      body: { Title: 'Titolo nuovo' },
    });
    expect(patched.body).toMatchObject({
      Title: 'Titolo nuovo',
      Published: true,
      MetaDescription: 'Descrizione',
      Text: content.Text,
      PublishedAt: content.PublishedAt,
    });
    const tag = await createTag();
    await api('POST', `StaticContent/${content.ContentId}/tags/${tag.TagId}`, { token: admin });
    const cover = await upload<StaticContent>(
      `StaticContent/${content.ContentId}/image`,
      await png(900, 500),
      'image/png',
    );
    expect(cover.status).toBe(200);

    expect((await api('DELETE', `StaticContent/${content.ContentId}`, { token: admin })).status).toBe(204);
    expect((await api('GET', `StaticContent/${content.ContentId}`, { token: admin })).status).toBe(404);
    expect(
      (await api('GET', `StaticContent/FriendlyUrl/${content.FriendlyUrl}`, { token: admin })).status,
    ).toBe(404);
    expect((await fetch(cover.body.ImageFilePath!['400'])).status).toBe(404);
    // The link is gone, so the tag is free to delete; the URL is free to reuse.
    expect((await api('DELETE', `Tags/${tag.TagId}`, { token: admin })).status).toBe(204);
    await createContent({ FriendlyUrl: content.FriendlyUrl });
    expect((await api('DELETE', `StaticContent/${content.ContentId}`, { token: admin })).status).toBe(404);
  });
});

describe('public reads', () => {
  it('hide drafts from everyone but BusinessAdmin', async () => {
    const draft = await createContent();
    for (const token of [undefined, patient, nutritionist]) {
      const options = token ? { token } : {};
      for (const path of [
        `StaticContent/${draft.ContentId}`,
        `StaticContent/FriendlyUrl/${draft.FriendlyUrl}`,
        `StaticContent/${draft.ContentId}/tags`,
      ]) {
        const hidden = await api('GET', path, options);
        expect({ path, status: hidden.status, message: hidden.body.message }).toEqual({
          path,
          status: 404,
          message: 'Contenuto non trovato.',
        });
      }
    }
    const byIds = await api<ListResponse<StaticContentSummary>>(
      'GET',
      `PublicStaticContent?ids=${draft.ContentId},2`,
    );
    expect(byIds.body.Data.map((item) => item.ContentId)).toEqual([2]);
    const newest = await api<ListResponse<StaticContentSummary>>(
      'GET',
      'PublicStaticContent?ContentType=Article',
    );
    expect(newest.body.Data.map((item) => item.ContentId)).not.toContain(draft.ContentId);
    expect((await api('GET', `StaticContent/${draft.ContentId}`, { token: admin })).body).toMatchObject({
      Published: false,
      PublishedAt: null,
    });

    const published = await api<StaticContent>('PATCH', `StaticContent/${draft.ContentId}`, {
      token: admin,
      body: { Published: true },
    });
    expect(published.body.PublishedAt).not.toBeNull();
    const visible = await api<StaticContent>('GET', `StaticContent/FriendlyUrl/${draft.FriendlyUrl}`);
    expect(visible.status).toBe(200);
    staticContentSchema.strict().parse(visible.body);
    const first = await api<ListResponse<StaticContentSummary>>(
      'GET',
      'PublicStaticContent?ContentType=Article&limit=1',
    );
    expect(first.body.Data.map((item) => item.ContentId)).toEqual([draft.ContentId]);

    // Withdrawn again: hidden again, and it keeps its first publication date.
    const withdrawn = await api<StaticContent>('PATCH', `StaticContent/${draft.ContentId}`, {
      token: admin,
      body: { Published: false },
    });
    expect(withdrawn.body.PublishedAt).toBe(published.body.PublishedAt);
    expect((await api('GET', `StaticContent/${draft.ContentId}`)).status).toBe(404);
  });

  it('serves the home grid ids in the order given, and pages newest first with a cursor', async () => {
    const grid = await api<ListResponse<StaticContentSummary>>(
      'GET',
      'PublicStaticContent?ids=10,1,3,99999,5',
    );
    expect(grid.status).toBe(200);
    expect(grid.body.Data.map((item) => item.ContentId)).toEqual([10, 1, 3, 5]);
    expect(grid.body.NextCursor).toBeNull();
    for (const item of grid.body.Data) staticContentSummarySchema.strict().parse(item);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof api<ListResponse<StaticContentSummary>>>> = await api(
        'GET',
        `PublicStaticContent?ContentType=Article&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.Data.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.Data.map((item) => item.ContentId));
      cursor = page.body.NextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const seeded = seen.filter((id) => id >= 2 && id <= 10);
    expect(seeded).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(seen).not.toContain(1);

    const fields = await api<ListResponse<Record<string, unknown>>>(
      'GET',
      'PublicStaticContent?ids=2&fields=ContentId,Title,ImageFilePath,FriendlyUrl',
    );
    expect(Object.keys(fields.body.Data[0]!).sort()).toEqual([
      'ContentId',
      'FriendlyUrl',
      'ImageFilePath',
      'Title',
    ]);
  });

  it('filters by tag and refuses bad parameters in Italian', async () => {
    const breakfast = await api<ListResponse<TagDetail>>('GET', 'Tags?Kind=Content&name=colaz', {
      token: admin,
    });
    const tagId = breakfast.body.Data.find((tag) => tag.TagName === 'Colazione')!.TagId;
    const tagged = await api<ListResponse<StaticContentSummary>>('GET', `PublicStaticContent?tag=${tagId}`);
    expect(tagged.body.Data.map((item) => item.ContentId)).toContain(2);
    expect(tagged.body.Data.map((item) => item.ContentId)).not.toContain(3);

    const bad = await api('GET', 'PublicStaticContent?limit=51&ids=1;2&ContentType=Ricetta&foo=1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      Errors: {
        limit: ['Valore non valido'],
        ids: ['Elenco di ContentId non valido (es. 1,2,3).'],
        ContentType: ['Valore non valido'],
        foo: ['Campo non previsto: foo'],
      },
    });
    const unknownField = await api('GET', 'StaticContent/2?fields=Title,Segreto');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toMatchObject({ Errors: { fields: ['Campo non previsto: Segreto'] } });
  });
});

describe('friendly URLs', () => {
  it('are unique: a second content with the same URL is refused with 409, on create and on update', async () => {
    const first = await createContent();
    const second = await createContent();
    const taken = {
      code: 'conflict',
      message: 'Questo indirizzo è già usato da un altro contenuto.',
      Errors: { FriendlyUrl: ['Questo indirizzo è già usato da un altro contenuto.'] },
    };
    const duplicate = await api('POST', 'StaticContent', {
      token: admin,
      body: { ContentType: 'Article', Title: 'Copia', FriendlyUrl: first.FriendlyUrl },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual(taken);
    const moved = await api('PATCH', `StaticContent/${second.ContentId}`, {
      token: admin,
      body: { FriendlyUrl: first.FriendlyUrl },
    });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual(taken);

    // A URL given up is free again, and the content answers at its new URL only.
    const renamed = await api<StaticContent>('PATCH', `StaticContent/${first.ContentId}`, {
      token: admin,
      body: { FriendlyUrl: `${first.FriendlyUrl}-nuovo` },
    });
    expect(renamed.status).toBe(200);
    expect(
      (await api('GET', `StaticContent/FriendlyUrl/${first.FriendlyUrl}`, { token: admin })).status,
    ).toBe(404);
    expect(
      (
        await api('PATCH', `StaticContent/${second.ContentId}`, {
          token: admin,
          body: { FriendlyUrl: first.FriendlyUrl },
        })
      ).status,
    ).toBe(200);
  });
});

describe('cover images', () => {
  it('are stored at 400, 800 and 1200 px as WebP, served at /media, and replaced cleanly', async () => {
    const content = await createContent();
    const first = await upload<StaticContent>(
      `StaticContent/${content.ContentId}/image`,
      await png(1600, 1000),
      'image/png',
    );
    expect(first.status).toBe(200);
    const urls = first.body.ImageFilePath!;
    for (const width of [400, 800, 1200] as const) {
      expect(urls[width]).toMatch(
        new RegExp(`^${stack.baseUrl}/media/content/${content.ContentId}/cover-[\\w-]+-${width}\\.webp$`),
      );
      const served = await fetch(urls[width]);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        width,
        Math.round((width * 1000) / 1600),
      ]);
    }
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c63' } })
      .jpeg()
      .toBuffer();
    const second = await upload<StaticContent>(
      `StaticContent/${content.ContentId}/image`,
      jpeg,
      'image/jpeg',
    );
    expect(second.status).toBe(200);
    expect(second.body.ImageFilePath!['400']).not.toBe(urls['400']);
    expect((await fetch(urls['400'])).status).toBe(404);
    // Small originals are not enlarged: every rendition exists, none wider than the original.
    const largest = await fetch(second.body.ImageFilePath!['1200']);
    expect((await sharp(Buffer.from(await largest.arrayBuffer())).metadata()).width).toBe(600);

    const removed = await api<StaticContent>('DELETE', `StaticContent/${content.ContentId}/image`, {
      token: admin,
    });
    expect(removed.body.ImageFilePath).toBeNull();
    expect((await fetch(second.body.ImageFilePath!['800'])).status).toBe(404);
  });

  it('refuses files that do not decode as JPEG, PNG or WebP, whatever their declared type', async () => {
    const content = await createContent();
    const wrongType = 'Formato non supportato: carica un’immagine JPEG, PNG o WebP.';
    const fake = await upload(
      `StaticContent/${content.ContentId}/image`,
      Buffer.from('<svg onload="x()"/>'),
      'image/png',
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ Errors: { File: [wrongType] } });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(`StaticContent/${content.ContentId}/image`, gif, 'image/gif')).body).toMatchObject({
      Errors: { File: [wrongType] },
    });
    const missing = await upload(`StaticContent/999999/image`, await png(10, 10), 'image/png');
    expect(missing.status).toBe(404);
    expect((await api('GET', `StaticContent/${content.ContentId}`, { token: admin })).body).toMatchObject({
      ImageFilePath: null,
    });
  });
});

const createTag = async (kind: 'Content' | 'Skill' = 'Content') => {
  const result = await api<TagDetail>('POST', 'Tags', {
    token: admin,
    body: { TagName: `Tag ${kind} ${unique()}`, Kind: kind },
  });
  expect(result.status).toBe(201);
  return tagDetailSchema.strict().parse(result.body);
};

describe('tags', () => {
  it('are unique per kind, case-insensitively, with an Italian 409', async () => {
    const tag = await createTag();
    const duplicate = await api('POST', 'Tags', {
      token: admin,
      body: { TagName: tag.TagName.toUpperCase() },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: 'Esiste già un tag con questo nome.' });
    // The same name is free among skill tags.
    expect(
      (await api('POST', 'Tags', { token: admin, body: { TagName: tag.TagName, Kind: 'Skill' } })).status,
    ).toBe(201);
  });

  it('are listed by kind and prefix, suggested by autocomplete, and renamed', async () => {
    const tag = await createTag();
    const suffix = tag.TagName.split(' ').pop()!;
    const listed = await api<ListResponse<TagDetail>>(
      'GET',
      `Tags?Kind=Content&name=${encodeURIComponent('tag content ' + suffix)}`,
      {
        token: admin,
      },
    );
    expect(listed.body.Data).toEqual([tag]);
    const suggested = await api<{ Data: TagDetail[] }>('GET', 'Tags/autocomplete?q=col&Kind=Content', {
      token: admin,
    });
    expect(suggested.body.Data.map((item) => item.TagName)).toContain('Colazione');
    expect(suggested.body.Data.length).toBeLessThanOrEqual(10);
    expect((await api('GET', 'Tags/autocomplete?q=a&limit=11', { token: admin })).status).toBe(400);

    const renamed = await api<TagDetail>('PATCH', `Tags/${tag.TagId}`, {
      token: admin,
      body: { TagName: `Rinominato ${suffix}` },
    });
    expect(renamed.body).toEqual({ ...tag, TagName: `Rinominato ${suffix}` });
    const taken = await api('PATCH', `Tags/${tag.TagId}`, { token: admin, body: { TagName: 'colazione' } });
    expect(taken.status).toBe(409);
    const caseOnly = await api<TagDetail>('PATCH', `Tags/${tag.TagId}`, {
      token: admin,
      body: { TagName: `RINOMINATO ${suffix}` },
    });
    expect(caseOnly.status).toBe(200);
    expect((await api('PATCH', 'Tags/999999', { token: admin, body: { TagName: 'Nessuno' } })).status).toBe(
      404,
    );
    expect((await api('DELETE', 'Tags/abc', { token: admin })).body).toMatchObject({
      Errors: { id: ['Valore non valido'] },
    });
  });

  it('are added to and removed from content, with 404 for unknown content or tags', async () => {
    const content = await createContent({ Published: true });
    const [first, second] = [await createTag(), await createTag()];
    const added = await api<{ Data: unknown[] }>(
      'POST',
      `StaticContent/${content.ContentId}/tags/${first.TagId}`,
      { token: admin },
    );
    expect(added.status).toBe(200);
    await api('POST', `StaticContent/${content.ContentId}/tags/${second.TagId}`, { token: admin });
    const again = await api('POST', `StaticContent/${content.ContentId}/tags/${first.TagId}`, {
      token: admin,
    });
    const expected = [
      { TagId: first.TagId, TagName: first.TagName },
      { TagId: second.TagId, TagName: second.TagName },
    ];
    expect(again.body).toEqual({ Data: expected });
    expect((await api('GET', `StaticContent/${content.ContentId}/tags`)).body).toEqual({ Data: expected });
    expect((await api<StaticContent>('GET', `StaticContent/${content.ContentId}`)).body.tags).toEqual(
      expected,
    );
    const byTag = await api<ListResponse<StaticContentSummary>>(
      'GET',
      `PublicStaticContent?tag=${first.TagId}`,
    );
    expect(byTag.body.Data.map((item) => item.ContentId)).toEqual([content.ContentId]);

    const unknownTag = await api('POST', `StaticContent/${content.ContentId}/tags/999999`, { token: admin });
    expect(unknownTag.status).toBe(404);
    expect(unknownTag.body).toMatchObject({ message: 'Tag non trovato.' });
    const unknownContent = await api('POST', `StaticContent/999999/tags/${first.TagId}`, { token: admin });
    expect(unknownContent.status).toBe(404);
    expect(unknownContent.body).toMatchObject({ message: 'Contenuto non trovato.' });
    expect(
      (await api('DELETE', `StaticContent/${content.ContentId}/tags/999999`, { token: admin })).status,
    ).toBe(404);
    expect((await api('DELETE', `StaticContent/999999/tags/${first.TagId}`, { token: admin })).status).toBe(
      404,
    );
    const skill = await createTag('Skill');
    expect(
      (await api('POST', `StaticContent/${content.ContentId}/tags/${skill.TagId}`, { token: admin })).status,
    ).toBe(400);

    // A tag in use cannot be deleted; once removed from the content it can.
    const inUse = await api('DELETE', `Tags/${first.TagId}`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      message: 'Il tag è in uso: toglilo dai contenuti o dai profili che lo usano, poi eliminalo.',
    });
    const removed = await api('DELETE', `StaticContent/${content.ContentId}/tags/${first.TagId}`, {
      token: admin,
    });
    expect(removed.body).toEqual({ Data: [expected[1]] });
    expect(
      (await api<ListResponse<unknown>>('GET', `PublicStaticContent?tag=${first.TagId}`)).body.Data,
    ).toEqual([]);
    expect((await api('DELETE', `Tags/${first.TagId}`, { token: admin })).status).toBe(204);
    expect((await api('DELETE', `Tags/${first.TagId}`, { token: admin })).status).toBe(404);
  });

  it('follow the content when it is withdrawn from publication', async () => {
    const content = await createContent({ Published: true });
    const tag = await createTag();
    await api('POST', `StaticContent/${content.ContentId}/tags/${tag.TagId}`, { token: admin });
    await api('PATCH', `StaticContent/${content.ContentId}`, { token: admin, body: { Published: false } });
    expect(
      (await api<ListResponse<unknown>>('GET', `PublicStaticContent?tag=${tag.TagId}`)).body.Data,
    ).toEqual([]);
  });
});

describe('galleries', () => {
  const addImage = async (galleryId: number, caption: string) => {
    const result = await upload<Gallery>(
      `Galleries/${galleryId}/images`,
      await png(1000, 700, '#39c'),
      'image/png',
      {
        Caption: caption,
      },
    );
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return gallerySchema.strict().parse(result.body);
  };

  it('hold uploaded images in order, reorder only with exactly their ids, and delete cleanly', async () => {
    const created = await api<Gallery>('POST', 'Galleries', {
      token: admin,
      body: { Title: 'Ricette estive' },
    });
    expect(created.status).toBe(201);
    const galleryId = created.body.GalleryId;
    await addImage(galleryId, 'Insalata di farro');
    await addImage(galleryId, 'Gazpacho');
    const full = await addImage(galleryId, 'Macedonia');
    const ids = full.Images.map((image) => image.ImageId);
    expect(full.Images.map((image) => [image.Caption, image.Position])).toEqual([
      ['Insalata di farro', 0],
      ['Gazpacho', 1],
      ['Macedonia', 2],
    ]);
    expect((await fetch(full.Images[0]!.ImageFilePath['1200'])).status).toBe(200);

    const mismatch = 'L’elenco deve contenere esattamente le immagini della galleria, ciascuna una volta.';
    for (const wrong of [
      [ids[0]!, ids[1]!],
      [ids[0]!, ids[1]!, ids[1]!],
      [...ids, randomUUID()],
      [ids[0]!, ids[1]!, randomUUID()],
    ]) {
      const refused = await api('POST', `Galleries/${galleryId}/reorder`, {
        token: admin,
        body: { ImageIds: wrong },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ Errors: { ImageIds: [mismatch] } });
    }
    const reordered = await api<Gallery>('POST', `Galleries/${galleryId}/reorder`, {
      token: admin,
      body: { ImageIds: [ids[2], ids[0], ids[1]] },
    });
    expect(reordered.status).toBe(200);
    const read = await api<Gallery>('GET', `Galleries/${galleryId}`, { token: admin });
    expect(read.body.Images.map((image) => [image.Caption, image.Position])).toEqual([
      ['Macedonia', 0],
      ['Insalata di farro', 1],
      ['Gazpacho', 2],
    ]);

    const removed = await api<Gallery>('DELETE', `Galleries/${galleryId}/images/${ids[0]}`, { token: admin });
    expect(removed.body.Images.map((image) => image.Caption)).toEqual(['Macedonia', 'Gazpacho']);
    expect((await fetch(full.Images[0]!.ImageFilePath['400'])).status).toBe(404);
    expect((await api('DELETE', `Galleries/${galleryId}/images/${ids[0]}`, { token: admin })).status).toBe(
      404,
    );
    const appended = await addImage(galleryId, 'Ghiaccioli');
    expect(appended.Images.map((image) => image.Caption)).toEqual(['Macedonia', 'Gazpacho', 'Ghiaccioli']);

    const renamed = await api<Gallery>('PATCH', `Galleries/${galleryId}`, {
      token: admin,
      body: { Title: 'Estate' },
    });
    expect(renamed.body.Title).toBe('Estate');
    const listed = await api<ListResponse<{ GalleryId: number; ImageCount: number }>>('GET', 'Galleries', {
      token: admin,
    });
    expect(listed.body.Data[0]).toMatchObject({ GalleryId: galleryId, ImageCount: 3, Title: 'Estate' });

    expect((await api('DELETE', `Galleries/${galleryId}`, { token: admin })).status).toBe(204);
    expect((await api('GET', `Galleries/${galleryId}`, { token: admin })).status).toBe(404);
    for (const image of appended.Images) expect((await fetch(image.ImageFilePath['800'])).status).toBe(404);
  });
});

describe('the contact form', () => {
  const clear = () => clearFailures(CONTACT_RATE_RULE, TEST_IP);
  beforeAll(clear);
  afterAll(clear);

  const valid = (marker: string) => ({
    Name: `Lucia ${marker}`,
    Email: 'lucia@example.org',
    PhoneNo: '+39 333 1234567',
    Message: `Vorrei sapere come funziona il primo incontro. ${marker}`,
  });

  const storedMessages = async () => {
    const list = await api<ListResponse<ContactMessage>>('GET', 'ContactMessages?limit=100', {
      token: admin,
    });
    expect(list.status).toBe(200);
    return listResponseSchema(contactMessageSchema.strict()).parse(list.body).Data;
  };
  const mentions = (marker: string) => async () => ({
    stored: (await storedMessages()).filter(
      (message) => message.Name.includes(marker) || message.Message.includes(marker),
    ),
    mailed: (await mailsTo(SUPPORT)).filter(
      (mail) => mail.subject.includes(marker) || (mail.body.text ?? '').includes(marker),
    ),
  });

  it('rejects each invalid field with its Italian message and stores nothing', async () => {
    const marker = unique();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ Name: '' }, { Name: ['Campo obbligatorio'] }],
      [{ Name: 'x'.repeat(101) }, { Name: ['Massimo 100 caratteri'] }],
      [{ Email: undefined }, { Email: ['Campo obbligatorio'] }],
      [{ Email: 'non-una-email' }, { Email: ['Indirizzo e-mail non valido'] }],
      [{ Email: `${'a'.repeat(45)}@example.org` }, { Email: ['Massimo 50 caratteri'] }],
      [{ PhoneNo: '3'.repeat(51) }, { PhoneNo: ['Massimo 50 caratteri'] }],
      [{ Message: '   ' }, { Message: ['Campo obbligatorio'] }],
      [{ Message: 'm'.repeat(501) }, { Message: ['Massimo 500 caratteri'] }],
      [{ Sito: 'x' }, { Sito: ['Campo non previsto: Sito'] }],
    ];
    for (const [change, errors] of cases) {
      const result = await api('POST', 'ContactForm', { body: { ...valid(marker), ...change } });
      expect({ change, status: result.status, body: result.body }).toEqual({
        change,
        status: 400,
        body: { code: 'validation_failed', message: 'Alcuni dati non sono validi.', Errors: errors },
      });
    }
    const all = await api('POST', 'ContactForm', { body: {} });
    expect(all.body).toMatchObject({
      Errors: {
        Name: ['Campo obbligatorio'],
        Email: ['Campo obbligatorio'],
        Message: ['Campo obbligatorio'],
      },
    });
    expect(await mentions(marker)()).toEqual({ stored: [], mailed: [] });
  });

  it('stores a valid message and mails it to support, with the visitor as reply-to', async () => {
    const marker = unique();
    const result = await api('POST', 'ContactForm', { body: valid(marker) });
    expect(result.status).toBe(204);
    const { stored, mailed } = await mentions(marker)();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...valid(marker) });
    expect((await storedMessages())[0]?.ContactMessageId).toBe(stored[0]?.ContactMessageId);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.subject).toBe(`Nuovo messaggio dal modulo contatti: Lucia ${marker}`);
    expect(mailed[0]!.body.text).toContain('Vorrei sapere come funziona il primo incontro.');
    expect(mailed[0]!.body.text).toContain('lucia@example.org');
  });

  it('answers a filled honeypot as if accepted, but stores and sends nothing', async () => {
    const marker = unique();
    const result = await api('POST', 'ContactForm', {
      body: { ...valid(marker), Website: 'https://spam.example' },
    });
    expect(result.status).toBe(204);
    expect(await mentions(marker)()).toEqual({ stored: [], mailed: [] });
  });

  it('limits each IP to 5 messages an hour with 429, Retry-After and an Italian message', async () => {
    await clear();
    for (let count = 0; count < CONTACT_RATE_RULE.limit; count += 1)
      await recordFailure(CONTACT_RATE_RULE, TEST_IP, new Date());
    const marker = unique();
    const refused = await api('POST', 'ContactForm', { body: valid(marker) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.body).toEqual({
      code: 'too_many_requests',
      message: 'Hai inviato troppe richieste. Riprova tra 60 minuti.',
    });
    expect(await mentions(marker)()).toEqual({ stored: [], mailed: [] });
  });
});

/** A small but complete PDF document (one empty page). */
const MINIMAL_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

describe('join the team', () => {
  const clear = async () => {
    await clearFailures(JOIN_TEAM_RATE_RULE, TEST_IP);
    await clearFailures(CV_UPLOAD_RATE_RULE, TEST_IP);
  };
  beforeAll(clear);
  afterAll(clear);

  /** Asks for an upload slot and uploads to S3 as a browser would (presigned POST, form fields first). */
  const uploadCv = async (file: Buffer) => {
    const slot = await api<CvUpload>('POST', 'JoinTeamApplications/CvUpload');
    expect(slot.status).toBe(201);
    const { UploadId, Url, Fields } = cvUploadResponseSchema.strict().parse(slot.body);
    const form = new FormData();
    for (const [name, value] of Object.entries(Fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'cv.pdf');
    const uploaded = await fetch(Url, { method: 'POST', body: form });
    expect(uploaded.status).toBeLessThan(300);
    return { UploadId, Url, Fields };
  };

  const application = (marker: string, CvUploadId: string) => ({
    Name: `Dott.ssa Elena ${marker}`,
    Email: 'elena.nutrizionista@example.org',
    PhoneNo: '+39 340 7654321',
    ProfessionalProfile: 'Biologo nutrizionista',
    RegisterNumber: 'AA_012345',
    YearsOfPractice: 4,
    HasInsurance: true,
    Message: `Mi occupo di nutrizione sportiva. ${marker}`,
    CvUploadId,
  });

  it('offers a presigned POST for the private files bucket: PDF only, at most 10 MB, 15 minutes', async () => {
    const slot = await api<CvUpload>('POST', 'JoinTeamApplications/CvUpload');
    const { UploadId, Url, Fields } = slot.body;
    expect(UploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Url).toBe(`${stack.s3Endpoint}/${stack.filesBucket}`);
    expect(Fields).toMatchObject({ key: `join-team/${UploadId}.pdf`, 'Content-Type': 'application/pdf' });
    const policy = JSON.parse(Buffer.from(Fields.Policy!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 10 * 1024 * 1024],
        ['eq', '$Content-Type', 'application/pdf'],
        { key: `join-team/${UploadId}.pdf` },
        { bucket: stack.filesBucket },
      ]),
    );
    const minutes = (Date.parse(policy.expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('stores an application with an uploaded PDF, mails support, and gives the CV only to BusinessAdmin', async () => {
    const marker = unique();
    const cv = await uploadCv(MINIMAL_PDF);
    const submitted = await api('POST', 'JoinTeamApplications', { body: application(marker, cv.UploadId) });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(204);

    const list = await api<ListResponse<JoinTeamApplicationView>>('GET', 'JoinTeamApplications', {
      token: admin,
    });
    const parsed = listResponseSchema(joinTeamApplicationViewSchema.strict()).parse(list.body);
    const stored = parsed.Data.find((item) => item.Name.includes(marker));
    const { CvUploadId: _upload, ...visible } = application(marker, cv.UploadId);
    expect(stored).toMatchObject({ ...visible, CvSizeBytes: MINIMAL_PDF.length });
    expect(parsed.Data[0]?.ApplicationId).toBe(stored?.ApplicationId);

    const mail = (await mailsTo(SUPPORT)).find((item) => item.subject.includes(marker));
    expect(mail?.subject).toBe(`Nuova candidatura: Dott.ssa Elena ${marker} (Biologo nutrizionista)`);
    expect(mail?.body.text).toContain('Iscrizione all’albo: AA_012345');

    const link = await api<{ Url: string }>('GET', `JoinTeamApplications/${stored!.ApplicationId}/Cv`, {
      token: admin,
    });
    expect(link.status).toBe(200);
    const url = new URL(link.body.Url);
    expect(url.origin).toBe(stack.s3Endpoint);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    const downloaded = await fetch(link.body.Url);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(MINIMAL_PDF)).toBe(true);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="CV Dott.ssa Elena ${marker}.pdf"`,
    );

    for (const token of [undefined, patient, nutritionist]) {
      const refused = await api(
        'GET',
        `JoinTeamApplications/${stored!.ApplicationId}/Cv`,
        token ? { token } : {},
      );
      expect(refused.status).toBe(token ? 403 : 401);
      expect(refused.body).not.toHaveProperty('Url');
    }
    expect((await api('GET', `JoinTeamApplications/${randomUUID()}/Cv`, { token: admin })).status).toBe(404);

    // One upload serves one application.
    const reused = await api('POST', 'JoinTeamApplications', { body: application(unique(), cv.UploadId) });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({
      Errors: { CvUploadId: ['Questo CV è già stato inviato con un’altra candidatura: caricalo di nuovo.'] },
    });
  });

  it('refuses a file that is not a PDF, and a CV that was never uploaded, in Italian and storing nothing', async () => {
    const marker = unique();
    const fake = await uploadCv(Buffer.from('Curriculum in testo semplice, non un PDF.'));
    const notPdf = await api('POST', 'JoinTeamApplications', { body: application(marker, fake.UploadId) });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body).toMatchObject({ Errors: { CvUploadId: ['Il CV deve essere un file PDF.'] } });
    // The refused file is deleted from the bucket.
    const { headObject } = await import('../../functions/src/platform/files');
    expect(await headObject(stack.filesBucket, `join-team/${fake.UploadId}.pdf`)).toBeNull();

    const never = await api('POST', 'JoinTeamApplications', { body: application(marker, randomUUID()) });
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({
      Errors: {
        CvUploadId: ['Non troviamo il CV: caricalo di nuovo in PDF prima di inviare la candidatura.'],
      },
    });
    const invalid = await api('POST', 'JoinTeamApplications', {
      body: {
        ...application(marker, '../../etc/passwd'),
        ProfessionalProfile: 'Naturopata',
        HasInsurance: 'sì',
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      Errors: {
        ProfessionalProfile: ['Scegli il tuo profilo professionale.'],
        HasInsurance: ['Valore non valido'],
      },
    });

    const list = await api<ListResponse<JoinTeamApplicationView>>('GET', 'JoinTeamApplications?limit=100', {
      token: admin,
    });
    expect(list.body.Data.filter((item) => item.Name.includes(marker))).toEqual([]);
    expect((await mailsTo(SUPPORT)).filter((mail) => mail.subject.includes(marker))).toEqual([]);
  });

  it('drops a filled honeypot silently and limits applications per IP', async () => {
    const marker = unique();
    const honeypot = await api('POST', 'JoinTeamApplications', {
      body: { ...application(marker, randomUUID()), Website: 'spam' },
    });
    expect(honeypot.status).toBe(204);
    const list = await api<ListResponse<JoinTeamApplicationView>>('GET', 'JoinTeamApplications?limit=100', {
      token: admin,
    });
    expect(list.body.Data.filter((item) => item.Name.includes(marker))).toEqual([]);

    await clear();
    for (let count = 0; count < JOIN_TEAM_RATE_RULE.limit; count += 1)
      await recordFailure(JOIN_TEAM_RATE_RULE, TEST_IP, new Date());
    const refused = await api('POST', 'JoinTeamApplications', { body: application(marker, randomUUID()) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });
});

describe('the sitemap', () => {
  it('is served at /sitemap.xml with the public pages, the published articles and the public profiles', async () => {
    const draft = await createContent();
    const response = await fetch(`${stack.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    for (const page of [
      '/',
      '/Nutritionists',
      '/Blog',
      '/FAQ',
      '/About',
      '/ContactUs',
      '/entra-nel-team',
      '/Trova-il-tuo-Nutrizionista',
    ]) {
      expect(locations).toContain(`${stack.baseUrl}${page}`);
    }
    for (const url of [
      'colazione-equilibrata',
      'idratazione-quanta-acqua-bere',
      'mindful-eating',
      'pranzo-fuori-casa',
    ]) {
      expect(locations).toContain(`${stack.baseUrl}/Blog/${url}`);
    }
    expect(locations).not.toContain(`${stack.baseUrl}/Blog/${draft.FriendlyUrl}`);
    expect(locations).not.toContain(`${stack.baseUrl}/Blog/chi-siamo`);
    const { listPublicProfileUrls } = await import('../../functions/src/nutritionists/public-profiles-repo');
    const profiles = await listPublicProfileUrls();
    expect(profiles.length).toBeGreaterThan(0);
    for (const url of profiles) expect(locations).toContain(`${stack.baseUrl}/Nutritionists/${url}`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // The same document is the API route's.
    expect(await (await fetch(`${stack.baseUrl}/api/v2/Seo/Sitemap`)).text()).toBe(xml);
  });
});

describe('seed', () => {
  it('has the About page and nine published articles with covers, captions and tags', async () => {
    const about = await api<StaticContent>('GET', 'StaticContent/1');
    expect(about.body).toMatchObject({
      ContentType: 'Page',
      Title: 'Chi siamo',
      FriendlyUrl: 'chi-siamo',
      Published: true,
    });
    for (let id = 2; id <= 10; id += 1) {
      const article = await api<StaticContent>('GET', `StaticContent/${id}`);
      expect(article.status).toBe(200);
      expect(article.body.ContentType).toBe('Article');
      expect(article.body.ImageFilePath).not.toBeNull();
      expect(article.body.ImageCaption.length).toBeGreaterThan(10);
      expect(article.body.tags.length).toBeGreaterThan(0);
      expect((article.body.Text.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    }
    const cover = await fetch(
      (await api<StaticContent>('GET', 'StaticContent/2')).body.ImageFilePath!['800'],
    );
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(800);
  });

  it('is idempotent and fast once the data exists', async () => {
    const startedAt = Date.now();
    expect(await seedContent()).toEqual({ created: 0 });
    expect(Date.now() - startedAt).toBeLessThan(5000);
    // New content never takes a seeded id.
    expect((await createContent()).ContentId).toBeGreaterThan(10);
  });
});
