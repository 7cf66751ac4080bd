/** The prerenderer's plain parts: which paths are prerendered, a page's head links and head tags. */
import { describe, expect, it } from 'vitest';
import { headTags } from '../src/prerender/head-tags';
import { isPrerenderedPath, pageAssets, type BuildManifest } from '../src/prerender/public-pages';

describe('isPrerenderedPath', () => {
  it('takes the public pages, matched like the router, and nothing signed-in', () => {
    for (const path of [
      '/',
      '/Nutritionists',
      '/nutritionists/elena-marino/',
      '/Blog',
      '/Blog/caff%C3%A8',
      '/FAQ',
    ])
      expect(isPrerenderedPath(path), path).toBe(true);
    for (const path of ['/Login', '/Patients', '/Blog/a/b', '/Admin/Content', '/Trova-il-tuo-Nutrizionista'])
      expect(isPrerenderedPath(path), path).toBe(false);
  });
});

describe('pageAssets', () => {
  const manifest: BuildManifest & Record<string, { isEntry?: boolean }> = {
    'index.html': {
      file: 'static/index-1.js',
      css: ['static/index-1.css'],
      imports: ['_shared.js'],
      isEntry: true,
    },
    '_shared.js': { file: 'static/shared-1.js', css: ['static/shared-1.css'] },
    'src/app/areas/content.ts': {
      file: 'static/content-1.js',
      css: ['static/content-1.css'],
      imports: ['_shared.js', '_card.js'],
    },
    '_card.js': { file: 'static/card-1.js', css: ['static/card-1.css'] },
  };

  it("gives the page's styles and scripts, leaving out the entry's", () => {
    expect(pageAssets(manifest, 'src/app/areas/content.ts')).toEqual({
      styles: ['/static/content-1.css', '/static/card-1.css'],
      scripts: ['/static/content-1.js', '/static/card-1.js'],
    });
  });
});

describe('headTags', () => {
  it('writes the title, description, canonical URL and Open Graph tags, escaped', () => {
    const tags = headTags(
      {
        title: 'Pane & "salute"',
        description: 'Un <b>articolo</b>',
        image: '/media/a.webp',
        type: 'article',
      },
      '/Blog/pane',
      'https://nutri.example',
    );
    expect(tags).toContain('<title>Pane &amp; &quot;salute&quot; · Nutrì</title>');
    expect(tags).toContain('<meta name="description" content="Un &lt;b&gt;articolo&lt;/b&gt;" />');
    expect(tags).toContain('<link rel="canonical" href="https://nutri.example/Blog/pane" />');
    expect(tags).toContain('<meta property="og:type" content="article" />');
    expect(tags).toContain('<meta property="og:image" content="https://nutri.example/media/a.webp" />');
    expect(tags).not.toContain('robots');
  });

  it('falls back to the site title and keeps noindex pages out of search', () => {
    const tags = headTags({ noIndex: true }, '/', 'https://nutri.example');
    expect(tags).toContain('<title>Nutrì – Il tuo nutrizionista online</title>');
    expect(tags).toContain('<meta name="robots" content="noindex" />');
  });
});
