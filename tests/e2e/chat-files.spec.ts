/**
 * Files in the chat, in two browsers: the demo patient and the demo nutritionist. The patient
 * picks a photo: a progress card shows while it uploads (the upload to the file store is held so the
 * card can be seen; a file dropped meanwhile is ignored), then both screens show the file card with the
 * image preview loaded from the private store. A PDF dropped on the window arrives as a card with a
 * download link; an 11 MB file is refused with the max-size message before anything is sent; a
 * cancelled upload posts nothing; the nutritionist finds the files in the conversation's file list. axe
 * finds no serious or critical violation.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { chatFileTexts, type ChatMessagesResponse } from '@nutri/shared';
import { api, login, stack } from '../integration/support/api';
import { expectNoSeriousViolations, openAs, signIn } from '../support/booking-ui';

const PATIENT = { email: 'paziente@nutri.local', password: 'Paziente123!', name: 'Giulia Rossi' };
const NUTRITIONIST = { email: 'nutrizionista@nutri.local', password: 'Nutrizionista123!' };

const openChat = async (page: Page, query = '') => {
  await page.goto(`/Chat${query}`);
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 15_000 });
};

/** Holds the page's uploads to the file store until released (S3 POSTs only; reads pass). */
const holdUploads = async (page: Page) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`${stack.s3Endpoint}/**`, async (route) => {
    if (route.request().method() === 'POST') await held;
    // A cancelled upload was aborted by the page meanwhile: nothing is left to continue.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(`${stack.s3Endpoint}/**`);
  };
};

/** Drops files on an element the way a browser does (dragenter, dragover, drop with a DataTransfer). */
const dropFiles = (page: Page, selector: string, files: { name: string; type: string; text: string }[]) =>
  page.evaluate(
    ({ selector, files }) => {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`no ${selector}`);
      const data = new DataTransfer();
      for (const file of files) data.items.add(new File([file.text], file.name, { type: file.type }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { selector, files },
  );

/** Drags files over an element without dropping (the overlay shows). */
const dragOver = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const target = document.querySelector(selector)!;
    const data = new DataTransfer();
    data.items.add(new File(['x'], 'trascinato.pdf', { type: 'application/pdf' }));
    for (const type of ['dragenter', 'dragover'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, selector);

const imageLoaded = (page: Page, name: string) =>
  page
    .getByRole('img', { name: `Anteprima di ${name}` })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

const SECTION = 'section[aria-label^="Conversazione con"]';
const MINIMAL_PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

test('the demo patient and nutritionist exchange files: progress, preview, drop, size limit, cancel', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { findUserByLogin } = await import('../../functions/src/accounts/users-repo');
  const patientId = (await findUserByLogin(PATIENT.email))!.Id;
  const nutritionistId = (await findUserByLogin(NUTRITIONIST.email))!.Id;
  const run = `${testInfo.project.name}-${Date.now() % 1_000_000}`;
  const photoName = `piatto-${run}.png`;
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 70, g: 150, b: 90 } },
  })
    .png()
    .toBuffer();

  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const uploadRequests = () =>
    requests.filter(
      (request) =>
        request.url().includes('/SasToken') ||
        (request.url().startsWith(stack.s3Endpoint) && request.method() === 'POST'),
    ).length;

  // The patient's one conversation opens by itself; the nutritionist opens the patient's.
  await signIn(page, PATIENT.email, PATIENT.password);
  await openChat(page);
  const log = page.getByRole('log', { name: 'Messaggi' });
  const other = await openAs(browser, testInfo, NUTRITIONIST.email, NUTRITIONIST.password);
  await openChat(other, `?UserId=${patientId}`);
  const otherLog = other.getByRole('log', { name: 'Messaggi' });
  await expect(other.getByRole('region', { name: `Conversazione con ${PATIENT.name}` })).toBeVisible();

  // An 11 MB file is refused with the max-size message, and nothing is sent.
  await page.getByTestId('chat-file-input').setInputFiles({
    name: `grande-${run}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(11 * 1024 * 1024, 0x20),
  });
  await expect(page.getByText(`${chatFileTexts.tooLarge} (grande-${run}.pdf)`)).toBeVisible();
  expect(chatFileTexts.tooLarge).toBe('Il file supera la dimensione massima di 10 MB.');
  await expect(page.getByTestId('upload-progress-card')).toHaveCount(0);
  expect(uploadRequests()).toBe(0);

  // A photo from the file picker: its progress card shows while the upload is under way.
  const release = await holdUploads(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Allega un file' }).click();
  await (await chooser).setFiles({ name: photoName, mimeType: 'image/png', buffer: photo });
  const progress = page.getByTestId('upload-progress-card').filter({ hasText: photoName });
  await expect(progress).toBeVisible();
  // Nothing has gone yet (the upload is held): the bar is there at 0%, so it has no width to see.
  await expect(
    progress.getByRole('progressbar', { name: `Avanzamento dell’invio di ${photoName}` }),
  ).toHaveAttribute('aria-valuenow', '0');
  await expect(progress).toContainText(/0% di \d+ KB/);
  await expect(progress.getByRole('button', { name: `Annulla l’invio di ${photoName}` })).toBeEnabled();
  await expectNoSeriousViolations(page);

  // Files dropped while it uploads are ignored (the overlay says why).
  await dragOver(page, SECTION);
  await expect(page.getByTestId('chat-drop-overlay')).toHaveText(/Attendi la fine del caricamento in corso/);
  await dropFiles(page, SECTION, [
    { name: `ignorato-${run}.pdf`, type: 'application/pdf', text: MINIMAL_PDF },
  ]);
  await expect(page.getByTestId('chat-drop-overlay')).toHaveCount(0);
  await expect(page.getByTestId('upload-progress-card')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('chat-upload-progress.png') });

  // Released: the card goes, and both screens show the photo's card with its preview.
  await release();
  await expect(progress).toHaveCount(0, { timeout: 15_000 });
  const mine = log.getByTestId('chat-file').filter({ hasText: photoName });
  await expect(mine.getByRole('img', { name: `Anteprima di ${photoName}` })).toBeVisible();
  await expect.poll(() => imageLoaded(page, photoName)).toBe(true);
  const theirs = otherLog.getByTestId('chat-file').filter({ hasText: photoName });
  await expect(theirs.getByRole('img', { name: `Anteprima di ${photoName}` })).toBeVisible();
  await expect.poll(() => imageLoaded(other, photoName)).toBe(true);
  await expect(theirs.getByRole('link', { name: `Scarica ${photoName}` })).toHaveAttribute(
    'href',
    /X-Amz-Signature=[0-9a-f]{64}/,
  );
  await expect(log.getByText(`ignorato-${run}.pdf`)).toHaveCount(0);

  // A PDF dropped on the window (no upload in progress) arrives as a card with a download link.
  const pdfName = `referto-${run}.pdf`;
  await dragOver(page, SECTION);
  await expect(page.getByTestId('chat-drop-overlay')).toHaveText(/Rilascia qui i file da inviare/);
  await expectNoSeriousViolations(page);
  await dropFiles(page, SECTION, [{ name: pdfName, type: 'application/pdf', text: MINIMAL_PDF }]);
  const pdfCard = otherLog.getByTestId('chat-file').filter({ hasText: pdfName });
  await expect(pdfCard.getByRole('link', { name: `Scarica ${pdfName}` })).toBeVisible({ timeout: 15_000 });
  await expect(pdfCard.getByRole('img')).toHaveCount(0);
  const download = await other.request.get(
    (await pdfCard.getByRole('link', { name: `Scarica ${pdfName}` }).getAttribute('href'))!,
  );
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe(MINIMAL_PDF);

  // A cancelled upload: the card goes and no message is posted.
  const cancelledName = `annullato-${run}.png`;
  const releaseAgain = await holdUploads(page);
  await page.getByTestId('chat-file-input').setInputFiles({
    name: cancelledName,
    mimeType: 'image/png',
    buffer: photo,
  });
  const cancelled = page.getByTestId('upload-progress-card').filter({ hasText: cancelledName });
  await expect(cancelled).toBeVisible();
  await cancelled.getByRole('button', { name: `Annulla l’invio di ${cancelledName}` }).click();
  await expect(cancelled).toHaveCount(0);
  await releaseAgain();
  expect(requests.filter((request) => request.url().endsWith('/Files')).length).toBe(2);

  await expectNoSeriousViolations(page);
  await expectNoSeriousViolations(other);
  await page.screenshot({ path: testInfo.outputPath('chat-files-patient.png') });
  await other.screenshot({ path: testInfo.outputPath('chat-files-nutritionist.png') });

  // The server holds both files once, and nothing of the refused, ignored or cancelled ones.
  const patientToken = (await login(PATIENT.email, PATIENT.password)).accessToken;
  const history = await api<ChatMessagesResponse>('GET', `Chat/Messages/${nutritionistId}`, {
    token: patientToken,
  });
  const bodies = history.body.Items.map((message) => message.Body).filter((body) => body.includes(run));
  expect(bodies).toEqual([photoName, pdfName]);

  // The nutritionist finds them in the conversation's files (actions menu), newest first.
  await other.getByRole('button', { name: 'Azioni sulla conversazione' }).click();
  await other.getByRole('menuitem', { name: 'File della conversazione' }).click();
  const filesDialog = other.getByRole('dialog', { name: `File della conversazione con ${PATIENT.name}` });
  const listed = filesDialog.getByRole('listitem').filter({ hasText: run });
  await expect(listed).toHaveCount(2);
  await expect(listed.first()).toContainText(pdfName);
  await expect(listed.nth(1)).toContainText(photoName);
  await expect(listed.first()).toContainText('Ricevuto');
  await expectNoSeriousViolations(other);
  await other.screenshot({ path: testInfo.outputPath('chat-files-list.png') });

  await other.context().close();
});
