import { SignJWT, UnsecuredJWT, generateKeyPair, importJWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateJwtKeys,
  resetTokenKeys,
  signAccessToken,
  verifyAccessToken,
} from '../../src/platform/tokens';
import { useTestConfig } from './support/test-config';

const ISSUER = 'https://nutri.test';
const AUDIENCE = 'nutri-api';

beforeAll(async () => {
  useTestConfig({
    JWT_ISSUER: ISSUER,
    JWT_AUDIENCE: AUDIENCE,
    JWT_KEYS_JSON: JSON.stringify(await generateJwtKeys()),
  });
  resetTokenKeys();
});

describe('access tokens', () => {
  it('round-trips subject, roles and session', async () => {
    const token = await signAccessToken({ sub: 'user-1', roles: ['Patient'], fam: 'family-1' });
    await expect(verifyAccessToken(token)).resolves.toEqual({
      sub: 'user-1',
      roles: ['Patient'],
      fam: 'family-1',
    });
  });

  it('refuses a token without a session (nothing could end it)', async () => {
    const { privateJwk, kid } = JSON.parse(process.env.JWT_KEYS_JSON!) as {
      kid: string;
      privateJwk: Parameters<typeof importJWK>[0];
    };
    const token = await new SignJWT({ roles: ['Patient'] })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importJWK(privateJwk, 'EdDSA'));
    await expect(verifyAccessToken(token)).rejects.toThrow();
  });

  it('refuses an expired token', async () => {
    const token = await signAccessToken({ sub: 'user-1', roles: ['Patient'], fam: 'family-1' }, 60);
    await expect(verifyAccessToken(token, new Date(Date.now() + 61_000))).rejects.toThrow(/exp/);
  });

  it('refuses a tampered payload', async () => {
    const token = await signAccessToken({ sub: 'user-1', roles: ['Patient'], fam: 'family-1' });
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        roles: ['SystemAdmin'],
      }),
    ).toString('base64url');
    await expect(verifyAccessToken(`${header}.${forged}.${signature}`)).rejects.toThrow();
  });

  it('refuses an unsigned (alg none) token', async () => {
    const token = new UnsecuredJWT({ roles: ['SystemAdmin'] })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    await expect(verifyAccessToken(token)).rejects.toThrow();
  });

  it('refuses a token signed with another algorithm and key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({ roles: ['SystemAdmin'] })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    await expect(verifyAccessToken(token)).rejects.toThrow();
  });

  it('refuses a token for another audience or of another type', async () => {
    const keys = JSON.parse(process.env.JWT_KEYS_JSON!) as { privateJwk: Record<string, string> };
    const { importJWK } = await import('jose');
    const key = await importJWK(keys.privateJwk, 'EdDSA');
    const base = () =>
      new SignJWT({ roles: ['Patient'] })
        .setSubject('user-1')
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime('5m');
    const otherAudience = await base()
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
      .setAudience('other')
      .sign(key);
    const otherType = await base()
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setAudience(AUDIENCE)
      .sign(key);
    await expect(verifyAccessToken(otherAudience)).rejects.toThrow();
    await expect(verifyAccessToken(otherType)).rejects.toThrow();
  });
});
