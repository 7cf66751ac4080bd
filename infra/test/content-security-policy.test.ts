/**
 * The local gateway sends the security headers CloudFront sends in the cloud, so a CSP mistake shows up
 * locally: both allow Google sign-in's sources, and nothing else of Google.
 */
import { describe, expect, it } from 'vitest';
import { GOOGLE_SIGN_IN_SOURCES, buildContentSecurityPolicy } from '../lib/content-security-policy';
import { localRealtimeUrl, webSecurityHeaders } from '../local/http-gateway';

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
const local = directivesOf(
  webSecurityHeaders({
    filesOrigin: 'http://127.0.0.1:4569',
    realtimeUrl: localRealtimeUrl('localhost:3000', 'ws'),
  })['Content-Security-Policy']!,
);

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

describe('Content-Security-Policy and the realtime channel', () => {
  it.each([
    ['cloud', cloud, 'wss://abc.execute-api.eu-south-1.amazonaws.com/prod'],
    ['local', local, 'ws://localhost:3000/ws'],
  ])('%s: allows WebSockets to its own realtime endpoint only, never any host', (_name, csp, realtimeUrl) => {
    const connect = csp.get('connect-src') ?? [];
    expect(connect).toContain(realtimeUrl);
    expect(connect.filter((source) => /^wss?:/.test(source))).toEqual([realtimeUrl]);
  });

  it('pins the local endpoint to the Host the browser used, and nothing when the Host is not a plain host', () => {
    expect(localRealtimeUrl('127.0.0.1:41234', 'ws')).toBe('ws://127.0.0.1:41234/ws');
    expect(localRealtimeUrl('[::1]:3000', 'ws')).toBe('ws://[::1]:3000/ws');
    for (const host of [undefined, '', 'evil.example; script-src *', 'a b', 'x:1/y']) {
      expect(localRealtimeUrl(host, 'ws'), String(host)).toBeNull();
    }
    const pinnedNothing = webSecurityHeaders({ filesOrigin: 'http://127.0.0.1:4569', realtimeUrl: null });
    expect(pinnedNothing['Content-Security-Policy']).not.toMatch(/\bwss?:/);
  });
});
