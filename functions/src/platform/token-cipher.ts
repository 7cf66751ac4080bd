/**
 * Encryption at rest of third-party tokens (Google's OAuth tokens of a nutritionist's calendar): the
 * table holds only ciphertext. In the cloud each value is encrypted by KMS with the stage's key
 * (GOOGLE_TOKEN_KMS_KEY_ID; the values are small, under KMS's 4 KB); locally, with AES-256-GCM and the
 * key the local runtime generated (GOOGLE_TOKEN_KEY). Either way the encryption context (e.g. the owner's
 * user id) is bound in, so a ciphertext copied onto another user's item does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { config } from './config';

export type CipherContext = Record<string, string>;

const LOCAL_PREFIX = 'local:';
const KMS_PREFIX = 'kms:';

const additionalData = (context: CipherContext) =>
  Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((key) => [key, context[key]]),
    ),
    'utf8',
  );

const localKey = () => {
  const { GOOGLE_TOKEN_KEY } = config();
  const key = GOOGLE_TOKEN_KEY ? Buffer.from(GOOGLE_TOKEN_KEY, 'base64') : null;
  if (key?.length !== 32) throw new Error('Token encryption key is not configured');
  return key;
};

// The KMS client is loaded on the first encryption, not at start (only the areas that store tokens use it).
let kmsClient: import('@aws-sdk/client-kms').KMSClient | undefined;
const kms = async () => {
  const sdk = await import('@aws-sdk/client-kms');
  kmsClient ??= new sdk.KMSClient({ region: config().AWS_REGION });
  return { client: kmsClient, sdk };
};

export const encryptToken = async (plaintext: string, context: CipherContext): Promise<string> => {
  const keyId = config().GOOGLE_TOKEN_KMS_KEY_ID;
  if (keyId) {
    const { client, sdk } = await kms();
    const { CiphertextBlob } = await client.send(
      new sdk.EncryptCommand({
        KeyId: keyId,
        Plaintext: Buffer.from(plaintext, 'utf8'),
        EncryptionContext: context,
      }),
    );
    if (!CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return `${KMS_PREFIX}${Buffer.from(CiphertextBlob).toString('base64')}`;
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', localKey(), iv);
  cipher.setAAD(additionalData(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${LOCAL_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
};

export const decryptToken = async (ciphertext: string, context: CipherContext): Promise<string> => {
  if (ciphertext.startsWith(KMS_PREFIX)) {
    const { client, sdk } = await kms();
    const { Plaintext } = await client.send(
      new sdk.DecryptCommand({
        CiphertextBlob: Buffer.from(ciphertext.slice(KMS_PREFIX.length), 'base64'),
        EncryptionContext: context,
        ...(config().GOOGLE_TOKEN_KMS_KEY_ID ? { KeyId: config().GOOGLE_TOKEN_KMS_KEY_ID } : {}),
      }),
    );
    if (!Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(Plaintext).toString('utf8');
  }
  if (!ciphertext.startsWith(LOCAL_PREFIX)) throw new Error('Unknown token ciphertext');
  const raw = Buffer.from(ciphertext.slice(LOCAL_PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', localKey(), raw.subarray(0, 12));
  decipher.setAAD(additionalData(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};
