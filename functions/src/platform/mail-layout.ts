/**
 * The one layout of every e-mail: a short Italian message with an optional button, as HTML and as
 * plain text. Values are escaped here, so templates can pass user-provided names safely.
 */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Where the reader of an optional mail leaves our optional mails (accounts/unsubscribe.ts signs them). */
export interface UnsubscribeLinks {
  /** The page the footer link opens. */
  pageUrl: string;
  /** The RFC 8058 one-click target of the `List-Unsubscribe` header (a POST, no session). */
  oneClickUrl: string;
}

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** Only for mails the reader may refuse: a footer link and the one-click headers. */
  unsubscribe?: UnsubscribeLinks;
}

const UNSUBSCRIBE_TEXT = 'Non vuoi più ricevere promemoria e avvisi come questo?';
const UNSUBSCRIBE_LABEL = 'Annulla l’iscrizione';

export const renderMail = (content: MailContent) => {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2f7d4f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const footer = content.footer ?? 'Il team di Nutrì';
  const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2a24;background:#f5f7f5;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#2f7d4f;margin:0 0 16px">Nutrì</p>
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphs}${button}
<p style="margin:24px 0 0;color:#555">${escapeHtml(footer)}</p>${
    content.unsubscribe
      ? `<p style="margin:24px 0 0;font-size:12px;color:#555">${escapeHtml(UNSUBSCRIBE_TEXT)} <a href="${escapeHtml(content.unsubscribe.pageUrl)}" style="color:#2f7d4f">${escapeHtml(UNSUBSCRIBE_LABEL)}</a></p>`
      : ''
  }
</div></body></html>`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    footer,
    ...(content.unsubscribe
      ? ['', `${UNSUBSCRIBE_TEXT} ${UNSUBSCRIBE_LABEL}: ${content.unsubscribe.pageUrl}`]
      : []),
  ].join('\n');
  return {
    subject: content.subject,
    html,
    text,
    ...(content.unsubscribe ? { listUnsubscribeUrl: content.unsubscribe.oneClickUrl } : {}),
  };
};
