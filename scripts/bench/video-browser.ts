/**
 * The browser part of `npm run bench:video`: how long a person waits, in Chromium, from pressing "Entra nella
 * videochiamata" to the first frame of the other person's video (docs/product.md#video-room). Per run a fresh
 * room: the nutritionist is already in (waiting), the patient joins, and the clock runs in the patient's
 * page from the click to the first decoded remote frame (the call screen, the room's REST calls, the
 * join, the offer/answer and ICE through the local gateway, DTLS, the first key frame); the nutritionist's
 * first frame is timed too. Fake camera and microphone (Chromium's own), loopback only.
 *
 * Baseline in the same run: two RTCPeerConnections in one page of the same origin, wired directly (no
 * server, no app), from createOffer to the first remote frame: what WebRTC itself costs on this machine.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './tools';

const CHROMIUM_ARGS = [
  ...QUIET_CHROMIUM_FLAGS,
  // Chromium's own fake camera and microphone, granted without a prompt, over loopback.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
/** How long one run may wait for its first frame before it counts as failed. */
const FRAME_LIMIT_MS = 30_000;
/** Where the web app keeps a remembered session (web/src/features/auth/token-storage.ts). */
const AUTH_STORAGE_KEY = 'nutri.auth';

export interface BrowserRoom {
  bookingId: number;
  patient: { email: string };
  nutritionist: { email: string };
}

export interface FirstFrameFigures {
  /** Patient: click on "Entra" -> first remote frame, ms, one per successful run. */
  joiner: number[];
  /** Nutritionist (already in): the patient's click -> first remote frame on the nutritionist's page. */
  waiting: number[];
  /** Two connections in one page, createOffer -> first remote frame. */
  baseline: number[];
  failed: number;
}

const signedInPage = async (browser: Browser, baseUrl: string, email: string, password: string) => {
  const response = await fetch(`${baseUrl}/api/v2/Account/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  const tokens = (await response.json()) as { accessToken: string; refreshToken: string; expires_in: number };
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const now = Date.now();
  const session = JSON.stringify({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: now + tokens.expires_in * 1000,
    obtainedAt: now,
    remember: true,
  });
  // Strings, not functions: the scripts' TypeScript has no DOM types (and tsx would add its helpers).
  await context.addInitScript(
    `if (!window.localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}))
      window.localStorage.setItem(${JSON.stringify(AUTH_STORAGE_KEY)}, ${JSON.stringify(session)});`,
  );
  return context.newPage();
};

/** The pre-call check is ready: preview playing and the join button enabled. */
const readyToJoin = async (page: Page, path: string) => {
  await page.goto(path);
  await page.getByLabel('La tua anteprima').waitFor({ timeout: FRAME_LIMIT_MS });
  const join = page.getByRole('button', { name: 'Entra nella videochiamata' });
  await page.waitForFunction(
    `Array.from(document.querySelectorAll('button')).some(
      (button) => button.textContent.includes('Entra nella videochiamata') && !button.disabled,
    )`,
    undefined,
    { timeout: FRAME_LIMIT_MS },
  );
  return join;
};

/**
 * In the page: resolves with performance.now() at the first decoded frame of the video `selector` names.
 * A string, not a function: tsx would wrap an inner function with its `__name` helper, unknown in the page.
 */
const waitForFrameScript = (selector: string) => `new Promise((resolve, reject) => {
  const until = performance.now() + ${FRAME_LIMIT_MS};
  const look = () => {
    const video = ${selector};
    if (video && video.readyState >= 2 && video.videoWidth > 0) return resolve(performance.now());
    if (performance.now() > until) return reject(new Error('no remote frame'));
    requestAnimationFrame(look);
  };
  look();
})`;

const firstFrameAt = (page: Page) =>
  page.evaluate<number>(waitForFrameScript(`document.querySelector('[data-testid="remote-video"]')`));

/** Page clocks differ: each page reports its own performance.now() against its own time origin. */
const pageNow = (page: Page) => page.evaluate(() => performance.now());

const oneRoom = async (browser: Browser, baseUrl: string, room: BrowserRoom, password: string) => {
  const doctor = await signedInPage(browser, baseUrl, room.nutritionist.email, password);
  const patient = await signedInPage(browser, baseUrl, room.patient.email, password);
  try {
    const doctorJoin = await readyToJoin(doctor, `/AreaNutritionists/Bookings/${room.bookingId}/VideoRoom`);
    await doctorJoin.click();
    await doctor.getByText('Il tuo paziente ti raggiungerà a breve').waitFor({ timeout: FRAME_LIMIT_MS });
    await readyToJoin(patient, `/Patients/Agenda/${room.bookingId}/VideoRoom`);
    const doctorFrame = firstFrameAt(doctor);
    // Awaited below; a failure before that must not surface as an unhandled rejection.
    doctorFrame.catch(() => undefined);
    const doctorOffset = (await pageNow(doctor)) - (await pageNow(patient));
    // Clicked in the page, so the clock starts in the same task as the click.
    const clickedAt = await patient.evaluate<number>(`(() => {
      const button = Array.from(document.querySelectorAll('button')).find((candidate) =>
        candidate.textContent.includes('Entra nella videochiamata'),
      );
      const at = performance.now();
      button.click();
      return at;
    })()`);
    const [patientSeen, doctorSeen] = await Promise.all([firstFrameAt(patient), doctorFrame]);
    return { joiner: patientSeen - clickedAt, waiting: doctorSeen - doctorOffset - clickedAt };
  } finally {
    await doctor.context().close();
    await patient.context().close();
  }
};

const baselineRun = async (browser: Browser, baseUrl: string) => {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  try {
    // Same origin as the app (a secure context on localhost), an empty page of it.
    await page.goto('/runtime-config.json');
    return await page.evaluate<number>(`(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      const a = new RTCPeerConnection();
      const b = new RTCPeerConnection();
      a.addEventListener('icecandidate', ({ candidate }) => void (candidate && b.addIceCandidate(candidate)));
      b.addEventListener('icecandidate', ({ candidate }) => void (candidate && a.addIceCandidate(candidate)));
      const baselineVideo = document.createElement('video');
      baselineVideo.muted = true;
      baselineVideo.autoplay = true;
      document.body.append(baselineVideo);
      b.addEventListener('track', ({ streams }) => {
        if (streams[0]) baselineVideo.srcObject = streams[0];
      });
      for (const track of stream.getTracks()) a.addTrack(track, stream);
      const started = performance.now();
      await a.setLocalDescription(await a.createOffer());
      await b.setRemoteDescription(a.localDescription);
      await b.setLocalDescription(await b.createAnswer());
      await a.setRemoteDescription(b.localDescription);
      const seen = await ${waitForFrameScript('baselineVideo')};
      a.close();
      b.close();
      for (const track of stream.getTracks()) track.stop();
      return seen - started;
    })()`);
  } finally {
    await context.close();
  }
};

/** One run per room (rooms open now, both members' e-mails), then as many baseline runs. */
export const measureFirstRemoteFrame = async (
  baseUrl: string,
  rooms: BrowserRoom[],
  password: string,
): Promise<FirstFrameFigures> => {
  const figures: FirstFrameFigures = { joiner: [], waiting: [], baseline: [], failed: 0 };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const room of rooms) {
      try {
        const run = await oneRoom(browser, baseUrl, room, password);
        figures.joiner.push(run.joiner);
        figures.waiting.push(run.waiting);
      } catch (error) {
        figures.failed += 1;
        console.error(`Room ${room.bookingId}: ${error instanceof Error ? error.message : String(error)}`);
      }
      figures.baseline.push(await baselineRun(browser, baseUrl));
    }
  } finally {
    await browser.close();
  }
  return figures;
};

const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const printFirstFrameTable = (figures: FirstFrameFigures, runs: number) => {
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');
  const all = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ') || 'none';
  console.log(`\nJoin to first remote frame in Chromium (fake camera), ${runs} runs, median:\n`);
  const rows: [string, string, string][] = [
    [
      'patient joins: click -> first frame of the nutritionist',
      ms(median(figures.joiner)),
      all(figures.joiner),
    ],
    [
      'nutritionist waiting: that click -> first frame of the patient',
      ms(median(figures.waiting)),
      all(figures.waiting),
    ],
    [
      'baseline: two connections in one page, offer -> first frame',
      ms(median(figures.baseline)),
      all(figures.baseline),
    ],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(`${row[0].padEnd(widths[0]!)}  ${row[1].padStart(widths[1]!)}  (${row[2]})`);
  if (figures.failed) console.log(`\nFailed runs: ${figures.failed}`);
};
