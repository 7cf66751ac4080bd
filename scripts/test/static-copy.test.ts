import { describe, expect, it } from 'vitest';
import { readStaticCopyRequest, STATIC_COPY_MARKER, stripScripts } from '../bench/static-copy';

describe('stripScripts', () => {
  it('removes inline, external and JSON data scripts and keeps everything else', () => {
    const html = [
      '<!doctype html><html lang="it"><head>',
      '<meta charset="UTF-8" />',
      '<script>window.early = "</div>";</script>',
      '<script type="module" crossorigin src="/static/index-a1.js"></script>',
      '<SCRIPT type="application/json" id="data">{"a":"<b>"}</SCRIPT >',
      '<style>body{margin:0}</style>',
      '<link rel="stylesheet" href="/static/index-a1.css">',
      '</head><body><div id="root"><img src="/media/a.webp" alt="a"></div>',
      '<script\n  defer\n  src="/static/late.js"\n></script>',
      '</body></html>',
    ].join('');
    expect(stripScripts(html)).toBe(
      [
        '<!doctype html><html lang="it"><head>',
        '<meta charset="UTF-8" />',
        '<style>body{margin:0}</style>',
        '<link rel="stylesheet" href="/static/index-a1.css">',
        '</head><body><div id="root"><img src="/media/a.webp" alt="a"></div>',
        '</body></html>',
      ].join(''),
    );
  });

  it('removes script preloads and keeps the other preloads', () => {
    const html = [
      '<link rel="modulepreload" crossorigin href="/static/vendor-b2.js">',
      "<link href='/static/c3.js' rel='preload' as='script'>",
      '<link rel=preload as=SCRIPT href=/static/d4.js>',
      '<link rel="preload" as="style" href="/static/e5.css">',
      '<link rel="preload" as="image" href="/media/hero.webp" fetchpriority="high">',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    ].join('\n');
    expect(stripScripts(html)).toBe(
      [
        '',
        '',
        '',
        '<link rel="preload" as="style" href="/static/e5.css">',
        '<link rel="preload" as="image" href="/media/hero.webp" fetchpriority="high">',
        '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      ].join('\n'),
    );
  });

  it('leaves comments whole, even one that mentions a script tag', () => {
    const html = '<!-- the <script> below boots the app --><p>testo</p><script src="/a.js"></script>';
    expect(stripScripts(html)).toBe('<!-- the <script> below boots the app --><p>testo</p>');
  });
});

describe('readStaticCopyRequest', () => {
  it('drops the marker and keeps the rest of the query as written', () => {
    expect(readStaticCopyRequest(`/Blog?${STATIC_COPY_MARKER}`)).toEqual({
      upstreamTarget: '/Blog',
      staticCopy: true,
    });
    expect(readStaticCopyRequest(`/Blog?page=2&${STATIC_COPY_MARKER}=1&q=a%20b`)).toEqual({
      upstreamTarget: '/Blog?page=2&q=a%20b',
      staticCopy: true,
    });
  });

  it('passes every other request through unchanged', () => {
    for (const target of ['/', '/FAQ', '/Blog?page=2', `/x?${STATIC_COPY_MARKER}-not`]) {
      expect(readStaticCopyRequest(target)).toEqual({ upstreamTarget: target, staticCopy: false });
    }
  });
});
