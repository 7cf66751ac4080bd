/**
 * The allow-list HTML policy of e-mail template bodies (docs/product.md#e-mail-templates). A SystemAdmin
 * writes the HTML and every recipient's mail client renders it: anything that could run script, load
 * remote content or hide a form is removed on save. Inline styles stay (mail clients ignore style sheets)
 * but only for layout and colour properties with plain values (no `url(`, no `expression(`).
 * Kept: p, br, strong, em, b, i, u, a[href] (http, https, mailto, or a `{{placeholder}}`), ul/ol/li,
 * h2-h4, div, span, blockquote, hr; `style` on any of them. Everything else is dropped, script-like
 * elements with their content.
 */
import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from '../platform/html-policy';

const PLAIN_VALUE = [/^[#\w\s.,%'"-]+$/];
const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'padding',
  'margin',
  'border',
  'border-radius',
  'text-decoration',
  'text-align',
  'display',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'max-width',
  'width',
];

export const sanitizeMailHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'em',
      'b',
      'i',
      'u',
      'a',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'div',
      'span',
      'blockquote',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'style'], '*': ['style'] },
    allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, PLAIN_VALUE])) },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [...DROPPED_WITH_CONTENT, 'title'],
  });
