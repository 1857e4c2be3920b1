// npm run bench:web: the storefront as a phone on a slow network sees it. Builds the app as `npm run build` does
// (vite build into dist/client, the folder the server serves, and the server-render bundle into dist/server),
// starts the real store (node src/server/main.ts on a throwaway data folder with the demo shop), then for every
// public page (/, /products, a category, a product, /web-services, /support, /contact, /about, /terms, /privacy):
//   - Lighthouse (mobile preset: Moto G Power screen, slow 4G, 4x CPU slowdown), performance, accessibility and
//     SEO, the median of BENCH_WEB_RUNS runs (3) by performance score;
//   - axe-core in Chromium, light and dark theme, phone and desktop width: serious and critical violations;
//   - the initial JavaScript of / : the entry chunk and the chunks loaded with it (index.html's loader, once the
//     page has painted), gzip -9 (the target's measure; the classic scripts are added up beside it), and for each
//     page the scripts its hydration waits for and all it fetched (Lighthouse's transfer sizes, as served).
// Prints one table with the targets (performance >= 99, LCP <= 0.8 s, SEO 100, CLS 0, accessibility >= 95, 0 axe
// violations, initial JS <= 60 KB: issue 52's) and writes .tmp/bench/web.json. Exit code 0 even when a target is missed: it measures.
// The build and the server share dist/ with the e2e runs, so the whole run holds /tmp/e2e.lock (re-running
// itself under flock(1) when it is there; set BENCH_WEB_LOCKED=1 if the caller already holds it).
// Options (environment): BENCH_WEB_RUNS (3), BENCH_WEB_CPU_SLOWDOWN (4; Lighthouse's default for mobile),
// BENCH_WEB_URL (measure an already running store instead: no build, no server), BENCH_WEB_SKIP_BUILD=1,
// BENCH_WEB_PAGES (a comma-separated few of the pages, e.g. `/,/product,/about`: /product is the product page),
// CHROME_PATH (else /usr/bin/chromium when present, else Playwright's Chromium).
// The first tap (lib/first-tap.ts, issue 39): per page, the median over BENCH_WEB_TAP_RUNS runs (5) of the time from
// the visitor's first tap on the page's first action to its result on screen, and to the control's visible
// reaction, tapped BENCH_WEB_TAP_DELAYS seconds after load (`1,5`), under Chromium's emulation of the same phone and
// network. BENCH_WEB_TAP_ONLY=1 measures only that (no Lighthouse, no axe); BENCH_WEB_TAP=0 leaves it out.
// The buyer's journey (lib/journey.ts, issue 52): a signed-in customer's purchase from "Buy Now" to the credentials,
// the top-up's way back from the payment page, the first dashboard after sign-in; each step's time and round trips,
// median of BENCH_WEB_JOURNEY_RUNS (5). BENCH_WEB_JOURNEY_ONLY=1 measures only that; BENCH_WEB_JOURNEY=0 leaves it
// out. Against BENCH_WEB_URL it needs the demo admin's BENCH_WEB_ADMIN_PASSWORD (to credit the customer).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import axe from 'axe-core';
import { onCleanup, runBench } from './lib/cleanup.ts';
import { firstTaps, tapProfile, type TapResult } from './lib/first-tap.ts';
import { journeyCustomer } from './lib/journey-customer.ts';
import { printJourneys } from './lib/journey-report.ts';
import { walkJourneys, type JourneyResult } from './lib/journey.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(repoRoot, '.tmp/bench');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
const LOCK_FILE = '/tmp/e2e.lock';

// The public pages, which arrive server-rendered; the product page's address is read from the store once it runs.
const pages: string[] = [
  '/',
  '/products',
  '/category/instagram',
  '/web-services',
  '/support',
  '/contact',
  '/about',
  '/terms',
  '/privacy',
];
const targets = {
  performance: 99,
  lcpMs: 800,
  seo: 100,
  cls: 0,
  accessibility: 95,
  axe: 0,
  initialJsKb: 60,
};

/** The demo shop's first Instagram account, inserted after the category in the list of pages. */
async function addProductPage(base: string): Promise<void> {
  const res = await get(`${base}/api/catalogue/categories/instagram`);
  const body = (await res.json()) as { groups: { sampleAccounts: { id: string }[] }[] };
  const id = body.groups.flatMap((g) => g.sampleAccounts)[0]?.id;
  if (id) pages.splice(pages.indexOf('/category/instagram') + 1, 0, `/product/${id}`);
}
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const cpuSlowdown = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4);
const tapOnly = process.env.BENCH_WEB_TAP_ONLY === '1';
const tapRuns = Math.max(1, Number(process.env.BENCH_WEB_TAP_RUNS ?? 5));
const tapDelaysMs = (process.env.BENCH_WEB_TAP_DELAYS ?? '1,5')
  .split(',')
  .map((d) => Math.round(Number(d) * 1000));
const journeyRuns = Math.max(1, Number(process.env.BENCH_WEB_JOURNEY_RUNS ?? 5));
const journeyOnly = process.env.BENCH_WEB_JOURNEY_ONLY === '1';
// The demo admin credits the journey's customer; the store this script starts gets this password.
const adminPassword = process.env.BENCH_WEB_ADMIN_PASSWORD ?? `bench-${process.pid}-admin`;
// Issue 52's goals: at 5 s the result within 300 ms, at 1 s within 600 (and the control marked within 100).
const tapTargets = { at5sResultMs: 300, at1sReactMs: 100, at1sResultMs: 600 };
const chromePath =
  process.env.CHROME_PATH ??
  (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath());

type LighthouseRun = {
  performance: number;
  accessibility: number;
  seo: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  scriptKb: number;
  requests: number;
  failedAudits: { id: string; title: string; items: string[] }[];
  /** The LCP element, as Lighthouse names it: which paint the figure is about. */
  lcpElement: string;
  benchmarkIndex: number;
};
type AxeResult = {
  theme: 'light' | 'dark';
  width: number;
  violations: { id: string; impact: string; help: string; nodes: string[] }[];
};
type PageResult = {
  path: string;
  firstRenderJsKb: number;
  lighthouse: LighthouseRun;
  lighthouseRuns: { performance: number; lcpMs: number; tbtMs: number }[];
  axe: AxeResult[];
};

// ---- lock --------------------------------------------------------------------------------------------------

function rerunUnderLock(): boolean {
  if (process.env.BENCH_WEB_LOCKED || process.env.BENCH_WEB_URL || process.platform !== 'linux')
    return false;
  if (spawnSync('flock', ['--version'], { stdio: 'ignore' }).status !== 0) return false;
  console.log(`waiting for ${LOCK_FILE} (e2e runs share dist/) ...`);
  const child = spawnSync(
    'flock',
    [LOCK_FILE, process.execPath, ...process.execArgv, fileURLToPath(import.meta.url)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_WEB_LOCKED: '1' },
    },
  );
  process.exitCode = child.status ?? 1;
  return true;
}

// ---- build and server --------------------------------------------------------------------------------------

function build(): void {
  if (process.env.BENCH_WEB_SKIP_BUILD === '1') return;
  console.log(
    'building the client and the server-render bundle (vite build, vite build --ssr) ...',
  );
  const started = Date.now();
  for (const args of [['build'], ['build', '--ssr']]) {
    const result = spawnSync(bin('vite'), [...args, '--logLevel', 'warn'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
  }
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startStore(): Promise<string> {
  const port = await freePort();
  // Created by the store itself, as in the e2e runs: embedded PostgreSQL (run as its own user when we are root)
  // must be able to read it, which a mkdtemp folder (mode 700) would not allow.
  const dataDir = path.join(repoRoot, `.tmp/bench-web-data-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      DEMO_SEED: 'true',
      DEMO_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept to say why, should the store not start (its logger writes to stdout).
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onCleanup(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `the store exited with code ${child.exitCode} before it was ready:\n${output}`,
      );
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the store did not answer /api/health within 120 s:\n${output}`);
}

// ---- initial JavaScript -------------------------------------------------------------------------------------

type InitialJs = {
  files: { file: string; kind: 'entry' | 'modulepreload' | 'classic'; gzipBytes: number }[];
  gzipBytes: number;
  withClassicBytes: number;
};

/**
 * The entry chunk and the chunks loaded with it (the measure of the target): the JavaScript every first visit
 * downloads before the app runs, as served by the store, each compressed here with gzip -9. index.html names them
 * in its loader (`var files = {...}`, written by vite.config.ts), or, from an older build, in its own tags.
 * The classic scripts it also loads (route-preload) are listed and added up beside it.
 */
/**
 * fetch, tried a second time when the connection drops: a kept-alive socket the store closed after a long
 * Lighthouse run (its keep-alive timeout) fails the first request on it, which says nothing about the page.
 */
async function get(url: string | URL): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url, { headers: { connection: 'close' } });
  }
}

async function initialJs(base: string): Promise<InitialJs> {
  const html = await (await get(`${base}/`)).text();
  // index.html's loader (src/client/app/hydrate-on-intent.ts) is called with the files first: `boot({"entry": …}, "…", …)`.
  const loader = /\)\((\{"entry"[^}]*\}), "[^"]*"/.exec(html)?.[1];
  const named = loader
    ? (JSON.parse(loader) as { entry: string; modulepreload: string[]; async: string[] })
    : null;
  const found = [
    ...(named
      ? [
          { url: named.entry, kind: 'entry' as const },
          ...named.modulepreload.map((url) => ({ url, kind: 'modulepreload' as const })),
          ...named.async.map((url) => ({ url, kind: 'classic' as const })),
        ]
      : []),
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g)].map((m) => ({
      url: m[1]!,
      kind: 'entry' as const,
    })),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => ({
      url: m[1]!,
      kind: 'modulepreload' as const,
    })),
    ...[...html.matchAll(/<script(?![^>]*type="module")[^>]+src="([^"]+\.js)"/g)].map((m) => ({
      url: m[1]!,
      kind: 'classic' as const,
    })),
  ];
  if (!found.some((f) => f.kind === 'entry'))
    throw new Error(`no module script in the index.html served at ${base}/`);
  const files = await Promise.all(
    found.map(async ({ url, kind }) => {
      const body = Buffer.from(await (await get(new URL(url, `${base}/`))).arrayBuffer());
      return { file: url, kind, gzipBytes: zlib.gzipSync(body, { level: 9 }).length };
    }),
  );
  const sum = (list: typeof files) => list.reduce((total, f) => total + f.gzipBytes, 0);
  return {
    files,
    gzipBytes: sum(files.filter((f) => f.kind !== 'classic')),
    withClassicBytes: sum(files),
  };
}

/**
 * All the JavaScript a page's hydration waits for (its first paint waits for none): the scripts index.html loads and
 * what route-preload (written by vite.config.ts) preloads for that path, gzip -9. Read from the files, not timed.
 */
async function firstRenderJs(base: string, pagePath: string, initial: InitialJs): Promise<number> {
  const preloader = initial.files.find((f) => /route-preload-[^/]+\.js$/.test(f.file));
  if (!preloader) return initial.withClassicBytes;
  const source = await (await get(new URL(preloader.file, `${base}/`))).text();
  const routes = JSON.parse(/var routes = (\[.*\]);/.exec(source)?.[1] ?? '[]') as [
    string,
    string[],
    string[],
  ][];
  const route = routes.find(
    ([pattern]) =>
      pattern === '*' || new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`, 'i').test(pagePath),
  );
  const sizes = await Promise.all(
    (route?.[1] ?? []).map(
      async (file) =>
        zlib.gzipSync(Buffer.from(await (await get(new URL(file, `${base}/`))).arrayBuffer()), {
          level: 9,
        }).length,
    ),
  );
  return initial.withClassicBytes + sizes.reduce((sum, n) => sum + n, 0);
}

// ---- Lighthouse ---------------------------------------------------------------------------------------------

type LhAudit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
};
type LhReport = {
  categories: Record<
    'performance' | 'accessibility' | 'seo',
    { score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<string, LhAudit>;
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
};

function lighthouseOnce(url: string, tmp: string, n: number): LighthouseRun {
  const output = path.join(tmp, `lh-${n}.json`);
  const result = spawnSync(
    bin('lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,seo',
      `--chrome-path=${chromePath}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 180_000 },
  );
  if (!fs.existsSync(output))
    throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LhReport;
  fs.rmSync(output);
  if (report.runtimeError)
    throw new Error(
      `lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`,
    );
  const a = report.audits;
  const num = (id: string) => a[id]?.numericValue ?? NaN;
  const requests = (a['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failedAudits = [
    ...report.categories.accessibility.auditRefs,
    ...report.categories.seo.auditRefs,
  ]
    .map((ref) => a[ref.id]!)
    .filter(
      (audit) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1,
    )
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      items: (audit.details?.items ?? [])
        .slice(0, 5)
        .map((item) => String((item.node as { snippet?: string } | undefined)?.snippet ?? '')),
    }));
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    seo: Math.round((report.categories.seo.score ?? 0) * 100),
    metrics: {
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
    },
    scriptKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000,
    requests: requests.length,
    failedAudits,
    lcpElement: lcpElement(a['lcp-breakdown-insight']),
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

function lcpElement(audit: LhAudit | undefined): string {
  const node = (audit?.details?.items ?? []).find((item) => item.type === 'node') as
    { selector?: string; nodeLabel?: string } | undefined;
  return node ? `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 40)}"` : '?';
}

function lighthouse(url: string, tmp: string): { median: LighthouseRun; all: LighthouseRun[] } {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    // A run now and then fails to record its trace (NO_NAVSTART, NO_FCP on a busy machine): try that run again.
    for (let attempt = 1; ; attempt++) {
      try {
        all.push(lighthouseOnce(url, tmp, i));
        break;
      } catch (err) {
        if (attempt === 3) throw err;
        console.log(`  retrying: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  }
  const sorted = [...all].sort((x, y) => x.performance - y.performance);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, all };
}

// ---- axe ----------------------------------------------------------------------------------------------------

async function axeChecks(base: string): Promise<Map<string, AxeResult[]>> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const results = new Map<string, AxeResult[]>();
  try {
    for (const pagePath of pages) {
      const list: AxeResult[] = [];
      for (const theme of ['light', 'dark'] as const) {
        for (const width of [412, 1280]) {
          // The store's CSP allows only its own scripts; axe is injected by the test browser, so bypass it here.
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            bypassCSP: true,
            reducedMotion: 'reduce',
          });
          await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
          const page = await context.newPage();
          await page.goto(base + pagePath, { waitUntil: 'networkidle' });
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.addScriptTag({ content: axe.source });
          const raw = await page.evaluate(async () => {
            const w = window as unknown as { axe: typeof axe };
            const r = await w.axe.run(document, { resultTypes: ['violations'] });
            return r.violations.map((v) => ({
              id: v.id,
              impact: v.impact ?? 'unknown',
              help: v.help,
              nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
            }));
          });
          list.push({
            theme,
            width,
            violations: raw.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
          });
          await context.close();
        }
      }
      results.set(pagePath, list);
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---- report -------------------------------------------------------------------------------------------------

function printTable(results: PageResult[], initial: InitialJs): void {
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
  const initialKb = initial.gzipBytes / 1000;
  const rows = results.map((r) => {
    const axeCount = r.axe.reduce((sum, x) => sum + x.violations.length, 0);
    const m = r.lighthouse.metrics;
    return [
      r.path,
      `${r.lighthouse.performance} ${ok(r.lighthouse.performance >= targets.performance)}`,
      `${(m.lcpMs / 1000).toFixed(2)} ${ok(m.lcpMs <= targets.lcpMs)}`,
      `${r.lighthouse.seo} ${ok(r.lighthouse.seo >= targets.seo)}`,
      `${m.cls.toFixed(3)} ${ok(m.cls <= targets.cls)}`,
      `${r.lighthouse.accessibility} ${ok(r.lighthouse.accessibility >= targets.accessibility)}`,
      `${axeCount} ${ok(axeCount <= targets.axe)}`,
      r.path === '/' ? `${initialKb.toFixed(1)} ${ok(initialKb <= targets.initialJsKb)}` : '',
      `${r.firstRenderJsKb.toFixed(1)} / ${r.lighthouse.scriptKb.toFixed(1)}`,
      `${(m.fcpMs / 1000).toFixed(2)} / ${(m.lcpMs / 1000).toFixed(2)} / ${Math.round(m.tbtMs)} / ${m.cls.toFixed(3)}`,
      r.lighthouseRuns.map((x) => x.performance).join(' '),
    ];
  });
  const header = [
    'page',
    `LH performance (>= ${targets.performance})`,
    `LCP s (<= ${targets.lcpMs / 1000})`,
    `SEO (${targets.seo})`,
    `CLS (${targets.cls})`,
    `LH accessibility (>= ${targets.accessibility})`,
    'axe serious+critical (0)',
    `initial JS KB gzip (<= ${targets.initialJsKb})`,
    'JS KB to hydrate / loaded',
    'FCP s / LCP s / TBT ms / CLS',
    'perf of each run',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(
    `initial JS of /: ${initial.files.map((f) => `${f.file} (${f.kind}) ${(f.gzipBytes / 1000).toFixed(1)} KB`).join(', ')}; ` +
      `${(initial.withClassicBytes / 1000).toFixed(1)} KB with the classic scripts.`,
  );
  console.log(
    `KB = 1000 bytes. JS to hydrate: what index.html's loader runs on the visitor's first touch (fetched once the page has loaded) and the chunks route-preload adds for the page, gzip -9 (the page hydrates once they are in); ` +
      `loaded: every script the page fetched and ran without being touched, as Lighthouse sees it (transfer sizes, headers included; prefetched code is not counted). Lighthouse: median of ${runs} run(s), CPU slowdown ${cpuSlowdown}x; ` +
      `this host's benchmark index ${results[0]?.lighthouse.benchmarkIndex ?? '?'} (Lighthouse warns below 1000: TBT and LCP then come out worse than on the reference machine); load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  for (const r of results) {
    console.log(`  ${r.path} LCP element: ${r.lighthouse.lcpElement}`);
    for (const audit of r.lighthouse.failedAudits)
      console.log(`  ${r.path} Lighthouse: ${audit.id}: ${audit.title} ${audit.items.join(' | ')}`);
    for (const x of r.axe)
      for (const v of x.violations)
        console.log(
          `  ${r.path} axe (${x.theme}, ${x.width}px): ${v.id} [${v.impact}] ${v.help}: ${v.nodes.join(' | ')}`,
        );
  }
}

function printTaps(taps: TapResult[]): void {
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
  const ms = (v: number | null) => (v === null ? 'none' : `${v}`);
  const header = [
    'page, first action',
    'tapped',
    'react ms',
    'result ms',
    'JS KB before / after the tap',
  ];
  const rows = taps.map((t) => {
    const target =
      t.delayMs >= 5000
        ? ok(t.resultMs !== null && t.resultMs <= tapTargets.at5sResultMs)
        : t.delayMs <= 1000
          ? ok(
              t.reactMs !== null &&
                t.reactMs <= tapTargets.at1sReactMs &&
                t.resultMs !== null &&
                t.resultMs <= tapTargets.at1sResultMs,
            )
          : '';
    return [
      `${t.path} ${t.action}`,
      `${t.delayMs / 1000} s after load`,
      ms(t.reactMs),
      `${ms(t.resultMs)} ${target}`,
      `${t.jsBeforeKb.toFixed(1)} / ${t.jsAfterKb.toFixed(1)}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(
    `First tap: median of ${tapRuns} run(s), each a first visit in a fresh context; Chromium's emulation: ` +
      `${tapProfile.viewport.width}x${tapProfile.viewport.height} touch, ${tapProfile.cpuSlowdown}x CPU, ${tapProfile.rttMs} ms RTT, ` +
      `${(tapProfile.downKbps / 1024).toFixed(1)} Mbps down. react: the first frame with the control marked busy (or the result); ` +
      `targets: at 5 s the result <= ${tapTargets.at5sResultMs} ms, at 1 s react <= ${tapTargets.at1sReactMs} ms and the result <= ${tapTargets.at1sResultMs} ms. ` +
      `JS KB: scripts fetched (transfer sizes) before and after the tap. Load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
}

async function measureTaps(base: string): Promise<TapResult[]> {
  if (process.env.BENCH_WEB_TAP === '0') return [];
  console.log(
    `first tap on ${pages.join(', ')} (${tapRuns} run(s) at ${tapDelaysMs.map((d) => d / 1000).join(' and ')} s after load) ...`,
  );
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    return await firstTaps(browser, base, pages, {
      runs: tapRuns,
      delaysMs: tapDelaysMs,
      log: (l) => console.log(l),
    });
  } finally {
    await browser.close();
  }
}

async function measureJourneys(base: string): Promise<JourneyResult[]> {
  if (process.env.BENCH_WEB_JOURNEY === '0') return [];
  console.log(`the buyer's journey (${journeyRuns} run(s)) ...`);
  const customer = await journeyCustomer(
    base,
    {
      email: process.env.BENCH_WEB_ADMIN_EMAIL ?? 'admin@acctstore.local',
      password: adminPassword,
    },
    journeyRuns * 20_000,
  );
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    return await walkJourneys(browser, base, customer, {
      runs: journeyRuns,
      log: (l) => console.log(l),
    });
  } finally {
    await browser.close();
  }
}

await runBench(async () => {
  if (rerunUnderLock()) return;
  const started = Date.now();
  let base = process.env.BENCH_WEB_URL?.replace(/\/$/, '');
  if (!base) {
    build();
    base = await startStore();
  }
  await addProductPage(base);
  const only = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
  if (only) {
    const kept = pages.filter((p) =>
      only.some((o) => p === o || (o === '/product' && p.startsWith('/product/'))),
    );
    pages.splice(0, pages.length, ...kept);
  }
  if (journeyOnly) {
    const journeys = await measureJourneys(base);
    printJourneys(journeys, journeyRuns);
    writeResult({ started, taps: [], journeys });
    return;
  }
  if (tapOnly) {
    const taps = await measureTaps(base);
    printTaps(taps);
    writeResult({ started, taps });
    return;
  }
  const initial = await initialJs(base);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-lh-'));
  onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));

  console.log(`axe on ${pages.join(', ')} (light and dark, 412 and 1280 px) ...`);
  const axeResults = await axeChecks(base);
  const results: PageResult[] = [];
  for (const pagePath of pages) {
    console.log(`lighthouse ${pagePath} (${runs} run(s)) ...`);
    const { median, all } = lighthouse(base + pagePath, tmp);
    results.push({
      path: pagePath,
      firstRenderJsKb: (await firstRenderJs(base, pagePath, initial)) / 1000,
      lighthouse: median,
      lighthouseRuns: all.map((r) => ({
        performance: r.performance,
        lcpMs: r.metrics.lcpMs,
        tbtMs: r.metrics.tbtMs,
      })),
      axe: axeResults.get(pagePath) ?? [],
    });
  }
  const taps = await measureTaps(base);
  const journeys = await measureJourneys(base);
  printTable(results, initial);
  if (taps.length) printTaps(taps);
  if (journeys.length) printJourneys(journeys, journeyRuns);
  writeResult({ started, results, initial, taps, journeys });
});

function writeResult(run: {
  started: number;
  results?: PageResult[];
  initial?: InitialJs;
  taps: TapResult[];
  journeys?: JourneyResult[];
}): void {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, 'web.json');
  const { initial, results } = run;
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        seconds: Math.round((Date.now() - run.started) / 1000),
        host: {
          cpus: os.cpus().length,
          loadAverage: os.loadavg(),
          benchmarkIndex: results?.[0]?.lighthouse.benchmarkIndex,
        },
        settings: { runs, cpuSlowdown, chromePath, tapRuns, tapDelaysMs, tapProfile },
        targets: { ...targets, firstTap: tapTargets },
        initialJs: initial && {
          ...initial,
          kb: initial.gzipBytes / 1000,
          withClassicKb: initial.withClassicBytes / 1000,
        },
        pages: results,
        firstTaps: run.taps,
        journeys: run.journeys,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${path.relative(repoRoot, file)}`);
}
