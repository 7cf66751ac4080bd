import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The caller's IP for throttling. Behind CloudFront, API Gateway's sourceIp is CloudFront's, and the
 * viewer's address is the last entry CloudFront appended to X-Forwarded-For; entries before it are
 * client-supplied and never trusted. TRUSTED_PROXY_HOPS says how many proxies stand in front (cloud: 1).
 */
export const clientIp = (event: APIGatewayProxyEvent): string => {
  const hops = Number(process.env.TRUSTED_PROXY_HOPS ?? 0);
  const sourceIp = event.requestContext.identity.sourceIp;
  if (!hops) return sourceIp;
  const forwardedFor = Object.entries(event.headers ?? {}).find(
    ([key]) => key.toLowerCase() === 'x-forwarded-for',
  )?.[1];
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return chain[chain.length - hops] ?? sourceIp;
};
