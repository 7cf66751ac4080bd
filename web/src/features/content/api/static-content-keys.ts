/**
 * The request keys of static content (pages and articles), shared by the page hooks and the app's data
 * prefetch of a deep link (app/prefetch-route-data.ts).
 */
import { apiPath } from '../../../api/client';

export const staticContentKey = (id: number) => apiPath('StaticContent', id);
export const staticContentByUrlKey = (friendlyUrl: string) =>
  apiPath('StaticContent', 'FriendlyUrl', friendlyUrl);
