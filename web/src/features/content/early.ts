/**
 * What the early route script (src/app/early, built on its own before the app) reads of this feature: plain
 * values only, no component or style, so the script stays small.
 */
export { staticContentByUrlKey, staticContentKey } from './api/static-content-keys';
export { ABOUT_CONTENT_ID } from './content-links';
export { ARTICLE_COVER_SIZES } from './image-sizes';
