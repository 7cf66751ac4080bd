/**
 * What every allow-list HTML policy drops with its content, not just its tags (content pages and e-mail
 * templates): raw-text and embedding elements (`xmp`: browsers read it unparsed, and some sanitize-html
 * releases passed it through unescaped).
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'xmp',
  'option',
  'noscript',
  'iframe',
  'object',
  'template',
  'svg',
  'math',
];
