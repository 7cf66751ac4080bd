/**
 * `npm run bench:web [-- --runs 3 --no-compression --json out.json --reports dir]`: Lighthouse on the
 * production build (--reports keeps each page's full Lighthouse report, JSON, for the details).
 *
 * Builds the web app when its sources are newer than web/dist, starts the local stack, and runs
 * Lighthouse (default config: the mobile preset with simulated throttling) in the system Chromium on `/`,
 * `/Nutritionists`, the first public profile and the newest article (both read from the API). Prints the
 * four category scores per page (the median run by performance when --runs > 1) and the JavaScript the
 * landing page loads initially (the files index.html loads and preloads, gzip). Everything it starts is
 * stopped at the end, also on Ctrl-C.
 *
 * In production CloudFront compresses text responses; the local gateway does not. Unless
 * --no-compression is given, the pages are therefore loaded through a loopback proxy that gzips (or
 * brotli-compresses) text responses the way CloudFront does, so transfer sizes are the production ones.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  LocalStackStartError,
  repoRoot,
  startLocalStack,
  type RunningLocalStack,
} from '../lib/local-stack.mjs';
import { cleanUpOnSignals, stopStack } from './lifecycle';

const CHROMIUM_PATH = '/usr/bin/chromium';
// Chromium must not reach the network on its own: only 127.0.0.1 is measured.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS = { performance: 95, accessibility: 100 } as const;

const webRoot = path.join(repoRoot, 'web');
const distIndex = path.join(webRoot, 'dist', 'index.html');

const readOptions = () => {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      'no-compression': { type: 'boolean', default: false },
      json: { type: 'string' },
      reports: { type: 'string' },
    },
    strict: true,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9)
    throw new Error(`--runs must be 1 to 9 (got "${values.runs}").`);
  return { runs, compress: !values['no-compression'], json: values.json, reports: values.reports };
};

/** Newest modification time under a directory (files only). */
const newestMtime = (target: string): number => {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
};

/** Builds web/dist unless it is newer than everything it is built from. */
const ensureBuild = () => {
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((entry) =>
    path.join(webRoot, entry),
  );
  const sharedSources = path.join(repoRoot, 'shared', 'src');
  const newestInput = Math.max(...[...inputs, sharedSources].filter(existsSync).map(newestMtime));
  if (existsSync(distIndex) && statSync(distIndex).mtimeMs >= newestInput) {
    console.log('web/dist is up to date.');
    return;
  }
  console.log('Building the web app (npm run build -w web)…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
};

/** The JavaScript index.html loads or preloads: what a first visit of `/` downloads before it shows. */
const landingInitialJs = () => {
  const html = readFileSync(distIndex, 'utf8');
  const files = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  const bytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(webRoot, 'dist', file))).length,
    0,
  );
  return { files: files.size, kb: bytes / 1000 };
};

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * A loopback stand-in for CloudFront's automatic compression: forwards every request to the gateway and
 * compresses text responses (br when accepted, else gzip), like CloudFront does for files of 1 KB to 10 MB,
 * answering as the one public origin (as CloudFront does in front of the API and the assets).
 */
const startCompressingProxy = async (target: string) => {
  const upstream = new URL(target);
  let ownOrigin = '';
  const server = http.createServer((request, response) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          const type = String(headers['content-type'] ?? '');
          const accepts = String(request.headers['accept-encoding'] ?? '');
          // The API names images with absolute URLs of the gateway (production: the public origin): point
          // them at this origin, or the page's CSP (img-src 'self') would block them.
          if (/json|html|xml/.test(type))
            body = Buffer.from(body.toString('utf8').replaceAll(upstream.origin, ownOrigin));
          let encoded = body;
          if (COMPRESSIBLE.test(type) && body.length >= 1000 && body.length <= 10_000_000) {
            if (/\bbr\b/.test(accepts)) {
              encoded = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
              headers['content-encoding'] = 'br';
            } else if (/\bgzip\b/.test(accepts)) {
              encoded = gzipSync(body);
              headers['content-encoding'] = 'gzip';
            }
            headers.vary = 'Accept-Encoding';
          }
          headers['content-length'] = String(encoded.length);
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(request.method === 'HEAD' ? undefined : encoded);
        });
      },
    );
    forward.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  ownOrigin = `http://127.0.0.1:${port}`;
  return { server, url: ownOrigin };
};

interface ListPage<T> {
  Data: T[];
}

const getJson = async <T>(url: string): Promise<T> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} -> ${response.status}`);
  return (await response.json()) as T;
};

/** The pages measured: home, the list, one profile and one article, as the API names them. */
const pagesToMeasure = async (base: string) => {
  const nutritionists = await getJson<ListPage<{ ProfilePageUrl: string }>>(
    `${base}/api/v2/Nutritionists/Public?limit=1`,
  );
  const articles = await getJson<ListPage<{ FriendlyUrl: string }>>(
    `${base}/api/v2/PublicStaticContent?ContentType=Article&limit=1`,
  );
  const profile = nutritionists.Data[0]?.ProfilePageUrl;
  const article = articles.Data[0]?.FriendlyUrl;
  if (!profile || !article)
    throw new Error('The local stack has no public nutritionist or article to measure.');
  return [
    { name: 'home', path: '/' },
    { name: 'nutritionists', path: '/Nutritionists' },
    { name: 'profile', path: `/Nutritionists/${encodeURIComponent(profile)}` },
    { name: 'article', path: `/Blog/${encodeURIComponent(article)}` },
  ];
};

interface Measured {
  name: string;
  path: string;
  scores: Record<Category, number | null>;
  metrics: { lcpMs: number | null; tbtMs: number | null; cls: number | null; fcpMs: number | null };
  /** Audits of the four categories that did not pass, for the report. */
  failing: string[];
}

const runLighthouse = async (
  url: string,
  port: number,
  reportFile?: string,
): Promise<Omit<Measured, 'name' | 'path'>> => {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (reportFile)
    writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${category}: ${audit!.id} (${Math.round((audit!.score ?? 0) * 100)})`),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<
      Category,
      number | null
    >,
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    },
    failing,
  };
};

const median = <T>(runs: T[], key: (run: T) => number): T => {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

const printTable = (rows: Measured[]) => {
  const header = ['page', ...CATEGORIES, 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'path'];
  const cells = rows.map((row) => [
    row.name,
    ...CATEGORIES.map((category) => String(row.scores[category] ?? '–')),
    String(Math.round(row.metrics.fcpMs ?? 0)),
    String(Math.round(row.metrics.lcpMs ?? 0)),
    String(Math.round(row.metrics.tbtMs ?? 0)),
    (row.metrics.cls ?? 0).toFixed(3),
    row.path,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]!.length)),
  );
  const line = (cell: string[]) =>
    cell
      .map((value, column) =>
        column === 0 || column === cell.length - 1
          ? value.padEnd(widths[column]!)
          : value.padStart(widths[column]!),
      )
      .join('  ');
  console.log(`\n${line(header)}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cell of cells) console.log(line(cell));
};

const main = async () => {
  const options = readOptions();
  let stack: RunningLocalStack | undefined;
  let proxy: http.Server | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;

  const cleanUp = async () => {
    chrome?.kill();
    chrome = undefined;
    proxy?.closeAllConnections();
    proxy?.close();
    proxy = undefined;
    const running = stack;
    stack = undefined;
    await stopStack(running);
  };
  cleanUpOnSignals(cleanUp);

  try {
    if (options.reports) mkdirSync(options.reports, { recursive: true });
    ensureBuild();
    const landing = landingInitialJs();

    console.log('Starting the local stack…');
    try {
      stack = await startLocalStack({ quiet: true });
    } catch (error) {
      if (error instanceof LocalStackStartError) console.error(error.output);
      throw error;
    }
    let base = stack.info.baseUrl;
    if (options.compress) {
      const started = await startCompressingProxy(base);
      proxy = started.server;
      base = started.url;
    }
    const pages = await pagesToMeasure(base);
    console.log(
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s; measuring ${base}${options.compress ? ' (compressing like CloudFront)' : ' (uncompressed)'} with ${options.runs} run(s) per page…`,
    );

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
      handleSIGINT: false,
    });

    const measured: Measured[] = [];
    for (const page of pages) {
      const runs: Omit<Measured, 'name' | 'path'>[] = [];
      // A first, unmeasured load warms the gateway, DynamoDB Local's JVM and the image renditions.
      await fetch(`${base}${page.path}`).then((response) => response.arrayBuffer());
      for (let run = 0; run < options.runs; run += 1) {
        const reportFile = options.reports
          ? path.join(options.reports, `${page.name}-${run + 1}.report.json`)
          : undefined;
        runs.push(await runLighthouse(`${base}${page.path}`, chrome.port, reportFile));
      }
      const chosen = median(runs, (run) => run.scores.performance ?? 0);
      measured.push({ name: page.name, path: page.path, ...chosen });
      console.log(
        `  ${page.name}: ${CATEGORIES.map((category) => `${category} ${chosen.scores[category] ?? '–'}`).join(', ')}`,
      );
    }

    printTable(measured);
    console.log(
      `\nlanding initial JS: ${landing.kb.toFixed(1)} KB gzip (${landing.files} files loaded or preloaded by index.html)`,
    );
    const misses = measured.flatMap((row) =>
      Object.entries(TARGETS).flatMap(([category, target]) => {
        const value = row.scores[category as Category];
        return value !== null && value < target ? [`${row.name} ${category} ${value} < ${target}`] : [];
      }),
    );
    console.log(
      misses.length
        ? `Below target (performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}): ${misses.join('; ')}`
        : `All pages meet the targets (performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}).`,
    );
    for (const row of measured) {
      if (row.failing.length) console.log(`  ${row.name} audits below 90: ${row.failing.join(', ')}`);
    }
    if (options.json) {
      writeFileSync(
        options.json,
        `${JSON.stringify({ landingInitialJsKb: landing.kb, pages: measured }, null, 2)}\n`,
      );
      console.log(`Results written to ${options.json}`);
    }
  } finally {
    await cleanUp();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
