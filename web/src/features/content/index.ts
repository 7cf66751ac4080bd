/** What other features and the app use of this feature. */
export { getStaticContent } from './api/get-static-content';
export { staticContentByUrlKey, staticContentKey } from './api/static-content-keys';
export { submitContactForm } from './api/submit-contact-form';
export { submitJoinTeamApplication } from './api/submit-join-team-application';
export { createCvUpload, CV_CONTENT_TYPE, cvProblem, postToPresignedUrl } from './api/upload-cv';
export { ContentBody } from './components/content-body';
export { HomeBlogGrid } from './components/home-blog-grid';
export { ABOUT_CONTENT_ID, contentHref } from './content-links';
export { contentTexts } from './texts';
