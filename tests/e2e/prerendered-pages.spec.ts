/**
 * Prerendered public pages (docs/decisions/0034-prerendered-public-pages.md): each shows its content with
 * JavaScript disabled; with JavaScript on, React takes the page over (hydrates it) without drawing it
 * again, and it responds to the visitor; an article edited in the admin shows the new text on its public
 * page, without JavaScript, after saving.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, login } from '../integration/support/api';
import { signInAsAdmin } from '../support/sign-in';

interface ListPage<T> {
  Data: T[];
}

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The pages with what each must show from its HTML alone. */
const publicPages = async () => {
  const nutritionists = await api<
    ListPage<{ ProfilePageUrl: string; ApplicationUser: { DisplayName: string } }>
  >('GET', 'Nutritionists/Public?limit=1&seed=1');
  const articles = await api<ListPage<{ FriendlyUrl: string; Title: string }>>(
    'GET',
    'PublicStaticContent?ContentType=Article&limit=1',
  );
  const nutritionist = nutritionists.body.Data[0]!;
  const article = articles.body.Data[0]!;
  return [
    { path: '/', heading: /Il nutrizionista giusto per te/, text: 'Come funziona' },
    { path: '/Nutritionists', heading: /nutrizionisti/i, text: /Professionisti selezionati/ },
    {
      path: `/Nutritionists/${nutritionist.ProfilePageUrl}`,
      heading: new RegExp(nutritionist.ApplicationUser.DisplayName),
      text: 'Formazione',
    },
    { path: '/Blog', heading: 'Blog', text: article.Title },
    { path: `/Blog/${article.FriendlyUrl}`, heading: article.Title, text: article.Title },
    { path: '/FAQ', heading: 'Domande frequenti', text: 'Pagamenti e fatture' },
    { path: '/About', heading: 'Chi siamo', text: 'Nutrì' },
    { path: '/ContactUs', heading: 'Contatti', text: 'Messaggio' },
    { path: '/entra-nel-team', heading: 'Entra nel team', text: 'Profilo professionale' },
    {
      path: '/PrivacyGoogleCalendar',
      heading: /Privacy – integrazione con Google Calendar/,
      text: /Non salviamo gli eventi/,
    },
  ];
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its content from its HTML', async ({ page }) => {
    for (const { path, heading, text } of await publicPages()) {
      await page.goto(path);
      await expect(mainHeading(page), path).toHaveText(heading);
      await expect(page.getByText(text).first(), path).toBeVisible();
      // The app shell's note that the site needs JavaScript is not on a page that works without it.
      await expect(page.getByText('è necessario attivare JavaScript')).toHaveCount(0);
    }
  });

  test('the FAQ opens its answers (the browser’s own disclosure)', async ({ page }) => {
    await page.goto('/FAQ');
    await expect(page.getByText(/entro 12 giorni dal pagamento/)).toBeHidden();
    await page.locator('summary', { hasText: 'Che fatture ricevo?' }).click();
    await expect(page.getByText(/entro 12 giorni dal pagamento/)).toBeVisible();
  });

  test('a form that needs JavaScript to send shows its fields disabled', async ({ page }) => {
    await page.goto('/ContactUs');
    await expect(mainHeading(page)).toHaveText('Contatti');
    await expect(page.getByLabel('Messaggio')).toBeDisabled();
  });

  test('the nutritionist list has every card of its page in its HTML', async ({ page }) => {
    const list = await api<{ Count: number }>('GET', 'Nutritionists/Public?limit=1&seed=1');
    await page.goto('/Nutritionists');
    await expect(mainHeading(page)).toHaveText(/nutrizionisti/i);
    const profiles = await page
      .getByRole('main')
      .locator('a[href^="/Nutritionists/"]')
      .evaluateAll((links) => new Set(links.map((link) => link.getAttribute('href'))).size);
    // Page 1 holds up to 50 (NUTRITIONISTS_PAGE_SIZE); on a live visit the cards after the 8th arrive in steps.
    expect(profiles).toBeGreaterThanOrEqual(Math.min(list.body.Count, 50));
  });

  test('the page carries its head tags for crawlers and link previews', async ({ page }) => {
    const [, , profile] = await publicPages();
    await page.goto(profile!.path);
    await expect(page).toHaveTitle(/· Nutrì$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${profile!.path}$`),
    );
  });
});

test.describe('with JavaScript', () => {
  test('React takes each page over without drawing it again, and the page responds', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Before any script of the page: remember the heading the server sent.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
      });
    });
    for (const { path, heading } of await publicPages()) {
      await page.goto(path);
      await expect(mainHeading(page), path).toHaveText(heading);
      // Hydrated: React has attached to the element the server sent (a new render would have replaced it).
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const sent = (window as unknown as { serverHeading: Element | null }).serverHeading;
              return (
                sent !== null &&
                sent === document.querySelector('h1') &&
                Object.keys(sent).some((key) => key.startsWith('__reactFiber'))
              );
            }),
          { message: `${path} hydrated in place (errors: ${errors.join(' | ')})` },
        )
        .toBe(true);
    }
    expect(errors).toEqual([]);

    // A form's fields are enabled once the page is taken over.
    await page.goto('/ContactUs');
    await expect(page.getByLabel('Messaggio')).toBeEnabled();
  });

  test('what the visitor did before the take-over stays (where the page is scrolled, the answers opened); a move to another page starts at its top', async ({
    page,
  }) => {
    // The app's scripts wait until the visitor has scrolled and opened an answer on the page from its HTML.
    let startApp = () => {};
    const appMayStart = new Promise<void>((resolve) => {
      startApp = resolve;
    });
    await page.route(/\/static\/.*\.js$/, async (route) => {
      await appMayStart;
      await route.continue();
    });
    await page.goto('/FAQ');
    await expect(mainHeading(page)).toHaveText('Domande frequenti');
    const question = page.locator('summary', { hasText: 'Come scegliete i nutrizionisti?' });
    await question.click();
    const answer = page.getByText(/almeno 2 anni di libera professione/);
    await expect(answer).toBeVisible();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(0);

    startApp();
    await expect
      .poll(() =>
        question.evaluate((summary) => Object.keys(summary).some((key) => key.startsWith('__reactFiber'))),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    await expect(answer).toBeVisible();

    // A move to another page starts at its top.
    await page.getByRole('main').getByRole('link', { name: 'Contattaci' }).click();
    await expect(mainHeading(page)).toHaveText('Contatti');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('publishing', () => {
  test('an article edited in the admin shows the new text on its public page after saving', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const stamp = randomUUID().slice(0, 8);
    const { accessToken } = await login('admin@nutri.local', 'Admin1234!');
    const created = await api<{ ContentId: number }>('POST', 'StaticContent', {
      token: accessToken,
      body: {
        ContentType: 'Article',
        Title: `Colazione in piedi ${stamp}`,
        FriendlyUrl: `colazione-in-piedi-${stamp}`,
        Text: '<p>Prima versione del testo.</p>',
        Published: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const publicPath = `/Blog/colazione-in-piedi-${stamp}`;

    const reader = await browser.newContext({ javaScriptEnabled: false });
    const publicPage = await reader.newPage();
    await publicPage.goto(publicPath);
    await expect(publicPage.getByText('Prima versione del testo.')).toBeVisible();

    await signInAsAdmin(page);
    await page.goto(`/Admin/Content/StaticContent/${created.body.ContentId}`);
    const form = page.getByRole('form', { name: 'Contenuto' });
    await expect(form.getByLabel('Titolo')).toHaveValue(`Colazione in piedi ${stamp}`);
    await form.getByLabel('Testo (HTML)').fill('<p>Seconda versione, con il pane integrale.</p>');
    await form.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    // The page is regenerated from the new data within seconds.
    await expect(async () => {
      await publicPage.reload();
      await expect(publicPage.getByText('Seconda versione, con il pane integrale.')).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(publicPage.getByText('Prima versione del testo.')).toHaveCount(0);
    await reader.close();
  });
});
