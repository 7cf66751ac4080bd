/**
 * The real Google ID-token verification, against a key set this test generates and serves on localhost
 * the way Google publishes its keys (a JWKS document).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigCache } from '../../src/platform/config';
import { verifyGoogleIdToken } from '../../src/onboarding/google';
import { useTestConfig } from './support/test-config';

const CLIENT_ID = 'nutri-test.apps.googleusercontent.com';
let server: Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const google = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  googleKey = google.privateKey;
  strangerKey = stranger.privateKey;
  const jwks = {
    keys: [{ ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' }],
  };
  server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  useTestConfig({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_JWKS_URL;
  resetConfigCache();
});

const idToken = (
  claims: Record<string, unknown> = {},
  options: {
    key?: CryptoKey;
    kid?: string;
    audience?: string;
    issuer?: string;
    expiresIn?: string | number;
  } = {},
) =>
  new SignJWT({
    email: 'laura@gmail.com',
    email_verified: true,
    given_name: 'Laura',
    family_name: 'Neri',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'google-1', typ: 'JWT' })
    .setSubject('1234567890')
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? googleKey);

describe('verifyGoogleIdToken', () => {
  it('accepts a token signed by the published key for our client', async () => {
    await expect(verifyGoogleIdToken(await idToken())).resolves.toMatchObject({
      email: 'laura@gmail.com',
      given_name: 'Laura',
    });
    await expect(
      verifyGoogleIdToken(await idToken({}, { issuer: 'accounts.google.com' })),
    ).resolves.toBeDefined();
  });

  it('refuses another audience, another issuer, an expired token and an unverified e-mail', async () => {
    await expect(verifyGoogleIdToken(await idToken({}, { audience: 'someone-else' }))).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      verifyGoogleIdToken(await idToken({}, { issuer: 'https://evil.example' })),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      verifyGoogleIdToken(await idToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 })),
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(verifyGoogleIdToken(await idToken({ email_verified: false }))).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses a token signed by a key Google did not publish, and a symmetric one', async () => {
    await expect(verifyGoogleIdToken(await idToken({}, { key: strangerKey }))).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      verifyGoogleIdToken(await idToken({}, { key: strangerKey, kid: 'unknown' })),
    ).rejects.toMatchObject({ status: 401 });
    const hs256 = await new SignJWT({ email: 'laura@gmail.com', email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'google-1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('guessable-secret'));
    await expect(verifyGoogleIdToken(hs256)).rejects.toMatchObject({ status: 401 });
  });
});
