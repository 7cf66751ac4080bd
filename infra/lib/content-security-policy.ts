/**
 * The Content-Security-Policy CloudFront adds to every response. Everything is same-origin except what is
 * listed: the WebSocket API, the files bucket (presigned POST uploads and presigned GET previews), Stripe,
 * the embedded Tally questionnaire and Google sign-in.
 */

/**
 * Google Identity Services ("Accedi con Google" on /Login and /Grazie): its script, the frames of its
 * button and popup, the calls its script makes and its stylesheet, each limited to the `/gsi/` paths
 * Google documents for a Content-Security-Policy. The local gateway sends the same sources.
 */
export const GOOGLE_SIGN_IN_SOURCES = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
} as const;
export interface ContentSecurityPolicySources {
  /** `wss://{api}.execute-api.{region}.amazonaws.com/{stage}` */
  realtimeUrl: string;
  /** `https://{bucket}.s3.{region}.amazonaws.com` */
  filesOrigin: string;
}

export const buildContentSecurityPolicy = ({ realtimeUrl, filesOrigin }: ContentSecurityPolicySources) =>
  [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE_SIGN_IN_SOURCES.script}`,
    // Mantine writes its CSS variables and component styles in <style> elements at run time.
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN_SOURCES.style}`,
    `img-src 'self' data: blob: ${filesOrigin}`,
    `media-src 'self' blob: ${filesOrigin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${realtimeUrl} ${filesOrigin} https://*.stripe.com ${GOOGLE_SIGN_IN_SOURCES.connect}`,
    `frame-src https://tally.so ${GOOGLE_SIGN_IN_SOURCES.frame}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
