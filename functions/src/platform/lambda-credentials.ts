/**
 * What `@aws-sdk/credential-provider-node` resolves to inside a Lambda bundle (an alias of
 * infra/lib/lambda-bundle.ts): the execution role's credentials from the environment, nothing else.
 *
 * The Lambda runtime puts the role's credentials in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
 * AWS_SESSION_TOKEN, valid for the execution environment's lifetime, and sets no AWS_PROFILE; the SDK's
 * default chain therefore always ends at its first link, `fromEnv`. Its other links (SSO, ini files,
 * credential_process, web identity, container and instance metadata) import the STS, SSO and sign-in
 * clients with the query/XML protocol, and esbuild puts part of that code in chunks every cold start reads
 * (docs/decisions/0017-lean-lambdas.md). Only the bundles use this: the local runtime and the scripts run
 * the sources with the SDK's own chain.
 */
import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/** The SDK clients call `credentialDefaultProvider(init)` when no credentials are passed. */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);

// The rest of the package's surface, as it defines them (credentials expiring within 5 minutes are refreshed).
export const credentialsWillNeedRefresh = (credentials: { expiration?: Date }) =>
  credentials.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials: { expiration?: Date }) =>
  credentials.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
