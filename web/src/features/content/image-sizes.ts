/**
 * The `sizes` of an article's cover: shared by the article page and the early route script (app/early), which
 * preloads a deep link's largest image with the same srcset and sizes, so the browser reuses that download.
 */
export const ARTICLE_COVER_SIZES = '(min-width: 48em) 760px, 100vw';
