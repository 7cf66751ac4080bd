/**
 * Helpers for integration tests against the running local stack: HTTP calls, sign-in, mails from the
 * local SES, and direct access to the same functions code (configured for the stack) to prepare data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Role, TokenResponse } from '@nutri/shared';
import { readStackInfoFromEnv } from '../../../infra/local/stack-info';

export const stack = readStackInfoFromEnv();

// Point the functions code imported by tests at the stack (same configuration the runtime uses).
Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_REGION: stack.region,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  TABLE_NAME: stack.tableName,
  DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
  S3_ENDPOINT: stack.s3Endpoint,
  FILES_BUCKET: stack.filesBucket,
  ASSETS_BUCKET: stack.assetsBucket,
  ASSETS_BASE_URL: `${stack.baseUrl}/media`,
  SES_ENDPOINT: stack.sesEndpoint,
  PUBLIC_BASE_URL: stack.baseUrl,
  JWT_KEYS_JSON: readFileSync(join(stack.dataDir, 'keys', 'jwt.json'), 'utf8'),
});

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export const api = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: BodyInit } = {},
): Promise<ApiResult<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${stack.baseUrl}/api/v2/${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
};

/**
 * The same call from another client: the connection leaves from `clientAddress` (any 127.x.y.z, all
 * loopback on Linux), so the stack sees another client IP, exactly as it would behind CloudFront.
 */
export const apiFrom = <T = Record<string, unknown>>(
  clientAddress: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<ApiResult<T>> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const call = httpRequest(
      `${stack.baseUrl}/api/v2/${path}`,
      { method, headers, localAddress: clientAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') responseHeaders.set(name, value);
          resolve({
            status: response.statusCode ?? 0,
            headers: responseHeaders,
            body: (text ? JSON.parse(text) : undefined) as T,
          });
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });

export const login = async (email: string, password: string, rememberMe = false) => {
  const result = await api<TokenResponse>('POST', 'Account/Login', { body: { email, password, rememberMe } });
  if (result.status !== 200)
    throw new Error(`login ${email}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
};

/** A fresh user of the given role, created straight in the table with the real repository code. */
export const createTestUser = async (roles: Role[] = ['Patient'], password = 'Ortaggi-Freschi-2026') => {
  const { createUser } = await import('../../../functions/src/accounts/users-repo');
  const { hashPassword } = await import('../../../functions/src/accounts/password');
  const id = randomUUID();
  const email = `test-${id.slice(0, 8)}@nutri.test`;
  const now = new Date().toISOString();
  await createUser({
    Id: id,
    UserName: `utente-${id.slice(0, 8)}`,
    Email: email,
    Name: 'Mario Verdi',
    DisplayName: `Mario Verdi ${id.slice(0, 4)}`,
    MobilePhoneNo: null,
    roles,
    passwordHash: await hashPassword(password),
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  return { id, email, userName: `utente-${id.slice(0, 8)}`, password };
};

interface StoredMail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Headers the sender added (e.g. List-Unsubscribe). */
  headers?: { name: string; value: string }[];
  at: number;
}

/** Mails the local SES received for an address, newest last. */
export const mailsTo = async (address: string): Promise<StoredMail[]> => {
  const response = await fetch(`${stack.sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) =>
    mail.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );
};

export const waitForMail = async (
  address: string,
  predicate: (mail: StoredMail) => boolean = () => true,
  timeoutMs = 10_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).filter(predicate);
    if (found.length) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
