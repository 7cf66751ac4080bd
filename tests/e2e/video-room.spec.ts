/**
 * A video visit in two browsers (docs/product.md#video-room): a patient and their nutritionist, each in their own
 * context with Chromium's fake camera and microphone, enter the room of an introductory visit that
 * started a moment ago. Each page must play the other's video (frames sampled on a canvas, not black)
 * and a live audio track; mute and camera off show on the other side; hanging up and rejoining work; two
 * network drops on the patient's side recover by itself within 10 s each: one the realtime channel
 * survives (the call restarts ICE on the same connection), one that cuts it too (the page joins again and
 * a new connection pair is made). axe checks the pre-call check, the waiting state and the call.
 *
 * NUTRI_SCREENSHOTS_DIR set: the pre-call check, the waiting state and the call are also saved there,
 * desktop and phone width (docs/screenshots).
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { BookingType } from '@nutri/shared';
import { bookStartedVisit, PASSWORD } from '../integration/support/visits';
import { expectNoSeriousViolations } from '../support/axe';
import { openAs } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const PHONE = { width: 390, height: 844 };
/** docs/product.md#video-room: after a network drop the call is back within this time, by itself. */
const RECOVERY_MS = 10_000;

/** Saves the page at desktop and phone width when screenshots are asked for. */
const shoot = async (page: Page, name: string) => {
  if (!SCREENSHOTS) return;
  const desktop = page.viewportSize();
  await page.screenshot({ path: `${SCREENSHOTS}/video-${name}-desktop.png` });
  await page.setViewportSize(PHONE);
  // The layout follows the width (media queries): wait for the phone layout's own controls to settle.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: `${SCREENSHOTS}/video-${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
};

/** Mean brightness (0-255) of the remote video's current frame, drawn on a small canvas; -1 without frames. */
const remoteBrightness = (page: Page) =>
  page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => {
    if (video.readyState < 2 || video.videoWidth === 0) return -1;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let index = 0; index < data.length; index += 4)
      sum += data[index]! + data[index + 1]! + data[index + 2]!;
    return sum / (data.length / 4) / 3;
  });

/**
 * The remote audio is live: its track is there and plays sound. Chromium's fake microphone beeps briefly
 * (20 ms) twice a second, so the sampler must hear every instant: an analyser holding the last 32,768
 * samples (0.68 s at 48 kHz, filled by the audio thread) is read twice, 0.7 s apart, which covers 1.4 s
 * without a gap however late the page's own timers run. The loudest sample, 0 when silent.
 */
const remoteAudioPeak = (page: Page) =>
  page.getByTestId('remote-video').evaluate(async (video: HTMLVideoElement) => {
    const stream = video.srcObject as MediaStream | null;
    const track = stream?.getAudioTracks()[0];
    if (!track || track.readyState !== 'live' || video.paused) return 0;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 32_768;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    for (let read = 0; read < 2; read += 1) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      analyser.getFloatTimeDomainData(samples);
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    }
    await context.close();
    return peak;
  });

/** The call is up on this page: connected, and the other's video shows frames that are not black. */
const expectCallUp = async (page: Page, timeout: number) => {
  const until = Date.now() + timeout;
  await expect(page.getByTestId('call-state')).toBeHidden({ timeout });
  await expect
    .poll(() => remoteBrightness(page), { timeout: Math.max(1, until - Date.now()) })
    .toBeGreaterThan(20);
};

/**
 * Media both ways on both pages: the call up within `upWithin` (the recovery deadline after a drop),
 * then live remote audio on each. Audio rides the same transport as the frames; its sampler takes 1.4 s
 * a reading, so it is not counted in the deadline.
 */
const expectRemoteMedia = async (pages: Page[], upWithin = 15_000) => {
  await Promise.all(pages.map((page) => expectCallUp(page, upWithin)));
  await Promise.all(
    pages.map((page) => expect.poll(() => remoteAudioPeak(page), { timeout: 15_000 }).toBeGreaterThan(0.01)),
  );
};

const enterRoom = async (page: Page, path: string, otherName: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: `Videochiamata con ${otherName}` })).toBeVisible();
  await expect(page.getByTestId('precall-check')).toBeVisible();
  // The preview plays the fake camera and the meter hears the fake microphone's beeps.
  await expect(page.getByLabel('La tua anteprima')).toBeVisible();
  await expect
    .poll(async () => Number(await page.getByTestId('mic-level').getAttribute('data-level')), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  await expect(page.getByRole('combobox', { name: 'Videocamera' })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Microfono' })).toBeEnabled();
};

const join = async (page: Page) => {
  await page.getByRole('button', { name: 'Entra nella videochiamata' }).click();
  await expect(page.getByTestId('call-screen')).toBeVisible();
};

const newPerson = (browser: Browser, testInfo: TestInfo, email: string) =>
  openAs(browser, testInfo, email, PASSWORD);

/** The room's frames a page sends on the realtime channel (`action` and, for a signal, its kind). */
const sentFrames = (page: Page) => {
  const frames: { action: string; kind?: string; iceRestart?: boolean }[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const frame = JSON.parse(payload) as {
        action?: string;
        Signal?: { kind?: string; iceRestart?: boolean };
      };
      if (frame.action) frames.push({ action: frame.action, ...frame.Signal });
    }),
  );
  return frames;
};

test('patient and nutritionist hold a video visit: media both ways, mute, camera off, hang up, rejoin, recovery @webrtc', async ({
  browser,
}, testInfo) => {
  // Two Chromiums encoding and decoding video: on the loaded 2-core machine a run has taken 5 minutes.
  test.setTimeout(420_000);
  const suffix = Date.now() % 1_000_000;
  const { nutritionist, patient } = await nutritionistWithPatient(`Paola Video ${suffix}`);
  const booking = await bookStartedVisit(nutritionist, patient.id, BookingType.FREE, 0);

  const doc = await newPerson(browser, testInfo, nutritionist.email);
  const pat = await newPerson(browser, testInfo, patient.email);
  const patFrames = sentFrames(pat);

  // The nutritionist's card offers the video call today; the patient's agenda too.
  await doc.goto(`/AreaNutritionists/Bookings/${booking.BookingId}`);
  await doc.getByRole('link', { name: `Videochiamata con ${patient.displayName}` }).click();
  await expect(doc).toHaveURL(new RegExp(`/AreaNutritionists/Bookings/${booking.BookingId}/VideoRoom$`));
  await enterRoom(doc, `/AreaNutritionists/Bookings/${booking.BookingId}/VideoRoom`, patient.displayName);
  await expectNoSeriousViolations(doc);
  await shoot(doc, 'precall');

  await pat.goto('/Patients/Agenda');
  await expect(pat.getByRole('heading', { level: 1 })).toBeVisible();
  await pat.getByRole('link', { name: /Entra nella videochiamata delle/ }).click();
  await enterRoom(pat, `/Patients/Agenda/${booking.BookingId}/VideoRoom`, nutritionist.displayName);

  // The nutritionist enters first and waits.
  await join(doc);
  await expect(doc.getByText('Il tuo paziente ti raggiungerà a breve')).toBeVisible();
  await expectNoSeriousViolations(doc);
  await shoot(doc, 'waiting');

  await join(pat);
  await expectRemoteMedia([pat, doc]);
  await expect(doc.getByTestId('connection-quality')).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousViolations(pat);
  await expectNoSeriousViolations(doc);
  await shoot(pat, 'call');

  // Mute and camera off show on the other side, and go away again.
  await pat.getByRole('button', { name: 'Disattiva il microfono' }).click();
  await expect(doc.getByTestId('remote-muted')).toBeVisible();
  await pat.getByRole('button', { name: 'Spegni la videocamera' }).click();
  await expect(doc.getByTestId('remote-camera-off')).toBeVisible();
  await pat.getByRole('button', { name: 'Attiva il microfono' }).click();
  await pat.getByRole('button', { name: 'Accendi la videocamera' }).click();
  await expect(doc.getByTestId('remote-muted')).toBeHidden();
  await expect(doc.getByTestId('remote-camera-off')).toBeHidden();

  // The side panel holds the pair's chat.
  await doc.getByRole('button', { name: 'Apri la chat' }).click();
  await expect(doc.getByRole('region', { name: `Conversazione con ${patient.displayName}` })).toBeVisible();
  await doc.getByRole('button', { name: 'Chiudi la chat' }).click();

  // Hang up: the other side waits; rejoin: the call is back.
  await doc.getByRole('button', { name: 'Termina la videochiamata' }).click();
  await expect(doc.getByRole('heading', { name: 'Hai lasciato la videochiamata' })).toBeVisible();
  await expect(pat.getByText('Il tuo nutrizionista ti raggiungerà a breve')).toBeVisible();
  await doc.getByRole('button', { name: 'Rientra nella videochiamata' }).click();
  await expectRemoteMedia([doc, pat]);

  // The patient's device goes offline and back while the realtime channel holds: "Riconnessione…", then
  // an ICE restart of the same connection (no new join, no new connection) brings the call back.
  const context = pat.context();
  const joinsBefore = patFrames.filter((frame) => frame.action === 'JoinVideoRoom').length;
  const offersBefore = patFrames.filter((frame) => frame.kind === 'offer').length;
  await context.setOffline(true);
  await expect(pat.getByText('Riconnessione…')).toBeVisible();
  await context.setOffline(false);
  await expectRemoteMedia([pat, doc], RECOVERY_MS);
  const offers = patFrames.filter((frame) => frame.kind === 'offer').slice(offersBefore);
  expect(offers.map((offer) => offer.iceRestart === true)).toEqual([true]);
  expect(patFrames.filter((frame) => frame.action === 'JoinVideoRoom')).toHaveLength(joinsBefore);

  // The network drops with the realtime channel (offline, and the channel cut): "Riconnessione…", then
  // the page joins again and the call comes back by itself.
  await context.setOffline(true);
  const outage = await pat.request.post(`/dev/realtime/outage?seconds=2&userId=${patient.id}`);
  expect(outage.status()).toBe(200);
  await expect(pat.getByText('Riconnessione…')).toBeVisible();
  await context.setOffline(false);
  await expectRemoteMedia([pat, doc], RECOVERY_MS);
  expect(patFrames.filter((frame) => frame.action === 'JoinVideoRoom').length).toBeGreaterThan(joinsBefore);

  await doc.context().close();
  await context.close();
});
