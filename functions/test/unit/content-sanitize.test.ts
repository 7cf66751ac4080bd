/** The allow-list HTML policy of static content (functions/src/content/sanitize.ts). */
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, isOwnAssetUrl, sanitizeContentHtml } from '../../src/content/sanitize';

const ASSETS = 'https://app.nutri.test/media';
const clean = (html: string) => sanitizeContentHtml(html, ASSETS);

describe('sanitizeContentHtml', () => {
  it('keeps the allowed structure as it is', () => {
    const html =
      '<h2>Titolo</h2><h3>Sotto</h3><h4>Ancora</h4><p>Testo <strong>forte</strong> <em>enfasi</em><br />a capo</p>' +
      '<ul><li>uno</li></ul><ol><li>due</li></ol><blockquote>citazione</blockquote>';
    expect(clean(html)).toBe(html);
  });

  it('removes scripts and styles with their content, and other unknown tags keeping their text', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{}</style><noscript>n</noscript>')).toBe(
      '<p>a</p>',
    );
    expect(clean('<div><span>testo</span></div><table><tr><td>cella</td></tr></table>')).toBe('testocella');
    expect(clean('<iframe src="https://x.example">dentro</iframe><svg><circle/>disegno</svg>')).toBe('');
    expect(clean('<template><p>nascosto</p></template><math>x</math>')).toBe('');
  });

  it('removes every attribute but href on links and src/alt on images: no event handlers, styles, ids or classes', () => {
    expect(clean('<p onclick="x()" style="color:red" class="c" id="i" title="t">ciao</p>')).toBe(
      '<p>ciao</p>',
    );
    expect(clean('<h2 onmouseover="x()">T</h2>')).toBe('<h2>T</h2>');
    expect(clean('<strong ONCLICK="x()">s</strong>')).toBe('<strong>s</strong>');
  });

  it('keeps only http, https and mailto links, always with rel="noopener" and never a target', () => {
    expect(clean('<a href="https://example.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener">x</a>',
    );
    expect(clean('<a href="http://example.org/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="http://example.org/a?b=1&amp;c=2" rel="noopener">x</a>',
    );
    expect(clean('<a href="mailto:info@nutri.local">m</a>')).toBe(
      '<a href="mailto:info@nutri.local" rel="noopener">m</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'javascript&#58;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
    ]) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener">x</a>');
    }
  });

  it('keeps images of our own assets only, with their alt text', () => {
    expect(clean(`<img src="${ASSETS}/content/1/cover-400.webp" alt="Copertina">`)).toBe(
      `<img src="${ASSETS}/content/1/cover-400.webp" alt="Copertina" />`,
    );
    expect(clean('<img src="/media/galleries/2/a-800.webp">')).toBe(
      '<img src="/media/galleries/2/a-800.webp" alt="" />',
    );
    for (const src of [
      'https://evil.example/pixel.png',
      'https://app.nutri.test/api/v2/health',
      'https://app.nutri.test.evil.example/media/x.webp',
      '/media/../api/v2/health',
      '/media/%2e%2e/api',
      '//evil.example/media/x.webp',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    ]) {
      expect(clean(`<p><img src="${src}" alt="x" onerror="alert(1)"></p>`), src).toBe('<p></p>');
    }
  });

  it('leaves no live markup from raw-text, foreign-content or fallback tricks (sanitize-html advisories)', () => {
    // The policy's own elements only (no payload here has an image of ours): the rest dropped or escaped.
    const allowed = new Set<string>(ALLOWED_TAGS.filter((tag) => tag !== 'img'));
    for (const html of [
      '<xmp><script>alert(1)</script></xmp>',
      '<p><textarea></textarea/><img src=x onerror=alert(1)></textarea></p>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<div><noscript></div><img src=x onerror=alert(1)></noscript>',
      '<svg><a href="#"><animate attributeName="href" to="javascript:alert(1)" /></a></svg>',
      '<math><mi><xmp></mi><img src=x onerror=alert(1)></xmp></math>',
      '<noembed><img src=x onerror=alert(1)></noembed><noframes><img src=x onerror=alert(1)></noframes>',
      '<iframe><iframe><img src=x onerror=alert(1)></iframe></iframe>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<select><option><img src=x onerror=alert(1)></option></select>',
      '<plaintext><img src=x onerror=alert(1)>',
    ]) {
      const tags = [...clean(html).matchAll(/<\/?([a-z][a-z0-9-]*)/gi)].map((match) =>
        match[1]!.toLowerCase(),
      );
      expect(
        tags.filter((tag) => !allowed.has(tag)),
        html,
      ).toEqual([]);
      expect(clean(html), html).not.toMatch(/<[^>]*\son\w+=/i);
    }
  });

  it('maps the tags pasted documents use onto the allowed ones', () => {
    expect(clean('<h1>T</h1><h5>a</h5><h6>b</h6><b>g</b><i>c</i>')).toBe(
      '<h2>T</h2><h4>a</h4><h4>b</h4><strong>g</strong><em>c</em>',
    );
  });

  it('escapes text so it can never become markup', () => {
    expect(clean('<p>1 &lt; 2 &amp;&amp; "x"</p>')).toBe('<p>1 &lt; 2 &amp;&amp; "x"</p>');
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});

describe('isOwnAssetUrl', () => {
  it('accepts the assets URL and its root-relative path', () => {
    expect(isOwnAssetUrl(`${ASSETS}/a.webp`, ASSETS)).toBe(true);
    expect(isOwnAssetUrl('/media/a/b.webp', ASSETS)).toBe(true);
    expect(isOwnAssetUrl('/media/a/b.webp', `${ASSETS}/`)).toBe(true);
  });

  it('refuses other origins, other paths, dot segments and encoded separators', () => {
    for (const src of [
      'https://app.nutri.test/mediax/a.webp',
      'https://app.nutri.test/media',
      'http://app.nutri.test/media/a.webp',
      '/media/./a.webp',
      '/media/a/../../x',
      '/media\\..\\x',
      '/media/%2F..%2Fx',
      'media/a.webp',
    ]) {
      expect(isOwnAssetUrl(src, ASSETS), src).toBe(false);
    }
  });
});
