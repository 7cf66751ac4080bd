/**
 * Google Identity Services (GIS), the only place that knows about Google's script. It is loaded on demand
 * by the pages that show "Accedi con Google", only when a client id is configured, and once per visit.
 * Google's button opens its own popup and hands back an ID token (the "credential") to our callback; a
 * closed popup simply never calls it. Tests replace the script by serving a stand-in at the same URL.
 */

export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** What the callback receives after the person chose an account: the ID token our server verifies. */
export interface GoogleCredentialResponse {
  credential: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  /** 'popup': the page stays where it is and receives the token (no redirect to a server endpoint). */
  ux_mode?: 'popup' | 'redirect';
  auto_select?: boolean;
  /** Wording of Google's own prompts: sign in to an account, or sign up. */
  context?: 'signin' | 'signup' | 'use';
  /** Safari's tracking prevention needs the popup flow GIS calls "ITP support". */
  itp_support?: boolean;
}

export interface GoogleButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  /** Pixels, 200 to 400. */
  width?: number;
  locale?: string;
}

/** The part of `google.accounts.id` this app uses. */
export interface GoogleAccountsId {
  initialize: (configuration: GoogleIdConfiguration) => void;
  renderButton: (parent: HTMLElement, options: GoogleButtonConfiguration) => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const loaded = () => window.google?.accounts?.id;

let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads Google's script once and resolves with `google.accounts.id`. Rejects when it cannot be loaded
 * (offline, blocked by an extension or by policy); a later call tries again.
 */
export const loadGoogleIdentity = (): Promise<GoogleAccountsId> => {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('Google Identity Services non disponibile'));
    };
    script.onload = () => {
      const api = loaded();
      if (api) resolve(api);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
};
