/**
 * How every Lambda bundle is built: one esbuild configuration, used by the CDK (FeatureFunction, through
 * `bundleLambda`), by `npm run bundle -w functions` and by `npm run bench:lambda`, so what is measured is
 * what is deployed (docs/decisions/0017-lean-lambdas.md).
 *
 * - ESM for Node.js 22 (the Lambda runtime), minified and tree-shaken; packages' ESM builds first
 *   (`mainFields: module, main`), so the AWS SDK and Powertools shake down to what is imported.
 * - The AWS SDK v3 is bundled, not taken from the runtime: tree-shaking cuts each client to the commands
 *   we send, the version is the one package-lock.json pins and the tests ran, and nothing is resolved
 *   from the runtime's node_modules at start.
 * - Code splitting: a dynamic `import()` becomes a chunk of its own, read only when an operation first
 *   needs it. Heavy libraries that one operation uses (Stripe, the password dictionaries, the Italian
 *   municipality data, HTML sanitising, image processing) are imported that way, so a cold start parses
 *   only the entry and the chunks it imports statically.
 * - The SDK's default credential chain is replaced by its first link, `fromEnv`
 *   (functions/src/platform/lambda-credentials.ts): in Lambda the execution role's credentials are in the
 *   environment, and the chain's other providers pull the STS, SSO and sign-in clients, part of which
 *   esbuild would put in chunks read at start.
 * - The DynamoDB client reads only its own protocol from the SDK's protocol barrel (lambda-bundle-worker.mjs),
 *   so the other clients' protocol code stays in the chunks they load on first use.
 * - A `createRequire` banner: a few CommonJS dependencies call require() for Node built-ins.
 * - Packages with native binaries (sharp) cannot be inlined: they stay external and are installed next
 *   to the bundle for linux/arm64, at the version package-lock.json pins.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { REPO_ROOT } from './settings';

/** The Lambda runtime's Node.js major, as esbuild names it. */
export const LAMBDA_NODE_TARGET = 'node22';

/** Lets CommonJS dependencies inside the ESM bundle call require() for Node built-ins. */
export const ESM_REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** The file Lambda loads (handler `index.handler`). */
export const LAMBDA_ENTRY_FILE = 'index.mjs';

export interface LambdaBundleInput {
  /** The TypeScript entry (functions/src/<area>/handler.ts). */
  entry: string;
  /** Where index.mjs, its chunks and source maps go. */
  outdir: string;
  /** Packages with native binaries, left external (see `installNativeModules`). */
  nativeModules?: readonly string[];
}

/** The one esbuild configuration of every Lambda bundle. */
export const lambdaBuildOptions = ({
  entry,
  outdir,
  nativeModules = [],
}: LambdaBundleInput): BuildOptions => ({
  entryPoints: { index: entry },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: LAMBDA_NODE_TARGET,
  mainFields: ['module', 'main'],
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  minify: true,
  treeShaking: true,
  // Stack traces need file and line only; leaving sources out keeps the zip small.
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  charset: 'utf8',
  banner: { js: ESM_REQUIRE_SHIM },
  external: [...nativeModules],
  alias: {
    '@aws-sdk/credential-provider-node': path.join(
      REPO_ROOT,
      'functions',
      'src',
      'platform',
      'lambda-credentials.ts',
    ),
  },
  tsconfig: path.join(REPO_ROOT, 'functions', 'tsconfig.json'),
  metafile: true,
  logLevel: 'warning',
});

/** Where Lambda unpacks the code (the asset's root). */
export const LAMBDA_TASK_ROOT = '/var/task';

/** The web build's prerenderer (web/dist-ssr, `npm run build -w web`), for the Lambdas that write the pages. */
export const PRERENDERER_ENTRY = path.join(REPO_ROOT, 'web', 'dist-ssr', 'render-page.js');
/** Its bundle beside the Lambda's own, loaded by path at run time (functions/src/site/regenerate.ts). */
export const PRERENDERER_DIR = 'prerender';
export const PRERENDERER_FILE = `${PRERENDERER_DIR}/render-page.mjs`;

/**
 * Bundles the prerenderer with its libraries (React, the router, Mantine, SWR) into `outdir`/prerender: the
 * web build leaves them as imports of web's node_modules, which the Lambda does not have. Kept apart from
 * the Lambda's own bundle (read only by a job that renders pages, never at start) and split like it, so
 * the app's areas that no public page shows are read only if asked for.
 */
export const bundlePrerenderer = (outdir: string): Metafile => {
  if (!existsSync(PRERENDERER_ENTRY)) {
    throw new Error(
      `${path.relative(REPO_ROOT, PRERENDERER_ENTRY)} not found: run \`npm run build -w web\` before bundling`,
    );
  }
  const result = buildSync({
    entryPoints: { [path.basename(PRERENDERER_FILE, '.mjs')]: PRERENDERER_ENTRY },
    outdir: path.join(outdir, path.dirname(PRERENDERER_FILE)),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: LAMBDA_NODE_TARGET,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    charset: 'utf8',
    banner: { js: ESM_REQUIRE_SHIM },
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
};

/** The installed version of a package, as package-lock.json pinned it (resolved from the functions package). */
const installedVersion = (name: string) => {
  const require = createRequire(path.join(REPO_ROOT, 'functions', 'package.json'));
  // Up from its entry to its own package.json (packages such as sharp do not export that file).
  for (let directory = path.dirname(require.resolve(name)); ; directory = path.dirname(directory)) {
    const file = path.join(directory, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (manifest.name === name) return manifest.version;
    }
    if (directory === path.dirname(directory)) throw new Error(`No package.json found for ${name}`);
  }
};

/** Installs native packages next to the bundle, with the binaries of the Lambda's platform (linux, arm64). */
export const installNativeModules = (outdir: string, nativeModules: readonly string[]) => {
  if (!nativeModules.length) return;
  writeFileSync(
    path.join(outdir, 'package.json'),
    JSON.stringify({
      name: 'lambda-native-modules',
      private: true,
      type: 'module',
      dependencies: Object.fromEntries(nativeModules.map((name) => [name, installedVersion(name)])),
    }),
  );
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--omit=dev', '--loglevel=error'],
    {
      cwd: outdir,
      stdio: ['ignore', 'ignore', 'inherit'],
      // npm picks the optional binary packages (@img/sharp-linux-arm64, ...) of the Lambda's platform.
      env: { ...process.env, npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
    },
  );
};

/**
 * Builds one Lambda's code into `outdir` and returns esbuild's metafile (what went in, and how big).
 * Synchronous, as the CDK's local bundling must be: esbuild takes plugins only in its asynchronous API, so
 * the build runs in a child process (lambda-bundle-worker.mjs).
 */
export const buildLambdaCode = (input: LambdaBundleInput): Metafile => {
  const output = execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'infra', 'lib', 'lambda-bundle-worker.mjs')],
    {
      input: JSON.stringify({
        options: lambdaBuildOptions(input),
        functionsDir: path.join(REPO_ROOT, 'functions'),
      }),
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(output.toString('utf8')) as Metafile;
};

/** Builds one Lambda bundle into `outdir`, native modules installed; returns esbuild's metafile. */
export const bundleLambda = (input: LambdaBundleInput): Metafile => {
  const metafile = buildLambdaCode(input);
  installNativeModules(input.outdir, input.nativeModules ?? []);
  return metafile;
};
