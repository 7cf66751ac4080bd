/**
 * `npm run bench:web [-- --runs 3 --no-compression --json out.json --reports dir]`: Lighthouse on the
 * production build, each public page beside its static copy (--reports keeps each run's full Lighthouse
 * report, JSON, for the details, and the Chrome trace it was computed from, `*.trace.json`, which the
 * DevTools Performance panel opens).
 *
 * Builds the web app when its sources are newer than web/dist, starts the local stack, and runs
 * Lighthouse (default config: the mobile preset with simulated throttling) in the system Chromium on every
 * public page kind: `/`, `/Nutritionists`, the first public profile, `/Blog`, the newest article (both read
 * from the API), `/FAQ` and `/About`. Each page is measured beside its static copy: the very HTML the
 * server answers for it with every `<script>` and script preload taken out, CSS and images kept (see
 * static-copy.ts), served from the same origin by the proxy below so asset URLs and caching are the same.
 * The copy scores what the page would if its JavaScript cost nothing: the gap (copy minus page) is what the
 * scripts cost, apart from what the host and the network model allow. Runs alternate page, copy, page,
 * copy… so that noise from the shared host hits both alike.
 *
 * Prints Lighthouse's benchmarkIndex of the host (its CPU speed, median and range over every run: low
 * values mean a slow or busy host, which inflates TBT), the four category scores per page (the median run
 * by performance), the medians of performance, TBT, FCP and LCP of page and copy with the gap, and the JS
 * the landing page loads initially (the files index.html loads and preloads, gzip). Exits non-zero when a
 * page misses a target: performance >= 95, gap <= 3, TBT median <= 150 ms, accessibility 100. Everything it
 * starts is stopped at the end, also on Ctrl-C.
 *
 * In production CloudFront compresses text responses and speaks HTTP/2; the local gateway does neither.
 * Unless --no-compression is given, the pages are therefore loaded through a loopback proxy that gzips (or
 * brotli-compresses) text responses the way CloudFront does and serves them over HTTP/2 (TLS with a
 * throwaway self-signed certificate, which this Chromium is told to accept), so transfer sizes and request
 * multiplexing are the production ones. Lighthouse's simulation models HTTP/1.1 as at most 6 connections
 * per origin, which would misstate a page that loads its many small chunks over one HTTP/2 connection.
 * With --no-compression the proxy speaks plain HTTP/1.1 and passes answers through as they are (it is
 * still needed for the static copies).
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
import type { AddressInfo, Socket } from 'node:net';
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
import { readStaticCopyRequest, STATIC_COPY_MARKER, stripScripts } from './static-copy';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './tools';

const CHROMIUM_FLAGS = [
  ...QUIET_CHROMIUM_FLAGS,
  // The loopback proxy's certificate is self-signed (see startProxy).
  '--ignore-certificate-errors',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** Per page: performance and TBT are the page's medians, gap the static copy's median minus the page's. */
const TARGETS = { performance: 95, gap: 3, tbtMs: 150, accessibility: 100 } as const;

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

/** What the proxy reads of a request: the same on HTTP/1.1 (node:http) and HTTP/2 (its compatibility API). */
interface ProxyRequest {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  pipe(destination: http.ClientRequest): unknown;
}
interface ProxyResponse {
  writeHead(status: number, headers?: http.OutgoingHttpHeaders): unknown;
  end(): unknown;
  end(body: Buffer): unknown;
}

/**
 * A loopback stand-in for CloudFront: HTTP/2 over TLS, forwards every request to the gateway and compresses
 * text responses (br when accepted, else gzip), like CloudFront does for files of 1 KB to 10 MB, answering
 * as the one public origin (as CloudFront does in front of the API and the assets). Without `compress`:
 * plain HTTP/1.1, answers passed through uncompressed. Either way a page asked for with the static copy's
 * marker (static-copy.ts) is fetched as the page and answered without its scripts.
 */
const startProxy = async (target: string, compress: boolean) => {
  const upstream = new URL(target);
  let ownOrigin = '';
  const handle = (request: ProxyRequest, response: ProxyResponse) => {
    const { upstreamTarget, staticCopy } = readStaticCopyRequest(request.url ?? '/');
    // HTTP/2 pseudo-headers (:path, :authority…) are not HTTP/1.1 headers for the gateway.
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !name.startsWith(':')),
    );
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: upstreamTarget,
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
          if (/json|html|xml/.test(type)) {
            let text = body.toString('utf8').replaceAll(upstream.origin, ownOrigin);
            if (staticCopy && type.includes('html')) text = stripScripts(text);
            body = Buffer.from(text);
          }
          let encoded = body;
          if (compress && COMPRESSIBLE.test(type) && body.length >= 1000 && body.length <= 10_000_000) {
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
  };
  const server = compress
    ? http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, handle)
    : http.createServer(handle);
  // Chromium keeps its connections open: closing the server alone would wait for them.
  const sockets = new Set<Socket>();
  server.on(compress ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  ownOrigin = `${compress ? 'https' : 'http'}://127.0.0.1:${port}`;
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

/**
 * The pages measured: every public page kind (home, the nutritionist list and one profile, the blog and one
 * article, FAQ and About), the profile and the article as the API names them.
 */
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
    { name: 'blog', path: '/Blog' },
    { name: 'article', path: `/Blog/${encodeURIComponent(article)}` },
    { name: 'faq', path: '/FAQ' },
    { name: 'about', path: '/About' },
  ];
};

/** One Lighthouse run. */
interface Run {
  scores: Record<Category, number | null>;
  metrics: { lcpMs: number | null; tbtMs: number | null; cls: number | null; fcpMs: number | null };
  /** Audits of the four categories that did not pass, for the report. */
  failing: string[];
  /** Lighthouse's measure of the host's CPU speed, taken at the start of the run. */
  benchmarkIndex: number | null;
}

const runLighthouse = async (url: string, port: number, reportFile?: string): Promise<Run> => {
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
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
  };
};

/** The run whose performance is the median (the lower of the two middle ones for an even count). */
const medianRun = (runs: Run[]): Run => {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** The median of the known values (the mean of the two middle ones for an even count), or null. */
const medianOf = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (!known.length) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
};

/** Medians over the runs of one page (or of its static copy), each figure on its own. */
interface Figures {
  performance: number | null;
  accessibility: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
}

const medianFigures = (runs: Run[]): Figures => ({
  performance: medianOf(runs.map((run) => run.scores.performance)),
  accessibility: medianOf(runs.map((run) => run.scores.accessibility)),
  tbtMs: medianOf(runs.map((run) => run.metrics.tbtMs)),
  fcpMs: medianOf(runs.map((run) => run.metrics.fcpMs)),
  lcpMs: medianOf(runs.map((run) => run.metrics.lcpMs)),
});

/** A score or a median: whole numbers as they are, a median between two runs with one decimal. */
const formatNumber = (value: number | null) =>
  value === null ? '–' : Number.isInteger(value) ? String(value) : value.toFixed(1);
const formatMs = (value: number | null) => (value === null ? '–' : String(Math.round(value)));
const formatGap = (gap: number | null) => (gap !== null && gap > 0 ? '+' : '') + formatNumber(gap);

/** The targets a page misses (a figure Lighthouse could not compute misses its target). */
const targetMisses = (page: Figures, gap: number | null): string[] => [
  ...(page.performance === null || page.performance < TARGETS.performance
    ? [`performance ${formatNumber(page.performance)} < ${TARGETS.performance}`]
    : []),
  ...(gap === null || gap > TARGETS.gap ? [`gap ${formatGap(gap)} > ${TARGETS.gap}`] : []),
  ...(page.tbtMs === null || page.tbtMs > TARGETS.tbtMs
    ? [`TBT ${formatMs(page.tbtMs)} ms > ${TARGETS.tbtMs} ms`]
    : []),
  ...(page.accessibility === null || page.accessibility < TARGETS.accessibility
    ? [`accessibility ${formatNumber(page.accessibility)} < ${TARGETS.accessibility}`]
    : []),
];

interface Measured {
  name: string;
  path: string;
  /** The page's median run by performance: its four scores, metrics and failing audits. */
  medianRun: Run;
  page: Figures;
  staticCopy: Figures;
  /** The static copy's median performance minus the page's. */
  gap: number | null;
  misses: string[];
  runs: { page: Run[]; staticCopy: Run[] };
}

/** Prints aligned columns: the first and the last left-aligned, the others (figures) right-aligned. */
const printColumns = (header: string[], rows: string[][]) => {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (row: string[]) =>
    row
      .map((value, column) =>
        column === 0 || column === row.length - 1
          ? value.padEnd(widths[column]!)
          : value.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
};

const printScores = (rows: Measured[]) => {
  console.log('\nEach page, its median run by performance:');
  printColumns(
    ['page', ...CATEGORIES, 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'path'],
    rows.map(({ name, path, medianRun: { scores, metrics } }) => [
      name,
      ...CATEGORIES.map((category) => formatNumber(scores[category])),
      formatMs(metrics.fcpMs),
      formatMs(metrics.lcpMs),
      formatMs(metrics.tbtMs),
      (metrics.cls ?? 0).toFixed(3),
      path,
    ]),
  );
};

const printGaps = (rows: Measured[], runs: number) => {
  console.log(`\nPage vs its static copy (no scripts), medians of ${runs} run(s) each; gap = copy − page:`);
  printColumns(
    ['page', 'perf', 'copy', 'gap', 'TBT ms', 'copy', 'FCP ms', 'copy', 'LCP ms', 'copy', 'a11y', 'targets'],
    rows.map(({ name, page, staticCopy, gap, misses }) => [
      name,
      formatNumber(page.performance),
      formatNumber(staticCopy.performance),
      formatGap(gap),
      formatMs(page.tbtMs),
      formatMs(staticCopy.tbtMs),
      formatMs(page.fcpMs),
      formatMs(staticCopy.fcpMs),
      formatMs(page.lcpMs),
      formatMs(staticCopy.lcpMs),
      formatNumber(page.accessibility),
      misses.length ? `FAIL: ${misses.join(', ')}` : 'pass',
    ]),
  );
};

/** Median and range of the host's benchmarkIndex over every run, pages and copies. */
const summariseBenchmarkIndex = (rows: Measured[]) => {
  const values = rows
    .flatMap((row) => [...row.runs.page, ...row.runs.staticCopy])
    .map((run) => run.benchmarkIndex)
    .filter((value): value is number => value !== null);
  return values.length
    ? { median: medianOf(values), min: Math.min(...values), max: Math.max(...values), values }
    : null;
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
    const started = await startProxy(stack.info.baseUrl, options.compress);
    proxy = started;
    const base = started.url;
    // Asked of the gateway itself (the proxy's certificate is one only Chromium is told to accept).
    const pages = await pagesToMeasure(stack.info.baseUrl);
    console.log(
      `Ready in ${(stack.readyMs / 1000).toFixed(1)} s; measuring ${base}${options.compress ? ' (HTTP/2 and compression like CloudFront)' : ' (uncompressed)'} with ${options.runs} run(s) per page and per static copy…`,
    );

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
      handleSIGINT: false,
    });

    const measured: Measured[] = [];
    for (const page of pages) {
      const runs: Measured['runs'] = { page: [], staticCopy: [] };
      // A first, unmeasured load warms the gateway, DynamoDB Local's JVM and the image renditions.
      await fetch(`${stack.info.baseUrl}${page.path}`).then((response) => response.arrayBuffer());
      const reportFile = (kind: string, run: number) =>
        options.reports
          ? path.join(options.reports, `${page.name}${kind}-${run + 1}.report.json`)
          : undefined;
      // Page and copy alternate, so that a slow spell of the shared host falls on both.
      for (let run = 0; run < options.runs; run += 1) {
        runs.page.push(await runLighthouse(`${base}${page.path}`, chrome.port, reportFile('', run)));
        runs.staticCopy.push(
          await runLighthouse(
            `${base}${page.path}?${STATIC_COPY_MARKER}`,
            chrome.port,
            reportFile('-copy', run),
          ),
        );
      }
      const figures = medianFigures(runs.page);
      const staticCopy = medianFigures(runs.staticCopy);
      const gap =
        figures.performance === null || staticCopy.performance === null
          ? null
          : staticCopy.performance - figures.performance;
      const misses = targetMisses(figures, gap);
      measured.push({
        name: page.name,
        path: page.path,
        medianRun: medianRun(runs.page),
        page: figures,
        staticCopy,
        gap,
        misses,
        runs,
      });
      console.log(
        `  ${page.name}: performance ${formatNumber(figures.performance)} (copy ${formatNumber(staticCopy.performance)}, gap ${formatGap(gap)}), TBT ${formatMs(figures.tbtMs)} ms, accessibility ${formatNumber(figures.accessibility)}`,
      );
    }

    const benchmarkIndex = summariseBenchmarkIndex(measured);
    console.log(
      benchmarkIndex
        ? `\nHost benchmarkIndex (Lighthouse, higher is faster): median ${Math.round(benchmarkIndex.median!)} (${Math.round(benchmarkIndex.min)}–${Math.round(benchmarkIndex.max)}) over ${benchmarkIndex.values.length} runs`
        : '\nHost benchmarkIndex: not reported by Lighthouse.',
    );
    printScores(measured);
    printGaps(measured, options.runs);
    console.log(
      `\nlanding initial JS: ${landing.kb.toFixed(1)} KB gzip (${landing.files} files loaded or preloaded by index.html)`,
    );
    const targets = `performance >= ${TARGETS.performance}, gap <= ${TARGETS.gap}, TBT <= ${TARGETS.tbtMs} ms, accessibility ${TARGETS.accessibility}`;
    const failed = measured.filter((row) => row.misses.length);
    console.log(
      failed.length
        ? `Below target (${targets}): ${failed.map((row) => `${row.name} ${row.misses.join(', ')}`).join('; ')}`
        : `All pages meet the targets (${targets}).`,
    );
    for (const row of measured) {
      if (row.medianRun.failing.length)
        console.log(`  ${row.name} audits below 90: ${row.medianRun.failing.join(', ')}`);
    }
    if (options.json) {
      const pagesJson = measured.map(({ medianRun: chosen, ...row }) => ({
        name: row.name,
        path: row.path,
        // The median run by performance, as before.
        scores: chosen.scores,
        metrics: chosen.metrics,
        failing: chosen.failing,
        median: row.page,
        staticCopyMedian: row.staticCopy,
        gap: row.gap,
        misses: row.misses,
        runs: row.runs,
      }));
      writeFileSync(
        options.json,
        `${JSON.stringify({ landingInitialJsKb: landing.kb, benchmarkIndex, targets: TARGETS, pages: pagesJson }, null, 2)}\n`,
      );
      console.log(`Results written to ${options.json}`);
    }
    if (failed.length) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
