/** Pure helpers and shared schemas of the content area. */
import { describe, expect, it } from 'vitest';
import {
  createStaticContentSchema,
  publicStaticContentQuerySchema,
  staticContentAdminQuerySchema,
  updateStaticContentSchema,
} from '@nutri/shared';
import { pickFields } from '../../src/content/content-service';
import { isExactReorder } from '../../src/content/gallery-service';
import { cvObjectKey, looksLikePdf } from '../../src/content/join-team-service';
import { PUBLIC_PAGES, buildSitemap } from '../../src/content/sitemap';
import { isHoneypotFilled } from '../../src/content/spam-guard';
import { describeSchema } from '../../src/http/schema-metadata';

describe('buildSitemap', () => {
  it('lists absolute, escaped URLs with the day of the last change', () => {
    const xml = buildSitemap('https://nutri.example/', [
      { path: '/' },
      { path: '/Blog/colazione', lastModified: '2025-06-23T07:30:00.000Z' },
      { path: '/Nutritionists/a&b' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>\n    <loc>https://nutri.example/</loc>\n  </url>',
        '  <url>\n    <loc>https://nutri.example/Blog/colazione</loc>\n    <lastmod>2025-06-23</lastmod>\n  </url>',
        '  <url>\n    <loc>https://nutri.example/Nutritionists/a&amp;b</loc>\n  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('names the public pages of the spec', () => {
    expect(PUBLIC_PAGES).toEqual([
      '/',
      '/Nutritionists',
      '/Blog',
      '/FAQ',
      '/About',
      '/ContactUs',
      '/entra-nel-team',
      '/Trova-il-tuo-Nutrizionista',
    ]);
  });
});

describe('isExactReorder', () => {
  const images = ['a', 'b', 'c'];
  it('accepts every image once, in any order', () => {
    expect(isExactReorder(['c', 'a', 'b'], images)).toBe(true);
    expect(isExactReorder(['a', 'b', 'c'], images)).toBe(true);
  });
  it('refuses missing, repeated and unknown images', () => {
    expect(isExactReorder(['a', 'b'], images)).toBe(false);
    expect(isExactReorder(['a', 'b', 'b'], images)).toBe(false);
    expect(isExactReorder(['a', 'b', 'c', 'd'], images)).toBe(false);
    expect(isExactReorder(['a', 'b', 'd'], images)).toBe(false);
  });
});

describe('CV checks', () => {
  it('recognises a PDF by its header only', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.7'))).toBe(true);
    expect(looksLikePdf(Buffer.from('%PDF'))).toBe(false);
    expect(looksLikePdf(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(looksLikePdf(Buffer.from(' %PDF-1.4'))).toBe(false);
  });
  it('keeps every CV under join-team/', () => {
    expect(cvObjectKey('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      'join-team/0f8fad5b-d9cb-469f-a165-70867728950e.pdf',
    );
  });
});

describe('isHoneypotFilled', () => {
  it('is true only when the hidden field carries text', () => {
    expect(isHoneypotFilled('')).toBe(false);
    expect(isHoneypotFilled('   ')).toBe(false);
    expect(isHoneypotFilled(undefined)).toBe(false);
    expect(isHoneypotFilled('https://spam.example')).toBe(true);
  });
});

describe('pickFields', () => {
  const content = { ContentId: 1, Title: 'T', Text: '<p>x</p>' };
  it('returns everything without a list, and only the named fields with one', () => {
    expect(pickFields(content, undefined)).toBe(content);
    expect(pickFields(content, ['ContentId', 'Title'])).toEqual({ ContentId: 1, Title: 'T' });
  });
  it('refuses a field the response does not have, naming it', () => {
    expect(() => pickFields(content, ['Title', 'Password'])).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        errors: { fields: ['Campo non previsto: Password'] },
      }),
    );
  });
});

describe('static content schemas', () => {
  it('fill in defaults on create but never on update, so a PATCH changes only what it sends', () => {
    expect(
      createStaticContentSchema.parse({ ContentType: 'Article', Title: 'T', FriendlyUrl: 'titolo' }),
    ).toEqual({
      ContentType: 'Article',
      Title: 'T',
      FriendlyUrl: 'titolo',
      MetaDescription: '',
      Text: '',
      ImageCaption: '',
      Published: false,
    });
    expect(updateStaticContentSchema.parse({ Title: ' Nuovo ' })).toEqual({ Title: 'Nuovo' });
    expect(updateStaticContentSchema.safeParse({ Published: 'sì' }).success).toBe(false);
  });

  it('read the public list parameters: ids in order, limits, flags', () => {
    expect(publicStaticContentQuerySchema.parse({ ids: '10,1,3' })).toEqual({ limit: 12, ids: [10, 1, 3] });
    expect(publicStaticContentQuerySchema.safeParse({ ids: '1,,2' }).success).toBe(false);
    expect(publicStaticContentQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(publicStaticContentQuerySchema.parse({ tag: '4', fields: 'ContentId,Title' })).toMatchObject({
      tag: 4,
      fields: ['ContentId', 'Title'],
    });
    expect(staticContentAdminQuerySchema.parse({ Published: 'false' })).toMatchObject({
      Published: false,
      orderBy: 'Title',
      limit: 20,
    });
  });

  it('describe the admin form from the same schema: required fields, lengths, the URL pattern', () => {
    const fields = describeSchema(createStaticContentSchema);
    expect(fields.Title).toEqual({ Required: true, MinLength: 1, MaxLength: 200 });
    expect(fields.FriendlyUrl).toEqual({
      Required: true,
      MinLength: 1,
      MaxLength: 120,
      Pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
    });
    expect(fields.Published).toEqual({ Required: false });
    expect(fields.Text).toEqual({ Required: false, MaxLength: 200_000 });
  });
});
