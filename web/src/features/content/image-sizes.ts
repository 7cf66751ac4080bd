/** The `sizes` of an article's cover (its page's largest image). */
export const ARTICLE_COVER_SIZES = '(min-width: 48em) 760px, 100vw';
