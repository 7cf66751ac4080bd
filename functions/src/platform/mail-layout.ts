/**
 * The one layout of every e-mail: a short Italian message with an optional button, as HTML and as
 * plain text. Values are escaped here, so templates can pass user-provided names safely.
 *
 * A mail is a body (what an editable template holds: docs/product.md#e-mail-templates) inside a shell
 * that is not editable: the header, the page around the body and, for optional mails, the unsubscribe line.
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

/** A finished mail: subject, HTML and text bodies, and the body parts the shell wraps. */
export interface MailBody {
  subject: string;
  /** The HTML between the header and the unsubscribe line. */
  html: string;
  /** The text before the unsubscribe line. */
  text: string;
}

const UNSUBSCRIBE_TEXT = 'Non vuoi più ricevere promemoria e avvisi come questo?';
const UNSUBSCRIBE_LABEL = 'Annulla l’iscrizione';

/**
 * The body of a content, its literals escaped. A template's default body is the body of a content whose
 * values are `{{name}}` placeholders, which escaping leaves as they are (platform/mail-templates.ts).
 */
export const contentBody = (content: Omit<MailContent, 'unsubscribe'>): MailBody => {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2f7d4f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const footer = content.footer ?? 'Il team di Nutrì';
  const html = `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphs}${button}
<p style="margin:24px 0 0;color:#555">${escapeHtml(footer)}</p>`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    footer,
  ].join('\n');
  return { subject: content.subject, html, text };
};

/** The shell around a body: header, page and, for optional mails, the unsubscribe line and headers. */
export const wrapBody = (body: MailBody, unsubscribe?: UnsubscribeLinks) => {
  const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2a24;background:#f5f7f5;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#2f7d4f;margin:0 0 16px">Nutrì</p>
${body.html}${
    unsubscribe
      ? `<p style="margin:24px 0 0;font-size:12px;color:#555">${escapeHtml(UNSUBSCRIBE_TEXT)} <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#2f7d4f">${escapeHtml(UNSUBSCRIBE_LABEL)}</a></p>`
      : ''
  }
</div></body></html>`;
  const text = unsubscribe
    ? `${body.text}\n\n${UNSUBSCRIBE_TEXT} ${UNSUBSCRIBE_LABEL}: ${unsubscribe.pageUrl}`
    : body.text;
  return {
    subject: body.subject,
    html,
    text,
    ...(unsubscribe ? { listUnsubscribeUrl: unsubscribe.oneClickUrl } : {}),
  };
};
