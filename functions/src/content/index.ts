/** What other areas use of this area. */
export { getTags, tagUsageChange } from './tags-repo';
export { contentMailTemplates } from './mails';
export { listPublishedArticleUrls } from './content-repo';
