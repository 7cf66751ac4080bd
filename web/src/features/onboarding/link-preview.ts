/**
 * WhatsApp (and the other chat apps) open a link once on their own to draw its preview. The e-mail
 * verification link is single-use, so /VerifyEmail must not spend it for them (docs/product.md#screens); the
 * server refuses them too, by the same user agents.
 */
const LINK_PREVIEWER_AGENTS =
  /WhatsApp|facebookexternalhit|TelegramBot|Slackbot|Twitterbot|LinkedInBot|Discordbot|SkypeUriPreview/i;

export const isLinkPreviewer = (userAgent: string | null | undefined) =>
  Boolean(userAgent && LINK_PREVIEWER_AGENTS.test(userAgent));
