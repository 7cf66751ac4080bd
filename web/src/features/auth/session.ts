/**
 * The browser's one session manager, wired to the real storages and API calls. The API client gets its
 * token provider here, at import time, so no request (not even the first profile load) goes out before.
 */
import { setAccessTokenProvider } from '../../api/client';
import { logout } from './api/logout';
import { refreshToken } from './api/refresh-token';
import { SessionManager } from './session-manager';
import { browserStorages } from './token-storage';

export const sessionManager = new SessionManager({
  storages: browserStorages(),
  refresh: refreshToken,
  logout,
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
});

setAccessTokenProvider(sessionManager.getAccessToken);

export const hasStoredSession = () => sessionManager.getSnapshot() !== null;
