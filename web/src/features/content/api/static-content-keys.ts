/**
 * The request keys of static content (pages and articles), in a module of their own (no SWR, no React): the
 * early route script (app/early) requests a deep link's data with them before the app's JavaScript arrives.
 */
import { apiPath } from '../../../api/client';

export const staticContentKey = (id: number) => apiPath('StaticContent', id);
export const staticContentByUrlKey = (friendlyUrl: string) =>
  apiPath('StaticContent', 'FriendlyUrl', friendlyUrl);
