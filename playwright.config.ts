/**
 * Browser journeys in real Chromium: the Debian package at /usr/bin/chromium (browsers are never
 * downloaded). scripts/test.mjs starts the local stack and passes it as NUTRI_STACK, so there is no
 * webServer block; to run against an already running `npm start`, set NUTRI_BASE_URL instead.
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './scripts/lib/chromium.mjs';

// Tests talk to the local stack only, on the address `npm start` prints (http://localhost:PORT, served on
// 127.0.0.1).
const CHROMIUM_ARGS = [
  ...QUIET_CHROMIUM_FLAGS,
  // The test stack configures a Google client id, so /Login and /Grazie would fetch Google's real sign-in
  // script; it never resolves here (specs that need it serve a stand-in with page.route, before DNS).
  '--host-resolver-rules=MAP accounts.google.com ~NOTFOUND',
];

// Video visits (WebRTC) need a camera and microphone: fake ones, granted without a prompt, over loopback.
const WEBRTC_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/** Tests tagged `@webrtc` run in the `webrtc` project only, the one with fake media devices. */
const WEBRTC_TAG = /@webrtc/;
/** Journeys of the demo accounts change their data for good: `@once` runs them on the desktop only. */
const ONCE_TAG = /@once/;
/**
 * Journeys that change what every other journey meets (a published contract version asks every patient to
 * accept it again, docs/product.md#contracts): `@global` runs them in their own project, after the others.
 */
const GLOBAL_TAG = /@global/;

const baseURL = (() => {
  const raw = process.env.NUTRI_STACK;
  if (raw) return (JSON.parse(raw) as { baseUrl: string }).baseUrl;
  return process.env.NUTRI_BASE_URL;
})();

export default defineConfig({
  testDir: 'tests/e2e',
  // Artifacts of failed tests; the JSON report sits next to the vitest reports in test-results/.
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // No transitions (the theme respects reduced motion): axe then never measures a half-faded popover.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: [WEBRTC_TAG, GLOBAL_TAG],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grepInvert: [WEBRTC_TAG, ONCE_TAG, GLOBAL_TAG],
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'webrtc',
      grep: WEBRTC_TAG,
      // Two browsers encoding and decoding fake video each: run after the other journeys, so the browser
      // tests beside them do not starve the call on the 2-core machine (`--no-deps` runs it by itself). No
      // retries: the misses the test once had were defects of the room, fixed
      // (docs/decisions/0022-video-room.md).
      dependencies: ['desktop', 'phone'],
      // Two Chromiums encoding and decoding video leave little of the 2-core machine for rendering pages:
      // a page's heading can take longer than elsewhere to show. The call's own deadlines (the first
      // media, the recovery within 10 s) are set by the test itself.
      expect: { timeout: 20_000 },
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] },
      },
    },
    {
      name: 'global',
      grep: GLOBAL_TAG,
      // After the journeys that pay, and after the video calls (which the 2-core machine must not starve):
      // `--no-deps` runs it by itself.
      dependencies: ['desktop', 'phone', 'webrtc'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
