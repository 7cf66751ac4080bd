/**
 * The allow-list HTML policy of contract texts (docs/product.md#contracts). A SystemAdmin writes the text
 * and every patient's browser renders it as HTML on the privacy pages: anything that could run script,
 * load remote content, style the page or hide a form is removed on save. Kept: headings h2-h4, p, br,
 * strong, em, b, i, u, ul/ol/li, blockquote, hr and links (http, https, mailto). No attributes but a
 * link's href; script-like elements go with their content.
 */
import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from '../platform/html-policy';

export const sanitizeContractHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'strong',
      'em',
      'b',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'blockquote',
      'hr',
      'a',
    ],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [...DROPPED_WITH_CONTENT, 'title'],
  }).trim();

/** Whether sanitized HTML still shows some text (a draft made only of removed markup is refused). */
export const hasVisibleText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
