/**
 * What the web stack deploys: the built React app (web/dist), or a placeholder page when it has not been
 * built, so that `cdk synth` works on a fresh clone. `npm run deploy` builds the app first.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export type WebBundle = { kind: 'built'; directory: string } | { kind: 'placeholder'; reason: string };

/**
 * Where CloudFront serves the assets bucket. Not `/assets/`: that is where Vite puts the app's own hashed
 * bundles by default, and one path cannot have two origins.
 */
export const ASSETS_PATH = 'media';

/** Where the web build keeps its content-hashed bundles (docs/decisions/0001), cached for a year. */
export const HASHED_BUNDLE_DIR = 'static';

/** Top-level folders CloudFront routes to other origins, so the web bundle must not use them. */
export const RESERVED_WEB_PATHS = [ASSETS_PATH, 'api'] as const;

export const locateWebBundle = (webDistDir: string): WebBundle => {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    return {
      kind: 'placeholder',
      reason: `${webDistDir}/index.html not found: run \`npm run build -w web\` before deploying`,
    };
  }
  const clash = RESERVED_WEB_PATHS.find(
    (name) => existsSync(path.join(webDistDir, name)) && statSync(path.join(webDistDir, name)).isDirectory(),
  );
  if (clash) {
    throw new Error(
      `${webDistDir}/${clash}/ would be unreachable: CloudFront routes /${clash}/* elsewhere. ` +
        'Rename that folder in the web build.',
    );
  }
  return { kind: 'built', directory: webDistDir };
};

export const PLACEHOLDER_INDEX_HTML = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Nutrì</title></head>
<body><p>Nutrì è in preparazione.</p></body></html>
`;
