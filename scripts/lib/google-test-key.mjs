/**
 * A per-run key pair that the test stack trusts as Google's ID-token signer, so the sign-in tests run the
 * production verification code (JWKS lookup, signature, aud, iss, expiry) without reaching Google. The stack
 * gets the public key set as a `data:` URL; the tests get the private key to sign their ID tokens.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';

export const googleTestKeys = () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  return {
    stackEnv: {
      GOOGLE_CLIENT_ID: 'nutri-tests.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: `data:application/json;base64,${Buffer.from(JSON.stringify(jwks)).toString('base64')}`,
    },
    testEnv: { NUTRI_GOOGLE_TEST_KEY: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }) },
  };
};
