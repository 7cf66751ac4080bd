/**
 * Makes the editor's HTML safe to show in the live preview. The authority is the server, which sanitizes
 * Text with an allow-list on save; this only keeps the preview from running what the editor typed (no
 * scripts, frames, forms, styles, event handlers or script URLs).
 */
const DROPPED_ELEMENTS =
  'script, style, iframe, frame, object, embed, form, input, button, textarea, select, link, meta, base';

export const previewHtml = (html: string): string => {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const element of document.body.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (
        name.startsWith('on') ||
        name === 'style' ||
        name === 'srcdoc' ||
        ((name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action') &&
          (value.startsWith('javascript:') || value.startsWith('vbscript:') || value.startsWith('data:text')))
      ) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  return document.body.innerHTML;
};
