/**
 * The image a public content page shows largest above the fold, as the page renders it (same urls and
 * sizes), so the early route script can preload it once the page's data has arrived. Only the early script
 * imports this module: the image sizes stay out of the app's entry.
 */
import type { ListResponse, PublicNutritionist, StaticContent } from '@nutri/shared';
import { ARTICLE_COVER_SIZES } from '../../features/content/early';
import { NUTRITIONIST_CARD_SIZES, NUTRITIONIST_PHOTO_SIZES } from '../../features/nutritionists/early';
import type { ImageUrlSet } from '../../ui/image-srcset';
import type { EarlyRoute } from './early-route';

export interface LargestImage {
  urls: ImageUrlSet;
  sizes: string;
}

/** The profile photo, the article's cover, the first card of the list; the About page has none. */
export const largestImageOf = (route: EarlyRoute, body: unknown): LargestImage | null => {
  switch (route.page) {
    case 'profile': {
      const urls = (body as PublicNutritionist | null)?.ImageFilePath;
      return urls ? { urls, sizes: NUTRITIONIST_PHOTO_SIZES } : null;
    }
    case 'article': {
      const urls = (body as StaticContent | null)?.ImageFilePath;
      return urls ? { urls, sizes: ARTICLE_COVER_SIZES } : null;
    }
    case 'nutritionists': {
      const urls = (body as ListResponse<PublicNutritionist> | null)?.Data?.[0]?.ImageFilePath;
      return urls ? { urls, sizes: NUTRITIONIST_CARD_SIZES } : null;
    }
    default:
      return null;
  }
};
