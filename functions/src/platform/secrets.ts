/**
 * Secrets come from Secrets Manager in the cloud (cached per process by Powertools) and from the
 * environment in the local runtime, which generates them under .data/ at first start.
 */
const SECRET_CACHE_SECONDS = 300;

// Powertools' provider and the Secrets Manager client are loaded on the first secret read, not at start.
const getSecret: typeof import('@aws-lambda-powertools/parameters/secrets').getSecret = async (...args) =>
  (await import('@aws-lambda-powertools/parameters/secrets')).getSecret(...args);

/** Reads a JSON secret: from `arn` when set (cloud), else from the inline JSON (local). */
export const readJsonSecret = async (
  arn: string | undefined,
  inlineJson: string | undefined,
  name: string,
) => {
  if (arn) {
    const value = await getSecret<unknown>(arn, { transform: 'json', maxAge: SECRET_CACHE_SECONDS });
    if (value === undefined) throw new Error(`Secret ${name} is empty`);
    return value;
  }
  if (inlineJson) return JSON.parse(inlineJson) as unknown;
  throw new Error(`Secret ${name} is not configured`);
};

/** Reads a plain-text secret: from `arn` when set (cloud), else the inline value (local). */
export const readTextSecret = async (arn: string | undefined, inline: string | undefined, name: string) => {
  if (arn) {
    const value = await getSecret<string>(arn, { maxAge: SECRET_CACHE_SECONDS });
    if (!value) throw new Error(`Secret ${name} is empty`);
    return value;
  }
  if (inline) return inline;
  throw new Error(`Secret ${name} is not configured`);
};
