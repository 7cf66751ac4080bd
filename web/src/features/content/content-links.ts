/** Where a piece of static content lives on the site: the 'Chi siamo' page at /About, the rest on the blog. */
import { paths } from '../../paths';

/** ContentId of the 'Chi siamo' page (docs/product.md#screens: /About shows static content id 1). */
export const ABOUT_CONTENT_ID = 1;

export const contentHref = (content: { ContentId: number; FriendlyUrl: string }) =>
  content.ContentId === ABOUT_CONTENT_ID ? paths.about() : paths.blog.article(content.FriendlyUrl);
