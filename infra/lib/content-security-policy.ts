/**
 * The Content-Security-Policy CloudFront adds to every response. Everything is same-origin except what is
 * listed: the WebSocket API, the files bucket (presigned POST uploads and presigned GET previews), Stripe
 * and the embedded Tally questionnaire.
 */
export interface ContentSecurityPolicySources {
  /** `wss://{api}.execute-api.{region}.amazonaws.com/{stage}` */
  realtimeUrl: string;
  /** `https://{bucket}.s3.{region}.amazonaws.com` */
  filesOrigin: string;
}

export const buildContentSecurityPolicy = ({ realtimeUrl, filesOrigin }: ContentSecurityPolicySources) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes its CSS variables and component styles in <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${filesOrigin}`,
    `media-src 'self' blob: ${filesOrigin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${realtimeUrl} ${filesOrigin} https://*.stripe.com`,
    'frame-src https://tally.so',
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
