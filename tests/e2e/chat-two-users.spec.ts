/**
 * The chat screen in two browsers at once: a patient and their
 * nutritionist, each in their own context. On the desktop they are the demo accounts; on the phone a fresh
 * pair, because both projects run in parallel and must not share a conversation. The nutritionist has a
 * second patient, so no conversation opens by itself and the list's unread badge can be seen.
 *
 * It covers: the desktop-notification prompt, the patient's nutritionist card, a message raising the
 * unread badge, sound, vibration and a desktop notification (sender only, no text) on the other side, the
 * patient's first-message info, the seen receipt, typing shown before the message, the emoji picker (7 per
 * line, inserted at the caret), the toolbar (patient info with the questionnaire, bookings list, new
 * booking, conversation files), a photo sent with its preview on both screens, archive and move to inbox,
 * and a realtime outage: the patient's screen says Reconnecting, recovers by itself and shows what the
 * nutritionist wrote meanwhile. axe checks every state.
 */
import sharp from 'sharp';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, login } from '../integration/support/api';
import {
  createPatientOf,
  createPublicNutritionist,
  PASSWORD,
  romeDateIn,
  type TestPatient,
} from '../integration/support/visits';
import { expectNoSeriousViolations, openAs, signIn } from '../support/booking-ui';
import { seriousViolations } from '../support/axe';
import { storeQuestionnaire } from '../support/questionnaire';
import { BookingType, CancelReason } from '@nutri/shared';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

interface Person {
  id: string;
  email: string;
  password: string;
  name: string;
}

interface Cast {
  patient: Person;
  nutritionist: Person & { token: string; title: string; profileUrl: string };
  /** The nutritionist's second patient (fresh on both devices). */
  other: TestPatient;
}

/** Desktop: the demo accounts (README); phone: a fresh nutritionist with a public profile and patient. */
const castFor = async (testInfo: TestInfo): Promise<Cast> => {
  const suffix = `${testInfo.project.name}-${Date.now() % 1_000_000}`;
  if (testInfo.project.name === 'desktop') {
    const { DEMO_ACCOUNTS } = await import('../../infra/local/seed');
    const [patient, nutritionist] = DEMO_ACCOUNTS;
    const token = (await login(nutritionist!.email, nutritionist!.password)).accessToken;
    return {
      patient: { ...patient!, name: patient!.displayName },
      nutritionist: {
        ...nutritionist!,
        name: nutritionist!.displayName,
        token,
        title: `Dott.sa ${nutritionist!.displayName}`,
        profileUrl: '/Nutritionists/chiara-bianchi',
      },
      other: await createPatientOf(nutritionist!.id, `Elena Seconda ${suffix}`),
    };
  }
  const nutritionist = await createPublicNutritionist();
  const patient = await createPatientOf(nutritionist.id, `Lucia Prima ${suffix}`);
  return {
    patient,
    nutritionist: {
      id: nutritionist.id,
      email: nutritionist.email,
      password: PASSWORD,
      name: nutritionist.displayName,
      token: nutritionist.token,
      title: `Dott.sa ${nutritionist.displayName}`,
      profileUrl: `/Nutritionists/${nutritionist.profilePageUrl}`,
    },
    other: await createPatientOf(nutritionist.id, `Elena Seconda ${suffix}`),
  };
};

/** The questionnaire the patient answered (stored as the webhook stores it), linked to their profile. */
const giveQuestionnaire = async (patient: TestPatient, nutritionistId: string) => {
  const { patientKey } = await import('../../functions/src/onboarding/patients-repo');
  const { db, tableName } = await import('../../functions/src/platform/db/client');
  const { submissionId } = await storeQuestionnaire(
    { firstName: 'Elena', email: patient.email, phone: '+393331114455', age: 41 },
    { nutritionistUserId: nutritionistId, patientUserId: patient.id },
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: patientKey(patient.id),
      UpdateExpression: 'SET TallySubmissionId = :id',
      ExpressionAttributeValues: { ':id': submissionId },
    }),
  );
};

/** Two bookings of the patient: one stays, one is cancelled (the toolbar's list leaves it out). */
const giveBookings = async (nutritionist: Cast['nutritionist'], patientUserId: string) => {
  // A day of its own per run, so reruns on the same data do not collide with earlier bookings.
  const day = romeDateIn(20 + (Date.now() % 40));
  const interval = await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
    token: nutritionist.token,
    body: { IntervalDate: day, IntervalStart: '15:00', IntervalEnd: '17:00' },
  });
  expect([201, 409, 422]).toContain(interval.status);
  const book = async (time: string) => {
    const result = await api<{ BookingId: number }>('POST', 'CurrentNutritionist/Bookings', {
      token: nutritionist.token,
      body: {
        PatientUserId: patientUserId,
        NutritionistUserId: nutritionist.id,
        BookingTypeId: BookingType.NORMAL,
        BookingTime: `${day}T${time}`,
      },
    });
    expect(result.status).toBe(201);
    return result.body.BookingId;
  };
  const kept = await book('15:00');
  const cancelled = await book('16:00');
  const cancel = await api(
    'POST',
    `CurrentNutritionist/Bookings/${cancelled}/CancelBooking?cancelReasonId=${CancelReason.NUTRITIONIST_CHOICE}`,
    { token: nutritionist.token },
  );
  expect(cancel.status).toBe(200);
  return { kept, cancelled };
};

/**
 * Records the chat's alerts while letting the real browser APIs run: the sounds played, the vibrations
 * and the desktop notifications raised (title and body).
 */
const recordAlerts = () => {
  const alerts = { sounds: [] as string[], vibrations: [] as unknown[], notifications: [] as object[] };
  Object.assign(window, { chatAlerts: alerts });
  // The native method, read without binding it to the prototype (it runs on each element below).
  const play = Reflect.get(HTMLMediaElement.prototype, 'play');
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    alerts.sounds.push(this.currentSrc || this.src);
    return play.call(this);
  };
  const vibrate = navigator.vibrate.bind(navigator);
  Object.defineProperty(navigator, 'vibrate', {
    value: (pattern: VibratePattern) => {
      alerts.vibrations.push(pattern);
      return vibrate(pattern);
    },
  });
  const Native = window.Notification;
  class Recorded extends Native {
    constructor(title: string, options?: NotificationOptions) {
      alerts.notifications.push({ title, body: options?.body });
      super(title, options);
    }
    static override get permission() {
      return Native.permission;
    }
  }
  window.Notification = Recorded;
};

type Alerts = { sounds: string[]; vibrations: unknown[]; notifications: { title: string; body: string }[] };
const alertsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { chatAlerts: Alerts }).chatAlerts);

/**
 * axe on an open drawer alone: behind its dimming overlay the page is inert, and axe would measure the
 * contrast of half-covered text against the overlay.
 */
const expectAccessibleDialog = async (page: Page, name: string) =>
  expect(await seriousViolations(page, '[role="dialog"][aria-labelledby]'), name).toEqual([]);

const openChat = async (page: Page) => {
  await page.goto('/Chat');
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 15_000 });
};

/**
 * A screenshot for the report: the whole page from the top, or (with a popover open, which hides itself
 * when its button scrolls out of view) just the viewport as it is.
 */
const shoot = async (page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) => {
  const file = `chat-${name}-${testInfo.project.name}.png`;
  const scrolledTo = await page.evaluate(() => window.scrollY);
  // From the top: a full-page shot of a scrolled page paints the sticky header mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath(file), fullPage });
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${file}`, fullPage });
  if (fullPage) await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
};

test('patient and nutritionist chat live: alerts, toolbar, emoji, archive, and recovery after an outage', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const isPhone = testInfo.project.name === 'phone';
  const cast = await castFor(testInfo);
  const { patient, nutritionist, other } = cast;
  await giveQuestionnaire(other, nutritionist.id);
  // In the inbox at the start, also when an earlier run on the same data stopped after archiving it.
  const pair = await api<{ ConversationId: string }>('GET', `Chat/DirectConversation/${patient.id}`, {
    token: nutritionist.token,
  });
  expect(pair.status).toBe(200);
  const restored = await api('PUT', `Chat/Conversation/${pair.body.ConversationId}/Archive`, {
    token: nutritionist.token,
    body: { IsArchived: false },
  });
  expect(restored.status).toBe(200);
  const bookings = await giveBookings(nutritionist, other.id);

  // The patient: the prompt for desktop notifications (a button, never asked on load), the nutritionist's
  // card with the public profile, and the single conversation opened by itself.
  await page.context().addInitScript(recordAlerts);
  await signIn(page, patient.email, patient.password);
  await openChat(page);
  const prompt = page.getByTestId('notification-prompt');
  await expect(prompt.getByRole('button', { name: 'Attiva le notifiche' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Il tuo nutrizionista' });
  await expect(card).toContainText(nutritionist.title);
  await expect(card.getByRole('link', { name: `Profilo di ${nutritionist.title}` })).toHaveAttribute(
    'href',
    nutritionist.profileUrl,
  );
  const patientWindow = page.getByRole('region', { name: `Conversazione con ${nutritionist.name}` });
  await expect(patientWindow).toBeVisible();
  await expectNoSeriousViolations(page);
  await prompt.getByRole('button', { name: 'Non ora' }).click();
  await expect(prompt).toHaveCount(0);
  // The sound file is a real MP3 the browser decodes.
  const seconds = await page.evaluate(async () => {
    const data = await (await fetch('/audio/newmessage.mp3')).arrayBuffer();
    return (await new OfflineAudioContext(1, 44_100, 44_100).decodeAudioData(data)).duration;
  });
  expect(seconds).toBeGreaterThan(0.2);
  expect(seconds).toBeLessThan(2);

  // The nutritionist allowed notifications: no prompt. Two patients: nothing opens by itself.
  const doc = await openAs(browser, testInfo, nutritionist.email, nutritionist.password);
  await doc.context().grantPermissions(['notifications']);
  await doc.context().addInitScript(recordAlerts);
  await openChat(doc);
  await expect(doc.getByTestId('notification-prompt')).toHaveCount(0);
  const list = doc.getByRole('navigation', { name: 'Conversazioni' });
  const itemOf = (name: string) => list.getByRole('button', { name: new RegExp(name) });
  const windowOf = (name: string) => doc.getByRole('region', { name: `Conversazione con ${name}` });
  const back = doc.getByRole('button', { name: 'Torna alle conversazioni' });
  const showList = async () => {
    if (isPhone && (await back.isVisible())) await back.click();
    await expect(list).toBeVisible();
  };
  const open = async (name: string) => {
    await showList();
    await itemOf(name).click();
    await expect(windowOf(name)).toBeVisible();
    if (isPhone) await expect(list).toHaveCount(0);
  };
  await expect(itemOf(patient.name)).toBeVisible();
  await expect(itemOf(other.name)).toBeVisible();
  if (!isPhone) await expect(doc.getByText('Seleziona una conversazione.')).toBeVisible();
  const badge = itemOf(patient.name).getByLabel(/messaggi non letti/);
  const unreadBefore = (await badge.count()) ? Number(await badge.textContent()) : 0;

  // The patient writes while the nutritionist's list is on screen: unread badge, sound, vibration and a
  // desktop notification that names the sender and leaves the (health) text out.
  const composer = page.getByRole('textbox', { name: 'Messaggio' });
  // Texts unique to the run: the demo conversation keeps the history of earlier runs.
  const run = Date.now() % 100_000;
  const firstText = `Buongiorno, ho dei dubbi sulla colazione (${run})`;
  await composer.fill(firstText);
  await composer.press('Enter');
  await expect(page.getByRole('log', { name: 'Messaggi' }).getByText(firstText)).toBeVisible();
  await expect
    .poll(async () => ((await badge.count()) ? Number(await badge.textContent()) : 0))
    .toBeGreaterThanOrEqual(unreadBefore + 1);
  await expect
    .poll(async () => (await alertsOf(doc)).notifications)
    .toContainEqual({
      title: `Nuovo messaggio da ${patient.name}`,
      body: 'Apri la chat di Nutrì per leggerlo.',
    });
  const docAlerts = await alertsOf(doc);
  expect(JSON.stringify(docAlerts.notifications)).not.toContain('colazione');
  expect(docAlerts.sounds.at(-1)).toMatch(/\/audio\/newmessage\.mp3$/);
  expect(docAlerts.vibrations.at(-1)).toBe(200);
  await expectNoSeriousViolations(doc);
  await shoot(doc, testInfo, 'nutritionist-list');

  // No reply yet: 3 s after their message the patient is told when the answer comes.
  const info = page.getByTestId('first-message-info');
  await expect(info).toBeVisible({ timeout: 8_000 });
  await expect(info).toContainText('ti risponderà entro poche ore');
  await expect(info).toContainText('notifica via e-mail');
  await expectNoSeriousViolations(page);
  await shoot(page, testInfo, 'patient-waiting');

  // The nutritionist opens it: the badge goes, the patient sees the seen receipt.
  await open(patient.name);
  await expect(windowOf(patient.name).getByText(firstText)).toBeVisible();
  if (!isPhone) await expect(badge).toHaveCount(0);
  await expect(page.getByRole('log', { name: 'Messaggi' }).getByText(/Visualizzato/)).toBeVisible();

  // Typing shows on the other side before the message; no notification for the conversation in view.
  const notificationsBefore = (await alertsOf(doc)).notifications.length;
  const question = `Posso mangiare lo yogurt? (${run})`;
  await composer.pressSequentially(question, { delay: 25 });
  await expect(doc.getByTestId('typing-indicator')).toHaveText(`${patient.name} sta scrivendo…`);
  await composer.press('Enter');
  await expect(windowOf(patient.name).getByText(question)).toBeVisible();
  await expect(doc.getByTestId('typing-indicator')).toHaveCount(0);
  expect((await alertsOf(doc)).notifications).toHaveLength(notificationsBefore);

  // The reply: typing on the patient's side first, then the message; the first-message info goes.
  const reply = windowOf(patient.name).getByRole('textbox', { name: 'Messaggio' });
  const answer = `Certo, quello bianco senza zucchero. (${run})`;
  await reply.pressSequentially(answer, { delay: 25 });
  await expect(page.getByTestId('typing-indicator')).toHaveText(`${nutritionist.name} sta scrivendo…`);
  await reply.press('Enter');
  const patientLog = page.getByRole('log', { name: 'Messaggi' });
  await expect(patientLog.getByText(answer)).toBeVisible();
  await expect(info).toHaveCount(0);
  await expect.poll(async () => (await alertsOf(page)).sounds.at(-1)).toMatch(/\/audio\/newmessage\.mp3$/);
  expect((await alertsOf(page)).vibrations.at(-1)).toBe(200);

  // Emoji: people only, 7 per line, inserted where the caret is.
  await composer.fill(`Grazie mille ${run}`);
  await composer.press('End');
  for (let step = 0; step < ` mille ${run}`.length; step += 1) await composer.press('ArrowLeft');
  await page.getByRole('button', { name: 'Inserisci un’emoji' }).click();
  const grid = page.getByRole('group', { name: 'Persone' });
  await expect(grid).toBeVisible();
  const tops = await grid
    .getByRole('button')
    .evaluateAll((buttons) => buttons.slice(0, 15).map((button) => button.getBoundingClientRect().top));
  expect(new Set(tops.slice(0, 7)).size).toBe(1);
  expect(tops[7]).toBeGreaterThan(tops[6]!);
  expect(tops[14]).toBeGreaterThan(tops[13]!);
  await expectNoSeriousViolations(page);
  await shoot(page, testInfo, 'patient-emoji', { fullPage: false });
  await grid.getByRole('button', { name: '😊' }).click();
  await expect(composer).toHaveValue(`Grazie😊 mille ${run}`);
  await page.keyboard.press('Escape');
  await expect(grid).toBeHidden();
  await composer.press('Enter');
  await expect(windowOf(patient.name).getByText(`Grazie😊 mille ${run}`)).toBeVisible();

  // The toolbar, on the second patient: the questionnaire (no e-mail or phone shown), the bookings
  // (newest first, the cancelled one left out) and the new-booking dialog for this patient.
  await open(other.name);
  const toolbarOf = (name: string) => windowOf(name);
  await toolbarOf(other.name).getByRole('button', { name: 'Azioni sulla conversazione' }).click();
  await doc.getByRole('menuitem', { name: 'Scheda del paziente' }).click();
  const drawer = doc.getByRole('dialog', { name: `Scheda di ${other.name}` });
  await expect(drawer.getByText('Su cosa vorresti lavorare con il tuo nutrizionista?')).toBeVisible();
  await expect(drawer.getByText('Benessere intestinale (gonfiore, regolarità)')).toBeVisible();
  await expect(drawer.getByText('Vegetariano')).toBeVisible();
  await expect(drawer).not.toContainText(other.email);
  await expect(drawer).not.toContainText('3331114455');
  await expectAccessibleDialog(doc, 'patient info');
  await shoot(doc, testInfo, 'nutritionist-patient-info', { fullPage: false });
  await drawer.getByRole('button', { name: 'Chiudi' }).click();
  await expect(drawer).toBeHidden();

  await toolbarOf(other.name)
    .getByRole('button', { name: new RegExp(`^Appuntamenti di ${other.name}`) })
    .click();
  const bookingList = doc.getByRole('list', { name: 'Appuntamenti' });
  await expect(bookingList.getByRole('listitem')).toHaveCount(1);
  // Keyboard users land in the list (focus trapped in the popover; Escape closes it).
  await expect(bookingList.getByRole('link')).toBeFocused();
  await expect(bookingList).toContainText(`n. ${bookings.kept}`);
  await expect(bookingList).not.toContainText(`n. ${bookings.cancelled}`);
  await expect(bookingList.getByRole('link')).toHaveAttribute(
    'href',
    `/AreaNutritionists/Bookings/${bookings.kept}`,
  );
  await expectNoSeriousViolations(doc);
  await shoot(doc, testInfo, 'nutritionist-bookings', { fullPage: false });
  await doc.keyboard.press('Escape');
  await expect(bookingList).toBeHidden();

  await toolbarOf(other.name).getByRole('button', { name: 'Azioni sulla conversazione' }).click();
  await doc.getByRole('menuitem', { name: 'Nuovo appuntamento' }).click();
  const create = doc.getByRole('dialog', { name: 'Nuovo appuntamento' });
  await expect(create.getByRole('combobox', { name: 'Paziente' })).toHaveValue(other.name);
  await create.getByRole('button', { name: 'Chiudi' }).click();
  await expect(create).toBeHidden();
  await toolbarOf(other.name).getByRole('button', { name: 'Azioni sulla conversazione' }).click();
  await doc.getByRole('menuitem', { name: 'File della conversazione' }).click();
  const files = doc.getByRole('dialog', { name: `File della conversazione con ${other.name}` });
  await expect(files.getByText('Nessun file in questa conversazione.')).toBeVisible();
  await files.getByRole('button', { name: 'Chiudi' }).click();
  await expect(files).toBeHidden();
  await expect(toolbarOf(other.name).getByRole('button', { name: /^Promemoria/ })).toBeVisible();

  // A photo from the patient: both screens show its card with the preview (loaded, not just an element).
  const photoName = `foto-${run}.png`;
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: photoName, mimeType: 'image/png', buffer: photo });
  const previews = [
    patientLog.getByRole('img', { name: `Anteprima di ${photoName}` }),
    windowOf(patient.name).getByRole('img', { name: `Anteprima di ${photoName}` }),
  ];
  await open(patient.name);
  for (const preview of previews) {
    await expect(preview).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }

  // Archive, then move back to the inbox: archived conversations leave the list unless selected or
  // 'Tutti i pazienti' is on.
  await open(patient.name);
  await windowOf(patient.name).getByRole('button', { name: 'Azioni sulla conversazione' }).click();
  await doc.getByRole('menuitem', { name: 'Archivia la conversazione' }).click();
  await expect(doc.getByText('Conversazione archiviata.')).toBeVisible();
  if (!isPhone) await expect(itemOf(patient.name).getByLabel('Archiviata')).toBeVisible();
  await open(other.name);
  await showList();
  await expect(itemOf(patient.name)).toHaveCount(0);
  await list.getByRole('switch', { name: 'Tutti i pazienti' }).click();
  await expect(itemOf(patient.name).getByLabel('Archiviata')).toBeVisible();
  await expectNoSeriousViolations(doc);
  await open(patient.name);
  await windowOf(patient.name).getByRole('button', { name: 'Azioni sulla conversazione' }).click();
  await doc.getByRole('menuitem', { name: 'Sposta in Posta in arrivo' }).click();
  await expect(doc.getByText('Conversazione spostata in Posta in arrivo.')).toBeVisible();
  await showList();
  await list.getByRole('switch', { name: 'Tutti i pazienti' }).click();
  await expect(itemOf(patient.name)).toBeVisible();
  await expect(itemOf(patient.name).getByLabel('Archiviata')).toHaveCount(0);
  await open(patient.name);
  await shoot(doc, testInfo, 'nutritionist-chat');

  // The gateway goes down for the patient: Reconnecting; the nutritionist writes meanwhile; the patient's
  // chat comes back by itself with that message, and works both ways again.
  const outage = await page.request.post(`/dev/realtime/outage?seconds=4&userId=${patient.id}`);
  expect(outage.status()).toBe(200);
  await expect(page.getByTestId('chat-status')).toHaveText('Connessione persa: nuovo collegamento in corso…');
  const during = `Scritto durante l’interruzione (${run})`;
  await reply.fill(during);
  await reply.press('Enter');
  await expect(windowOf(patient.name).getByText(during)).toBeVisible();
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 20_000 });
  await expect(patientLog.getByText(during)).toBeVisible();
  await composer.fill(`Ricevuto, grazie! (${run})`);
  await composer.press('Enter');
  await expect(windowOf(patient.name).getByText(`Ricevuto, grazie! (${run})`)).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSeriousViolations(doc);
  await shoot(page, testInfo, 'patient-chat');

  await doc.context().close();
});
