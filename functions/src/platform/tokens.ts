/**
 * Access tokens: EdDSA-signed JWTs (jose) with `iss`, `aud` and `typ` checked and an algorithm
 * allow-list, so a token signed with another algorithm (or `none`) is refused.
 */
import {
  SignJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type KeyObject,
} from 'jose';
import * as z from 'zod';
import { ROLES } from '@nutri/shared';
import { config } from './config';
import { readJsonSecret } from './secrets';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ACCESS_TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'EdDSA';

const jwtKeysSchema = z.object({
  kid: z.string().min(1),
  privateJwk: z.looseObject({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), d: z.string() }),
  publicJwk: z.looseObject({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});
export type JwtKeys = z.infer<typeof jwtKeysSchema>;

type Key = CryptoKey | KeyObject | Uint8Array;
let keysPromise: Promise<{ kid: string; privateKey: Key; publicKey: Key; master: Buffer }> | undefined;

const loadKeys = () => {
  keysPromise ??= (async () => {
    const { JWT_SECRET_ARN, JWT_KEYS_JSON } = config();
    const keys = jwtKeysSchema.parse(await readJsonSecret(JWT_SECRET_ARN, JWT_KEYS_JSON, 'JWT keys'));
    return {
      kid: keys.kid,
      privateKey: await importJWK(keys.privateJwk as JWK, ALGORITHM),
      publicKey: await importJWK(keys.publicJwk as JWK, ALGORITHM),
      master: Buffer.from(keys.privateJwk.d, 'base64url'),
    };
  })().catch((error: unknown) => {
    keysPromise = undefined;
    throw error;
  });
  return keysPromise;
};

/** Secret bytes other signatures (e.g. unsubscribe links) derive their own keys from (platform/hash.ts). */
export const signingMasterKey = async () => (await loadKeys()).master;

/** For the local runtime and tests, after they change the key configuration. */
export const resetTokenKeys = () => {
  keysPromise = undefined;
};

export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  roles: z.array(z.enum(ROLES)),
  /**
   * Refresh-token family (the session) the access token was issued from. Every request checks that the
   * session is still on, so a token without one is refused.
   */
  fam: z.string().min(1),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const signAccessToken = async (claims: AccessTokenClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) => {
  const { kid, privateKey } = await loadKeys();
  const { JWT_ISSUER, JWT_AUDIENCE } = config();
  return new SignJWT({ roles: claims.roles, fam: claims.fam })
    .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid })
    .setSubject(claims.sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(privateKey);
};

/** Verifies signature, algorithm, type, issuer, audience and expiry; throws on any mismatch. */
export const verifyAccessToken = async (token: string, currentDate?: Date): Promise<AccessTokenClaims> => {
  const { publicKey } = await loadKeys();
  const { JWT_ISSUER, JWT_AUDIENCE } = config();
  const { payload } = await jwtVerify(token, publicKey, {
    algorithms: [ALGORITHM],
    typ: ACCESS_TOKEN_TYPE,
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iat'],
    ...(currentDate ? { currentDate } : {}),
  });
  return accessTokenClaimsSchema.parse(payload);
};

/** A fresh Ed25519 key set in the shape the JWT secret holds (local runtime, tests, deploy docs). */
export const generateJwtKeys = async (): Promise<JwtKeys> => {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const kid = `k-${Date.now().toString(36)}`;
  return jwtKeysSchema.parse({
    kid,
    privateJwk: await exportJWK(privateKey),
    publicJwk: await exportJWK(publicKey),
  });
};
