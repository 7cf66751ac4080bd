/**
 * Lambda entry of the `content` area: static content (pages, blog), tags, galleries, the contact form,
 * join-the-team applications and the sitemap.
 */
import { createAreaHandler } from '../http/area-handler';
import { contentRoutes } from '../route-table/content';
import { isSessionActive } from '../accounts';
import { listPublicProfileUrls } from '../nutritionists';
import { listContactMessages, submitContactForm } from './contact';
import {
  addGalleryImage,
  createGallery,
  deleteGallery,
  getGallery,
  listGalleries,
  removeGalleryImage,
  reorderGallery,
  updateGallery,
} from './galleries';
import {
  createCvUpload,
  getJoinTeamCv,
  listJoinTeamApplications,
  submitJoinTeamApplication,
} from './join-team';
import { sitemapOperation } from './sitemap';
import {
  addContentTag,
  countContent,
  createContent,
  deleteContent,
  deleteContentImage,
  getContent,
  getContentByFriendlyUrl,
  getContentMetadata,
  getContentTags,
  listContent,
  listPublicContentOperation,
  removeContentTag,
  updateContent,
  uploadContentImage,
} from './static-content';
import { autocompleteTags, createTagOperation, deleteTag, listTagsOperation, updateTag } from './tags';

export const handler = createAreaHandler(
  contentRoutes,
  {
    rest: {
      listPublicContent: listPublicContentOperation,
      getContent,
      getContentByFriendlyUrl,
      getContentTags,
      getSitemap: sitemapOperation(listPublicProfileUrls),
      submitContactForm,
      createCvUpload,
      submitJoinTeamApplication,
      listJoinTeamApplications,
      getJoinTeamCv,
      listContactMessages,
      listContent,
      countContent,
      getContentMetadata,
      createContent,
      updateContent,
      deleteContent,
      uploadContentImage,
      deleteContentImage,
      addContentTag,
      removeContentTag,
      listTagsOperation,
      autocompleteTags,
      createTagOperation,
      updateTag,
      deleteTag,
      listGalleries,
      createGallery,
      getGallery,
      updateGallery,
      deleteGallery,
      addGalleryImage,
      removeGalleryImage,
      reorderGallery,
    },
    webSocket: {},
  },
  isSessionActive,
);
