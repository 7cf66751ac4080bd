/**
 * What a running local stack tells the world. `infra/local/main.ts` prints it as one line
 * `NUTRI_READY {json}` once everything answers; scripts/test.mjs passes it to the integration tests
 * and Playwright as the NUTRI_STACK environment variable.
 */
export interface LocalStackInfo {
  /**
   * http://localhost:PORT, the one origin `npm start` prints and every generated URL uses: web app,
   * `/api/v2/*`, `/media/*`, `/dev/*` (local only). The gateway listens on 127.0.0.1.
   */
  baseUrl: string;
  /** ws://localhost:PORT/ws */
  wsUrl: string;
  /** The local SES mail viewer (also linked at `${baseUrl}/dev/mail`). */
  mailViewerUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  sesEndpoint: string;
  region: string;
  tableName: string;
  filesBucket: string;
  assetsBucket: string;
  dataDir: string;
  /** The local runtime's own process and the child processes it started (DynamoDB Local's java). */
  pid: number;
  childPids: number[];
  /** The Google stand-in (OAuth and Calendar, infra/local/local-google.ts), when no Google client is set. */
  googleUrl?: string;
}

export const READY_PREFIX = 'NUTRI_READY ';

export const readStackInfoFromEnv = (): LocalStackInfo => {
  const raw = process.env.NUTRI_STACK;
  if (!raw) throw new Error('NUTRI_STACK is not set: run the integration tests through `npm test`.');
  return JSON.parse(raw) as LocalStackInfo;
};
