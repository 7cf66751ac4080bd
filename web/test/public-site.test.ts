import { afterEach, describe, expect, it, vi } from 'vitest';
import { CV_MAX_BYTES, errorTexts, honorific as sharedHonorific } from '@nutri/shared';
import { ApiError, NetworkError } from '../src/api/api-error';
import { movedImageIds } from '../src/features/admin/content/api/galleries';
import { requireId } from '../src/features/admin/content/api/require-id';
import { addContentTag, getContentTags, removeContentTag } from '../src/features/admin/content/api/tags';
import { slugify } from '../src/features/admin/content/slug';
import { publicContentPageKey } from '../src/features/content/api/get-public-content';
import { cvProblem } from '../src/features/content/api/upload-cv';
import { contentHref } from '../src/features/content/content-links';
import { visitSeed } from '../src/features/nutritionists/api/list-public-nutritionists';
import { nutritionistName } from '../src/features/nutritionists/components/nutritionist-card';
import { linesOf } from '../src/features/nutritionists/pages/nutritionist-profile-page';
import { honorific } from '../src/lib/honorific';
import { summarizeSaveError } from '../src/ui/form/server-errors';
import { DEFAULT_TITLE, clampDescription, documentTitle } from '../src/ui/head';
import { ratingLabel, starFill } from '../src/ui/rating-stars';
import { srcSetOf } from '../src/ui/responsive-image';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nutritionist names (docs/product.md#data)', () => {
  it('matches the shared honorific rule, which the public pages cannot import without zod', () => {
    for (const title of ['dottoressa', ' Dottoressa ', 'dottore', '', null, undefined, 'dott.ssa'])
      expect(honorific(title)).toBe(sharedHonorific(title));
  });

  it('puts the honorific before the name, once', () => {
    const named = (PersonalTitle: string, DisplayName: string) =>
      nutritionistName({ PersonalTitle, ApplicationUser: { DisplayName } });
    expect(named('dottoressa', 'Giorgia Esposito')).toBe('Dott.sa Giorgia Esposito');
    expect(named('dottore', 'Luca Colombo')).toBe('Dott. Luca Colombo');
    expect(named('dottoressa', 'Dott.sa Chiara Bianchi')).toBe('Dott.sa Chiara Bianchi');
    expect(named('dottore', 'Dr. Marco Ferrari')).toBe('Dott. Marco Ferrari');
  });

  it('splits bio and training into their non-empty lines', () => {
    expect(linesOf('Prima riga\r\n\n  Seconda riga  \n')).toEqual(['Prima riga', 'Seconda riga']);
  });
});

describe('head tags', () => {
  it('titles pages with the site name and falls back to the site title', () => {
    expect(documentTitle('Blog')).toBe('Blog · Nutrì');
    expect(documentTitle(null)).toBe(DEFAULT_TITLE);
  });

  it('keeps descriptions short enough for search results, cut at a word', () => {
    expect(clampDescription('  Breve   testo ')).toBe('Breve testo');
    const long = clampDescription('parola '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('parola…')).toBe(true);
  });
});

describe('ratings (docs/product.md#data: out of 5, half steps)', () => {
  it('says the rating in Italian and fills half stars', () => {
    expect(ratingLabel(4.5)).toBe('Valutazione 4,5 su 5');
    expect(ratingLabel(5)).toBe('Valutazione 5 su 5');
    expect([0, 1, 2, 3, 4].map((index) => starFill(3.5, index))).toEqual([1, 1, 1, 0.5, 0]);
    expect([0, 1, 2, 3, 4].map((index) => starFill(4.3, index))).toEqual([1, 1, 1, 1, 0.5]);
  });
});

describe('images and links', () => {
  it('lists the three renditions for srcset', () => {
    expect(srcSetOf({ '400': '/a-400.webp', '800': '/a-800.webp', '1200': '/a-1200.webp' })).toBe(
      '/a-400.webp 400w, /a-800.webp 800w, /a-1200.webp 1200w',
    );
  });

  it('links content id 1 to /About and the rest to the blog', () => {
    expect(contentHref({ ContentId: 1, FriendlyUrl: 'chi-siamo' })).toBe('/About');
    expect(contentHref({ ContentId: 7, FriendlyUrl: 'colazione-sana' })).toBe('/Blog/colazione-sana');
  });

  it('asks for the next blog page only while there is a cursor', () => {
    const key = publicContentPageKey('Article', 12);
    expect(key(0, null)).toEqual([
      '/PublicStaticContent',
      { ContentType: 'Article', limit: 12, cursor: undefined },
    ]);
    expect(key(1, { Data: [], Count: 12, NextCursor: 'abc' })).toEqual([
      '/PublicStaticContent',
      { ContentType: 'Article', limit: 12, cursor: 'abc' },
    ]);
    expect(key(2, { Data: [], Count: 3, NextCursor: null })).toBeNull();
  });
});

describe('nutritionist list order', () => {
  it('keeps one random seed for the visit in sessionStorage', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    });
    const seed = visitSeed();
    expect(Number.isInteger(seed) && seed > 0).toBe(true);
    expect(visitSeed()).toBe(seed);
    expect(store.get('nutri.nutritionistsSeed')).toBe(String(seed));
  });
});

describe('content administration helpers', () => {
  it('suggests friendly URLs from titles', () => {
    expect(slugify('Colazione: 5 idee sane!')).toBe('colazione-5-idee-sane');
    expect(slugify('Perché l’acqua è importante')).toBe('perche-lacqua-e-importante');
    expect(slugify('  --Già  fatto--  ')).toBe('gia-fatto');
    expect(slugify('a'.repeat(130)).length).toBe(120);
  });

  it('refuses item operations without an id (docs/product.md#errors)', async () => {
    expect(() => requireId(undefined)).toThrow(new Error(errorTexts.missingId));
    expect(() => requireId('')).toThrow('Missing parameter: id');
    expect(requireId(3)).toBe(3);
    await expect(getContentTags(undefined)).rejects.toThrow('Missing parameter: id');
    await expect(addContentTag(null, 4)).rejects.toThrow('Missing parameter: id');
    await expect(removeContentTag(5, undefined)).rejects.toThrow('Missing parameter: id');
  });

  it('moves a gallery image up or down by swapping it with its neighbour', () => {
    const gallery = {
      Images: [
        { ImageId: 'c', Position: 2 },
        { ImageId: 'a', Position: 0 },
        { ImageId: 'b', Position: 1 },
      ],
    } as Parameters<typeof movedImageIds>[0];
    expect(movedImageIds(gallery, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedImageIds(gallery, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedImageIds(gallery, 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('summarizes refused saves: one message, or "N errori trovati." with the list', () => {
    const refused = (body: unknown) =>
      new ApiError({ method: 'PATCH', url: '/api/v2/StaticContent/1', status: 400, statusText: '', body });
    expect(
      summarizeSaveError(
        refused({ code: 'validation_failed', message: 'x', Errors: { Title: ['Campo obbligatorio'] } }),
      ),
    ).toEqual({ title: 'Campo obbligatorio', messages: [] });
    expect(
      summarizeSaveError(
        refused({
          code: 'validation_failed',
          message: 'x',
          Errors: { Title: ['Campo obbligatorio'], FriendlyUrl: ['Usa solo lettere minuscole'] },
        }),
      ),
    ).toEqual({ title: '2 errori trovati.', messages: ['Campo obbligatorio', 'Usa solo lettere minuscole'] });
    expect(summarizeSaveError(refused({ code: 'conflict', message: 'Indirizzo già usato.' }))).toEqual({
      title: 'Indirizzo già usato.',
      messages: [],
    });
    expect(summarizeSaveError(new NetworkError('PATCH', '/x', new TypeError()))).toEqual({
      title: errorTexts.connectionProblem,
      messages: [],
    });
    expect(summarizeSaveError(new Error('boom'))).toEqual({ title: errorTexts.cannotSaveData, messages: [] });
  });
});

describe('join-the-team CV check', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it('accepts a PDF up to 10 MB and refuses the rest in Italian', () => {
    expect(cvProblem(file('cv.pdf', 'application/pdf', 1000), CV_MAX_BYTES)).toBeNull();
    expect(cvProblem(file('cv.pdf', '', 1000), CV_MAX_BYTES)).toBeNull();
    expect(cvProblem(file('cv.docx', 'application/msword', 1000), CV_MAX_BYTES)).toBe(
      'Il curriculum deve essere un file PDF.',
    );
    expect(cvProblem(file('cv.pdf', 'application/pdf', CV_MAX_BYTES + 1), CV_MAX_BYTES)).toBe(
      'Il file supera la dimensione massima di 10 MB.',
    );
  });
});
