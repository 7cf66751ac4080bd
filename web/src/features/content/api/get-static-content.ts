/**
 * GET /api/v2/StaticContent/{id} and /StaticContent/FriendlyUrl/{url}: one published page or article
 * (Text is HTML the server has sanitized). A load failure shows the cannot-load-static-content snack;
 * a 404 is left to the page (it shows the not-found page).
 */
import useSWR, { type SWRResponse } from 'swr';
import type { StaticContent } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { showErrorToast } from '../../../ui/notify';
import { contentTexts } from '../texts';

import { staticContentByUrlKey, staticContentKey } from './static-content-keys';

export { staticContentByUrlKey, staticContentKey } from './static-content-keys';

/** Typed, not parsed with zod: the public pages' chunk stays free of the schemas (only forms need them). */
export const getStaticContent = (key: string): Promise<StaticContent> => api.get<StaticContent>(key);

const onContentError = (error: unknown) => {
  if (isApiError(error, 404)) return;
  showErrorToast(contentTexts.cannotLoadStaticContent, { id: 'static-content' });
};

const options = { revalidateOnFocus: false, onError: onContentError };

export const useStaticContent = (id: number): SWRResponse<StaticContent, unknown> =>
  useSWR(staticContentKey(id), getStaticContent, options);

export const useStaticContentByUrl = (friendlyUrl: string | undefined): SWRResponse<StaticContent, unknown> =>
  useSWR(friendlyUrl ? staticContentByUrlKey(friendlyUrl) : null, getStaticContent, options);
