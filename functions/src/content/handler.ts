/**
 * Lambda entry of the `content` area: static content (pages, blog), tags, galleries, the contact form,
 * join-the-team applications and the sitemap.
 */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { contentRoutes } from '../route-table/content';
import { isSessionActive } from '../accounts/start';
import { listPublicProfileUrls } from '../nutritionists';
import { sitemapOperation } from './sitemap';

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadContact = () => import('./contact');
const loadGalleries = () => import('./galleries');
const loadJoinTeam = () => import('./join-team');
const loadStaticContent = () => import('./static-content');
const loadTags = () => import('./tags');

export const handler = createAreaHandler(
  contentRoutes,
  {
    rest: {
      listPublicContent: lazyOperation(loadStaticContent, 'listPublicContentOperation'),
      getContent: lazyOperation(loadStaticContent, 'getContent'),
      getContentByFriendlyUrl: lazyOperation(loadStaticContent, 'getContentByFriendlyUrl'),
      getContentTags: lazyOperation(loadStaticContent, 'getContentTags'),
      getSitemap: sitemapOperation(listPublicProfileUrls),
      submitContactForm: lazyOperation(loadContact, 'submitContactForm'),
      createCvUpload: lazyOperation(loadJoinTeam, 'createCvUpload'),
      submitJoinTeamApplication: lazyOperation(loadJoinTeam, 'submitJoinTeamApplication'),
      listJoinTeamApplications: lazyOperation(loadJoinTeam, 'listJoinTeamApplications'),
      getJoinTeamCv: lazyOperation(loadJoinTeam, 'getJoinTeamCv'),
      listContactMessages: lazyOperation(loadContact, 'listContactMessages'),
      listContent: lazyOperation(loadStaticContent, 'listContent'),
      countContent: lazyOperation(loadStaticContent, 'countContent'),
      getContentMetadata: lazyOperation(loadStaticContent, 'getContentMetadata'),
      createContent: lazyOperation(loadStaticContent, 'createContent'),
      updateContent: lazyOperation(loadStaticContent, 'updateContent'),
      deleteContent: lazyOperation(loadStaticContent, 'deleteContent'),
      uploadContentImage: lazyOperation(loadStaticContent, 'uploadContentImage'),
      deleteContentImage: lazyOperation(loadStaticContent, 'deleteContentImage'),
      addContentTag: lazyOperation(loadStaticContent, 'addContentTag'),
      removeContentTag: lazyOperation(loadStaticContent, 'removeContentTag'),
      listTagsOperation: lazyOperation(loadTags, 'listTagsOperation'),
      autocompleteTags: lazyOperation(loadTags, 'autocompleteTags'),
      createTagOperation: lazyOperation(loadTags, 'createTagOperation'),
      updateTag: lazyOperation(loadTags, 'updateTag'),
      deleteTag: lazyOperation(loadTags, 'deleteTag'),
      listGalleries: lazyOperation(loadGalleries, 'listGalleries'),
      createGallery: lazyOperation(loadGalleries, 'createGallery'),
      getGallery: lazyOperation(loadGalleries, 'getGallery'),
      updateGallery: lazyOperation(loadGalleries, 'updateGallery'),
      deleteGallery: lazyOperation(loadGalleries, 'deleteGallery'),
      addGalleryImage: lazyOperation(loadGalleries, 'addGalleryImage'),
      removeGalleryImage: lazyOperation(loadGalleries, 'removeGalleryImage'),
      reorderGallery: lazyOperation(loadGalleries, 'reorderGallery'),
    },
    webSocket: {},
  },
  isSessionActive,
);
