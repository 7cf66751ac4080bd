/**
 * The local gateway sends the security headers CloudFront sends in the cloud, so a CSP mistake shows up
 * locally: both allow Google sign-in's sources, and nothing else of Google.
 */
import { describe, expect, it } from 'vitest';
import { GOOGLE_SIGN_IN_SOURCES, buildContentSecurityPolicy } from '../lib/content-security-policy';
import { webSecurityHeaders } from '../local/http-gateway';

const directivesOf = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [String(name), values]),
  );

const cloud = directivesOf(
  buildContentSecurityPolicy({
    realtimeUrl: 'wss://abc.execute-api.eu-south-1.amazonaws.com/prod',
    filesOrigin: 'https://files.s3.eu-south-1.amazonaws.com',
  }),
);
const local = directivesOf(webSecurityHeaders('http://127.0.0.1:4569')['Content-Security-Policy']!);

describe('Content-Security-Policy and Google sign-in', () => {
  it.each([
    ['cloud', cloud],
    ['local', local],
  ])('%s: allows the script, frames, calls and style of Google Identity Services', (_name, csp) => {
    expect(csp.get('script-src')).toEqual(["'self'", GOOGLE_SIGN_IN_SOURCES.script]);
    expect(csp.get('frame-src')).toContain('https://accounts.google.com/gsi/');
    expect(csp.get('connect-src')).toContain('https://accounts.google.com/gsi/');
    expect(csp.get('style-src')).toContain('https://accounts.google.com/gsi/style');
  });

  it.each([
    ['cloud', cloud],
    ['local', local],
  ])('%s: names no other Google address, and no wildcard of it', (_name, csp) => {
    const google = [...csp.values()].flat().filter((source) => source.includes('google'));
    expect(google.every((source) => source.startsWith('https://accounts.google.com/gsi/'))).toBe(true);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
