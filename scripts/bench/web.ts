/**
 * `npm run bench:web [-- --runs 3 --no-compression --json out.json --reports dir]`: Lighthouse on the
 * production build (--reports keeps each page's full Lighthouse report, JSON, for the details, and the
 * Chrome trace it was computed from, `*.trace.json`, which the DevTools Performance panel opens).
 *
 * Builds the web app when its sources are newer than web/dist, starts the local stack, and runs
 * Lighthouse (default config: the mobile preset with simulated throttling) in the system Chromium on `/`,
 * `/Nutritionists`, the first public profile and the newest article (both read from the API). Prints the
 * four category scores per page (the median run by performance when --runs > 1) and the JavaScript the
 * landing page loads initially (the files index.html loads and preloads, gzip). Everything it starts is
 * stopped at the end, also on Ctrl-C.
 *
 * In production CloudFront compresses text responses and speaks HTTP/2; the local gateway does neither.
 * Unless --no-compression is given, the pages are therefore loaded through a loopback proxy that gzips (or
 * brotli-compresses) text responses the way CloudFront does and serves them over HTTP/2 (TLS with a
 * throwaway self-signed certificate, which this Chromium is told to accept), so transfer sizes and request
 * multiplexing are the production ones. Lighthouse's simulation models HTTP/1.1 as at most 6 connections
 * per origin, which would misstate a page that loads its many small chunks over one HTTP/2 connection.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
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
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './tools';

const CHROMIUM_FLAGS = [
  ...QUIET_CHROMIUM_FLAGS,
  // The loopback proxy's certificate is self-signed (see startCompressingProxy).
  '--ignore-certificate-errors',
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

/** A throwaway self-signed certificate for 127.0.0.1 (openssl), removed right after it is read. */
const selfSignedCertificate = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nutri-bench-tls-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
        .concat(['-keyout', key, '-out', cert]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    throw new Error(
      'openssl is needed for the HTTP/2 proxy (apt-get install -y openssl), or pass --no-compression.',
      {
        cause: error,
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Headers HTTP/2 forbids in a response (connection-specific ones of HTTP/1.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

/**
 * A loopback stand-in for CloudFront: HTTP/2 over TLS, forwards every request to the gateway and compresses
 * text responses (br when accepted, else gzip), like CloudFront does for files of 1 KB to 10 MB, answering
 * as the one public origin (as CloudFront does in front of the API and the assets).
 */
const startCompressingProxy = async (target: string) => {
  const upstream = new URL(target);
  let ownOrigin = '';
  const server = http2.createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (request, response) => {
      // HTTP/2 pseudo-headers (:path, :authority…) are not HTTP/1.1 headers for the gateway.
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !name.startsWith(':')),
      );
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...headers, host: upstream.host, 'accept-encoding': 'identity' },
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
            for (const name of HOP_BY_HOP) delete headers[name];
            response.writeHead(answer.statusCode ?? 502, headers);
            if (request.method === 'HEAD') response.end();
            else response.end(encoded);
          });
        },
      );
      forward.on('error', () => {
        response.writeHead(502);
        response.end();
      });
      request.pipe(forward);
    },
  );
  // Chromium keeps its connections open: closing the server alone would wait for them.
  const sockets = new Set<TLSSocket>();
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  ownOrigin = `https://127.0.0.1:${port}`;
  const close = () => {
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  return { close, url: ownOrigin };
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
  if (reportFile) {
    writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    const trace = result.artifacts.Trace;
    if (trace) writeFileSync(reportFile.replace(/\.report\.json$/, '.trace.json'), JSON.stringify(trace));
  }
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
  let proxy: { close: () => void } | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;

  const cleanUp = async () => {
    chrome?.kill();
    chrome = undefined;
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
      proxy = started;
      base = started.url;
    }
    // Asked of the gateway itself (the proxy's certificate is one only Chromium is told to accept).
    const pages = await pagesToMeasure(stack.info.baseUrl);
    console.log(
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s; measuring ${base}${options.compress ? ' (HTTP/2 and compression like CloudFront)' : ' (uncompressed)'} with ${options.runs} run(s) per page…`,
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
      await fetch(`${stack.info.baseUrl}${page.path}`).then((response) => response.arrayBuffer());
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
