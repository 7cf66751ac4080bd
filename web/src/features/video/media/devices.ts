/**
 * Camera, microphone and speaker of the video visit (docs/product.md#video-room): opening them with the chosen
 * devices, listing them for the pickers, and saying in Italian what went wrong when the browser refuses,
 * with the steps of the browser in use.
 */

export interface DeviceChoice {
  cameraId: string | null;
  microphoneId: string | null;
  speakerId: string | null;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

export type MediaProblem = 'denied' | 'notFound' | 'inUse' | 'insecure' | 'unsupported' | 'unknown';

/** Phone-friendly 720p at most: enough for a face, light on a mobile connection. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 24, max: 30 },
};

const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

export const videoConstraints = (cameraId: string | null): MediaTrackConstraints =>
  cameraId ? { ...VIDEO_CONSTRAINTS, deviceId: { exact: cameraId } } : VIDEO_CONSTRAINTS;

export const audioConstraints = (microphoneId: string | null): MediaTrackConstraints =>
  microphoneId ? { ...AUDIO_CONSTRAINTS, deviceId: { exact: microphoneId } } : AUDIO_CONSTRAINTS;

export class MediaAccessError extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem);
  }
}

export const mediaProblemOf = (error: unknown): MediaProblem => {
  if (error instanceof MediaAccessError) return error.problem;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'unknown';
  }
};

/**
 * Camera and microphone. A camera that is missing or busy does not stop the visit: the microphone alone
 * is tried next (the other person then sees the initials).
 */
export const openLocalMedia = async (choice: Pick<DeviceChoice, 'cameraId' | 'microphoneId'>) => {
  if (!window.isSecureContext) throw new MediaAccessError('insecure');
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaAccessError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: audioConstraints(choice.microphoneId),
      video: videoConstraints(choice.cameraId),
    });
  } catch (error) {
    const problem = mediaProblemOf(error);
    if (problem === 'notFound' || problem === 'inUse')
      return navigator.mediaDevices.getUserMedia({ audio: audioConstraints(choice.microphoneId) });
    throw error;
  }
};

export const stopStream = (stream: MediaStream | null | undefined) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

export const listDevices = async (): Promise<DeviceLists> => {
  const devices = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  // Before permission is given the browser lists devices without ids: they cannot be chosen yet.
  const usable = devices.filter((device) => device.deviceId);
  return {
    cameras: usable.filter((device) => device.kind === 'videoinput'),
    microphones: usable.filter((device) => device.kind === 'audioinput'),
    speakers: usable.filter((device) => device.kind === 'audiooutput'),
  };
};

/** Whether the browser can route the call's sound to a chosen speaker (not Safari, not Firefox on phones). */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export type BrowserKind = 'chrome' | 'edge' | 'firefox' | 'safari' | 'samsung' | 'other';

export const browserKind = (userAgent: string): BrowserKind => {
  if (/SamsungBrowser/i.test(userAgent)) return 'samsung';
  if (/Edg\//i.test(userAgent)) return 'edge';
  if (/Firefox|FxiOS/i.test(userAgent)) return 'firefox';
  if (/Chrome|Chromium|CriOS/i.test(userAgent)) return 'chrome';
  if (/Safari/i.test(userAgent)) return 'safari';
  return 'other';
};

const BROWSER_NAMES: Record<BrowserKind, string> = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  samsung: 'Samsung Internet',
  other: 'il tuo browser',
};

/** The steps that give the page back the camera and microphone, in the browser in use. */
export const permissionHelp = (kind: BrowserKind): { browser: string; steps: string[] } => {
  const browser = BROWSER_NAMES[kind];
  switch (kind) {
    case 'chrome':
    case 'edge':
      return {
        browser,
        steps: [
          'Tocca o fai clic sull’icona a sinistra dell’indirizzo della pagina (il lucchetto o le impostazioni).',
          'Alla voce Fotocamera e Microfono scegli «Consenti».',
          'Ricarica la pagina.',
        ],
      };
    case 'firefox':
      return {
        browser,
        steps: [
          'Fai clic sull’icona della videocamera barrata a sinistra dell’indirizzo della pagina.',
          'Togli il blocco a Fotocamera e Microfono.',
          'Ricarica la pagina e scegli «Consenti» quando te lo chiede.',
        ],
      };
    case 'safari':
      return {
        browser,
        steps: [
          'Su iPhone e iPad: tocca «aA» nella barra dell’indirizzo, poi Impostazioni sito web, e imposta Fotocamera e Microfono su «Consenti».',
          'Su Mac: menu Safari, Impostazioni per questo sito web, e imposta Fotocamera e Microfono su «Consenti».',
          'Ricarica la pagina.',
        ],
      };
    case 'samsung':
      return {
        browser,
        steps: [
          'Tocca il lucchetto a sinistra dell’indirizzo della pagina, poi Autorizzazioni.',
          'Consenti Fotocamera e Microfono.',
          'Ricarica la pagina.',
        ],
      };
    default:
      return {
        browser,
        steps: [
          'Apri le impostazioni del sito nel browser e consenti l’uso di fotocamera e microfono.',
          'Controlla anche che le impostazioni del telefono o del computer permettano al browser di usarli.',
          'Ricarica la pagina.',
        ],
      };
  }
};

export const MEDIA_PROBLEM_TEXTS: Record<MediaProblem, string> = {
  denied: 'Il browser non permette a Nutrì di usare la videocamera e il microfono.',
  notFound: 'Non troviamo una videocamera o un microfono collegati a questo dispositivo.',
  inUse:
    'La videocamera o il microfono sono già in uso da un’altra applicazione: chiudila (per esempio un’altra videochiamata) e riprova.',
  insecure: 'La videochiamata funziona solo su una pagina sicura (https).',
  unsupported:
    'Questo browser non permette videochiamate: usa una versione recente di Chrome, Safari, Firefox o Edge.',
  unknown: 'Non è stato possibile avviare la videocamera e il microfono. Riprova.',
};
