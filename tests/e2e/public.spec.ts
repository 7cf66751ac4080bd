/**
 * The public site on a phone and on a desktop (both Playwright projects): every public route shows its
 * key content and axe finds no serious or critical violation; the contact form and the join-the-team
 * form work end to end; an admin publishes an article with a cover image and it appears on the blog.
 */
import { deflateSync } from 'node:zlib';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { errorTexts } from '@nutri/shared';
import { api } from '../integration/support/api';
import { seriousViolations } from '../support/axe';
import { openBlogWithCover } from '../support/blog-ui';
import { signInAsAdmin } from '../support/sign-in';
import { clearFailures } from '../../functions/src/platform/throttle';
import {
  CONTACT_RATE_RULE,
  CV_UPLOAD_RATE_RULE,
  JOIN_TEAM_RATE_RULE,
} from '../../functions/src/content/spam-guard';

/** The browser talks to the stack from here: the public forms count submissions per IP. */
const BROWSER_IP = '127.0.0.1';

/** Console errors and uncaught exceptions, collected from before the first navigation. */
const collectErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
};

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

interface ListPage<T> {
  Data: T[];
}

/**
 * The first public profile and the newest article with a cover, read from the API like the pages do.
 * Integration tests share the stack and publish articles without covers, so "newest" alone is not enough.
 */
const seeded = async () => {
  const nutritionists = await api<
    ListPage<{ ProfilePageUrl: string; ApplicationUser: { DisplayName: string } }>
  >('GET', 'Nutritionists/Public?limit=1&seed=1');
  const articles = await api<
    ListPage<{ FriendlyUrl: string; Title: string; ImageCaption: string; ImageFilePath: unknown }>
  >('GET', 'PublicStaticContent?ContentType=Article&limit=50');
  const nutritionist = nutritionists.body.Data[0];
  const article = articles.body.Data.find((candidate) => candidate.ImageFilePath !== null);
  if (!nutritionist || !article) throw new Error('The local stack has no seeded nutritionist or article.');
  return { nutritionist, article };
};

/** A solid-colour PNG (RGB, 8 bit) built in memory: a real image for the upload pipeline to decode. */
const solidPng = (width: number, height: number, [red, green, blue]: [number, number, number]) => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

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

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('public routes: key content and accessibility', () => {
  test('/ (home): how it works, areas, selection criteria, reviews, blog, calls to action', async ({
    page,
  }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(mainHeading(page)).toHaveText(/Il nutrizionista giusto per te/);
    await expect(page).toHaveTitle('Nutrì – Il tuo nutrizionista online');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(page.getByRole('link', { name: 'Trova il tuo nutrizionista' }).first()).toHaveAttribute(
      'href',
      '/Trova-il-tuo-Nutrizionista',
    );
    await expect(page.getByRole('heading', { name: 'Come funziona' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^1\d?\+ aree di specializzazione$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chi sono i nostri nutrizionisti' })).toBeVisible();
    await expect(page.getByText('Almeno 2 anni di esperienza in libera professione')).toBeVisible();

    const reviews = page.getByRole('region', { name: 'Recensioni dei clienti' });
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByRole('img', { name: /^Valutazione \d(,5)? su 5$/ }).first()).toBeVisible();
    if (isPhone(testInfo)) {
      // Carousel: one review at a time, moved only by its labelled buttons.
      await expect(reviews.getByRole('listitem').filter({ visible: true })).toHaveCount(1);
      await expect(reviews.getByText('Recensione 1 di 3')).toBeVisible();
      await reviews.getByRole('button', { name: 'Recensione successiva' }).click();
      await expect(reviews.getByText('Recensione 2 di 3')).toBeVisible();
      await reviews.getByRole('button', { name: 'Recensione precedente' }).click();
      await expect(reviews.getByText('Recensione 1 di 3')).toBeVisible();
    } else {
      await expect(reviews.getByRole('listitem').filter({ visible: true })).toHaveCount(3);
      await expect(reviews.getByRole('button', { name: 'Recensione successiva' })).toBeHidden();
      // Half steps are said in words, the Italian way.
      await expect(reviews.getByRole('img', { name: 'Valutazione 4,5 su 5' })).toBeVisible();
    }

    const blog = page.getByRole('region', { name: 'Dal nostro blog' });
    await blog.scrollIntoViewIfNeeded();
    const cards = blog.getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toHaveAttribute('href', '/About');
    const cover = cards.nth(1).locator('img');
    await expect(cover).toHaveAttribute('srcset', /400w, .*800w, .*1200w/);
    await expect(cover).toHaveAttribute('loading', 'lazy');

    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('/Nutritionists lists the team, stable across paging and back navigation', async ({ page }) => {
    await page.goto('/Nutritionists');
    await expect(mainHeading(page)).toHaveText('I nostri nutrizionisti');
    const cards = page.getByRole('main').getByRole('link', { name: /^Dott\.(sa)? / });
    // The cards arrive a few at a time; the list is aria-busy until all are there.
    const stillAdding = page.getByRole('main').locator('[aria-busy="true"]');
    await expect(cards.first()).toBeVisible();
    await expect(stillAdding).toHaveCount(0);
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    const order = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(order.every((href) => href?.startsWith('/Nutritionists/'))).toBe(true);

    // Same order for the whole visit (seed in sessionStorage), also after going back.
    await cards.first().click();
    await expect(page).toHaveURL(/\/Nutritionists\/[a-z0-9-]+$/);
    await page.goBack();
    await expect(cards.first()).toBeVisible();
    await expect(stillAdding).toHaveCount(0);
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(order);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a nutritionist profile: photo, honorific, title, bio, training, tags, breadcrumb', async ({
    page,
  }) => {
    const { nutritionist } = await seeded();
    const profileRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/Nutritionists/Public/FriendlyUrl/'))
        profileRequests.push(request.url());
    });
    await page.goto(`/Nutritionists/${nutritionist.ProfilePageUrl}`);
    await expect(mainHeading(page)).toHaveText(/^Dott\.(sa)? \S+/);
    // The early route script preloaded the photo the page shows, with the srcset and sizes of the page's image.
    const photo = page.getByRole('img', { name: /^Foto di Dott/ });
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('imagesrcset', (await photo.getAttribute('srcset'))!);
    await expect(preload).toHaveAttribute('imagesizes', (await photo.getAttribute('sizes'))!);
    await expect(mainHeading(page)).toContainText(
      nutritionist.ApplicationUser.DisplayName.replace(/^Dott\.(sa)? /, ''),
    );
    const breadcrumb = page.getByRole('navigation', { name: 'Percorso di navigazione' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Nutrizionisti' })).toHaveAttribute(
      'href',
      '/Nutritionists',
    );
    await expect(page.getByRole('img', { name: /^Foto di Dott/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Specializzazioni' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Specializzazioni' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chi sono' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Formazione' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inizia il questionario' })).toBeVisible();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*800\.webp$/);
    // The early route script requested the data, the app adopted that request, and the mounted page did not
    // request it again (its data was in the cache before its first render).
    expect(profileRequests).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an unknown profile goes to the not-found page', async ({ page }) => {
    await page.goto('/Nutritionists/nessuno-con-questo-nome');
    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(mainHeading(page)).toHaveText(errorTexts.notFoundPage);
  });

  test('/Blog shows the articles with cover and title', async ({ page }) => {
    const { articles, covered } = await openBlogWithCover(page);
    expect(await articles.count()).toBeGreaterThanOrEqual(6);
    await expect(covered.first().locator('img')).toHaveAttribute('sizes', /.+/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an article: breadcrumbs, cover with caption, body, head tags', async ({ page }) => {
    const { article } = await seeded();
    await page.goto(`/Blog/${article.FriendlyUrl}`);
    await expect(mainHeading(page)).toHaveText(article.Title);
    const breadcrumb = page.getByRole('navigation', { name: 'Percorso di navigazione' });
    await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/Blog');
    if (article.ImageCaption)
      await expect(page.locator('figcaption').first()).toHaveText(article.ImageCaption);
    await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${article.Title} · Nutrì`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /1200\.webp$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/Blog/${article.FriendlyUrl}$`),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/About shows the "Chi siamo" page (content id 1)', async ({ page }) => {
    await page.goto('/About');
    await expect(mainHeading(page)).toHaveText('Chi siamo');
    await expect(page.getByRole('article')).toContainText('Nutrì');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/FAQ: accordion sections with the invoices, payment, cancellation and selection answers', async ({
    page,
  }) => {
    await page.goto('/FAQ');
    await expect(mainHeading(page)).toHaveText('Domande frequenti');
    for (const section of [
      'Il servizio',
      'Come funziona',
      'Pagamenti e fatture',
      'I nutrizionisti',
      'Assistenza tecnica',
    ])
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await page.locator('summary', { hasText: 'Che fatture ricevo?' }).click();
    await expect(page.getByText(/due fatture: una di 35\s€ .* detraibile al 19% IRPEF/)).toBeVisible();
    await expect(page.getByText(/entro 12 giorni dal pagamento/)).toBeVisible();
    await page.locator('summary', { hasText: 'Quando devo pagare la visita?' }).click();
    await expect(page.getByText(/Almeno 2 giorni prima dell’appuntamento/)).toBeVisible();
    await page.locator('summary', { hasText: 'Come scegliete i nutrizionisti?' }).click();
    await expect(
      page.getByText(/almeno 2 anni di libera professione, iscrizione all’albo e assicurazione/),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/ContactUs shows the contact form', async ({ page }) => {
    await page.goto('/ContactUs');
    await expect(mainHeading(page)).toHaveText('Contatti');
    for (const label of ['Nome', 'E-mail', 'Telefono', 'Messaggio'])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    // The honeypot is there for bots, labelled for screen readers and out of the tab order.
    const honeypot = page.getByLabel('Lascia vuoto questo campo');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/entra-nel-team shows the application form', async ({ page }) => {
    await page.goto('/entra-nel-team');
    await expect(mainHeading(page)).toHaveText('Entra nel team');
    await expect(page.getByLabel('Profilo professionale')).toContainText('Biologo nutrizionista');
    await expect(page.getByLabel('Numero di iscrizione all’albo')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Sì' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scegli il file PDF' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  const simplePages: { path: string; heading: string | RegExp; text: string | RegExp }[] = [
    {
      path: '/Trova-il-tuo-Nutrizionista',
      heading: 'Trova il tuo nutrizionista',
      text: 'Incontro conoscitivo gratuito',
    },
    {
      path: '/PrivacyGoogleCalendar',
      heading: /Privacy – integrazione con Google Calendar/,
      text: /Non salviamo gli eventi del tuo calendario/,
    },
    {
      path: '/TermsAndConditionsGoogleCalendar',
      heading: /Termini e condizioni – integrazione con Google Calendar/,
      text: /letti in tempo reale e non vengono memorizzati/,
    },
    { path: '/Login', heading: 'Accedi', text: 'Password dimenticata?' },
    { path: '/RecoverPassword', heading: 'Recupera password', text: /ti invieremo un link/ },
    { path: '/error/404', heading: errorTexts.notFoundPage, text: /non esiste o è stata spostata/ },
  ];
  for (const { path, heading, text } of simplePages) {
    test(`${path} shows its content`, async ({ page }) => {
      await page.goto(path);
      await expect(mainHeading(page)).toHaveText(heading);
      await expect(page.getByText(text).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('contact form', () => {
  test.beforeEach(() => clearFailures(CONTACT_RATE_RULE, BROWSER_IP));

  test('invalid fields show Italian messages; a valid message is sent', async ({ page }, testInfo) => {
    await page.goto('/ContactUs');
    const form = page.getByRole('form', { name: 'Modulo di contatto' });
    await form.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(form.getByText('Campo obbligatorio')).toHaveCount(3);

    await form.getByLabel('Nome', { exact: true }).fill('Lucia Bianchi');
    await form.getByLabel('E-mail').fill('non-una-email');
    await form.getByLabel('Messaggio').fill('m'.repeat(501));
    await expect(form.getByText('Indirizzo e-mail non valido')).toBeVisible();
    await expect(form.getByText('Massimo 500 caratteri')).toBeVisible();

    await form.getByLabel('E-mail').fill('lucia@example.org');
    await form.getByLabel('Telefono').fill('333 1234567');
    await form
      .getByLabel('Messaggio')
      .fill(`Vorrei sapere come funziona il primo incontro (${testInfo.project.name}).`);
    await expect(form.getByText(/Campo obbligatorio|non valido|Massimo/)).toHaveCount(0);
    await form.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Messaggio inviato' })).toBeVisible();
  });
});

test.describe('join the team', () => {
  test.beforeEach(async () => {
    await clearFailures(JOIN_TEAM_RATE_RULE, BROWSER_IP);
    await clearFailures(CV_UPLOAD_RATE_RULE, BROWSER_IP);
  });

  test('refuses a non-PDF CV, then uploads the PDF with progress and sends the application', async ({
    page,
  }) => {
    await page.goto('/entra-nel-team');
    const form = page.getByRole('form', { name: 'Candidatura' });
    const fileInput = form.locator('input[type="file"]');
    // The prerendered form's fields are enabled once the app has taken the page over.
    await expect(fileInput).toBeEnabled();
    await fileInput.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: solidPng(8, 8, [200, 80, 40]),
    });
    await expect(form.getByRole('alert')).toHaveText('Il curriculum deve essere un file PDF.');

    await form.getByLabel('Nome e cognome').fill('Sara Verdi');
    await form.getByLabel('E-mail').fill('sara.verdi@example.org');
    await form.getByLabel('Telefono').fill('3331234567');
    await form.getByLabel('Profilo professionale').selectOption('Dietista');
    await form.getByLabel('Numero di iscrizione all’albo').fill('AA-1234');
    await form.getByLabel('Anni di libera professione').fill('4');
    await form.getByRole('radio', { name: 'Sì' }).check();
    await fileInput.setInputFiles({
      name: 'curriculum.pdf',
      mimeType: 'application/pdf',
      buffer: MINIMAL_PDF,
    });
    await expect(form.getByText('curriculum.pdf')).toBeVisible();
    await form.getByRole('button', { name: 'Invia candidatura' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Candidatura inviata' })).toBeVisible();
  });
});

test.describe('content administration', () => {
  test('an admin creates an article with a cover image, publishes it and finds it on the blog', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const title = `Verdure di stagione ${stamp}`;

    await signInAsAdmin(page);

    await page.goto('/Admin/Content');
    await expect(mainHeading(page)).toHaveText('Contenuti');
    await page.getByRole('link', { name: 'Nuovo contenuto' }).click();
    await expect(mainHeading(page)).toHaveText('Nuovo contenuto');

    const form = page.getByRole('form', { name: 'Contenuto' });
    await form.getByLabel('Titolo').fill(title);
    // The friendly URL follows the title.
    await expect(form.getByLabel('Indirizzo (friendly URL)')).toHaveValue(`verdure-di-stagione-${stamp}`);
    await form.getByLabel('Meta description').fill('Come scegliere frutta e verdura di stagione.');
    await form
      .getByLabel('Testo (HTML)')
      .fill('<h2>Perché di stagione</h2><p>Più gusto e più nutrienti.</p><img src="x" onerror="alert(1)">');
    await expect(
      form
        .getByRole('region', { name: 'Anteprima del testo' })
        .getByRole('heading', { name: 'Perché di stagione' }),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Crea contenuto' }).click();
    await expect(page).toHaveURL(/\/Admin\/Content\/StaticContent\/\d+$/);

    // Cover image: uploaded, resized by the server, previewed.
    await page
      .getByRole('region', { name: 'Immagine di copertina' })
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'copertina.png',
        mimeType: 'image/png',
        buffer: solidPng(640, 400, [90, 160, 90]),
      });
    await expect(page.getByRole('img', { name: 'Anteprima dell’immagine di copertina' })).toBeVisible();

    // Tags: a new name is created and added; it can be removed again.
    const tags = page.getByRole('region', { name: 'Tag' });
    await tags.getByLabel('Aggiungi un tag').fill(`Orto ${stamp}`);
    await tags.getByRole('button', { name: 'Aggiungi' }).click();
    await expect(tags.getByRole('button', { name: `Rimuovi il tag Orto ${stamp}` })).toBeVisible();

    await form.getByLabel('Didascalia dell’immagine di copertina').fill('Cassetta di verdure del mercato.');
    await form.getByLabel('Pubblicato').check();
    await form.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    await page.goto('/Blog');
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('srcset', /1200w/);
    await card.click();
    await expect(mainHeading(page)).toHaveText(title);
    await expect(page.getByText('Cassetta di verdure del mercato.')).toBeVisible();
    await expect(
      page.getByRole('article').getByRole('heading', { name: 'Perché di stagione' }),
    ).toBeVisible();
    await expect(page.getByRole('article').getByText(`Orto ${stamp}`)).toBeVisible();
    // The server sanitized the body: no event handler survived.
    expect(await page.getByRole('article').locator('[onerror]').count()).toBe(0);
  });

  test('the "Chi siamo" editor gives its public address as /About, not the blog', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/Admin/Content/StaticContent/1');
    const form = page.getByRole('form', { name: 'Contenuto' });
    await expect(form.getByLabel('Titolo')).toHaveValue('Chi siamo');
    const address = form.getByLabel('Indirizzo (friendly URL)');
    await expect(address).toHaveAccessibleDescription(/pubblicata su \/About\.$/);
    await expect(address).not.toHaveAccessibleDescription(/\/Blog\//);
    await page.getByRole('link', { name: 'Vedi sul sito' }).click();
    await expect(page).toHaveURL(/\/About$/);
    await expect(mainHeading(page)).toHaveText('Chi siamo');
  });

  test('an admin manages tags and a gallery (upload, reorder, delete with confirmation)', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    await signInAsAdmin(page);

    await page.goto('/Admin/Tags');
    await expect(mainHeading(page)).toHaveText('Tag');
    await page.getByLabel('Nome del nuovo tag').fill(`Legumi ${stamp}`);
    await page.getByRole('button', { name: 'Crea tag' }).click();
    await page.getByRole('button', { name: `Rinomina Legumi ${stamp}` }).click();
    await page.getByLabel('Nuovo nome').fill(`Legumi secchi ${stamp}`);
    await page.getByRole('button', { name: 'Salva il nome' }).click();
    await expect(page.getByRole('cell', { name: `Legumi secchi ${stamp}`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Elimina Legumi secchi ${stamp}` }).click();
    await page
      .getByRole('dialog', { name: 'Eliminare il tag?' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect(page.getByRole('cell', { name: `Legumi secchi ${stamp}`, exact: true })).toHaveCount(0);

    await page.goto('/Admin/Content?tab=Galleries');
    await page.getByLabel('Titolo della nuova galleria').fill(`Mercato ${stamp}`);
    await page.getByRole('button', { name: 'Crea galleria' }).click();
    await expect(mainHeading(page)).toHaveText(`Mercato ${stamp}`);
    const upload = async (caption: string, colour: [number, number, number]) => {
      await page.getByLabel('Didascalia').fill(caption);
      await page
        .getByRole('region', { name: 'Aggiungi un’immagine' })
        .locator('input[type="file"]')
        .setInputFiles({ name: `${caption}.png`, mimeType: 'image/png', buffer: solidPng(320, 200, colour) });
      await expect(page.getByRole('img', { name: caption })).toBeVisible();
    };
    await upload('Pomodori', [200, 60, 50]);
    await upload('Zucchine', [60, 150, 60]);
    const captions = page.getByRole('main').getByRole('listitem').locator('p');
    await expect(captions).toHaveText(['Pomodori', 'Zucchine']);
    await page.getByRole('button', { name: 'Sposta su: Zucchine' }).click();
    await expect(captions).toHaveText(['Zucchine', 'Pomodori']);
    await page.getByRole('button', { name: 'Elimina: Pomodori' }).click();
    await page
      .getByRole('dialog', { name: 'Eliminare l’immagine?' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect(captions).toHaveText(['Zucchine']);
  });
});
