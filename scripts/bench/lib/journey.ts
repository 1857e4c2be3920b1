// The buyer's journey (issue 52, docs/decisions/036), for `npm run bench:web`: a signed-in customer on the phone of
// lib/first-tap.ts (slow 4G, 4x CPU, 412x823 touch), each run in a fresh browser context:
//   (a) on /products, taps "Buy Now" → the checkout ready to pay → taps "Complete Purchase" → the order on the order
//       page → taps "Show Credentials" → the credentials on screen;
//   (b) on the sandbox provider's payment page, taps "Pay" → the verified payment on /payment-callback → taps "Go to
//       Wallet" → the credited balance on /wallet;
//   (c) on /login, taps "Sign In" → the dashboard with the balance (a first visit: nothing cached but /login's code).
// Each step: the tap to the first frame showing its result (the clock of lib/first-tap.ts: inside the page, on frames,
// from the event's own time stamp, kept in sessionStorage across page loads), and its network round trips: the longest
// chain of requests, each started after the one before it had answered, among those started after the tap and
// answered before the result (requests not from the cache). The reading time between steps (2 s) is not counted.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { tapProfile } from './first-tap.ts';

type Check =
  | 'checkout-ready'
  | 'order-shown'
  | 'credentials-shown'
  | 'payment-verified'
  | 'wallet-credited'
  | 'dashboard-shown';
type Step = { journey: 'a' | 'b' | 'c'; label: string; goalMs: number; check: Check };
export const journeySteps: Step[] = [
  {
    journey: 'a',
    label: '"Buy Now" → checkout ready to pay',
    goalMs: 300,
    check: 'checkout-ready',
  },
  {
    journey: 'a',
    label: '"Complete Purchase" → the order page',
    goalMs: 300,
    check: 'order-shown',
  },
  {
    journey: 'a',
    label: '"Show Credentials" → the credentials',
    goalMs: 300,
    check: 'credentials-shown',
  },
  {
    journey: 'b',
    label: '"Pay" (sandbox) → payment verified',
    goalMs: 1500,
    check: 'payment-verified',
  },
  {
    journey: 'b',
    label: '"Go to Wallet" → credited balance',
    goalMs: 300,
    check: 'wallet-credited',
  },
  {
    journey: 'c',
    label: '"Sign In" → /dashboard with balance',
    goalMs: 1000,
    check: 'dashboard-shown',
  },
];
/** Journey (a) in all: at most this much waiting, the customer's reading time excluded. */
export const journeyGoalMs = 1500;

export type StepRun = { ms: number | null; roundTrips: number; requests: string[] };
export type JourneyResult = { step: Step; runs: StepRun[]; ms: number | null; roundTrips: number };

// In every document of the context: once armed (sessionStorage), the next touch is the tap, and every frame after it
// is looked at for the step's result. Kept in sessionStorage: a page load may come between.
function watcher(): void {
  const s = sessionStorage;
  const now = (t: number) => performance.timeOrigin + t;
  const text = (sel: string) => document.querySelector(sel)?.textContent ?? '';
  const shown = (el: Element | null) => !!el && el.getBoundingClientRect().height > 0;
  const at = (p: string) => location.pathname === p;
  const checks: Record<string, () => boolean> = {
    'checkout-ready': () =>
      at('/checkout') &&
      shown(document.querySelector('[data-testid="checkout-total"]:not([aria-busy="true"])')) &&
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent?.trim() === 'Complete Purchase' && !b.disabled && shown(b),
      ),
    'order-shown': () =>
      at('/orders') &&
      shown(document.querySelector('[role="listitem"] article')) &&
      text('[role="list"]').includes('Show Credentials'),
    'credentials-shown': () =>
      at('/orders') && shown(document.querySelector('section[aria-label^="Account 1"] dd')),
    'payment-verified': () => at('/payment-callback') && text('h1').includes('Payment Successful'),
    'wallet-credited': () =>
      at('/wallet') &&
      text('[data-testid="wallet-balance"]') === (s.getItem('journey-expect') ?? ''),
    'dashboard-shown': () =>
      at('/dashboard') && shown(document.querySelector('[data-testid="wallet-balance"]')),
  };
  const watch = () => {
    const check = checks[s.getItem('journey-check') ?? ''];
    if (!check) return;
    const loop = (t: number) => {
      if (check()) return s.setItem('journey-result', String(now(t)));
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  if (s.getItem('journey-tap') && !s.getItem('journey-result')) watch();
  const arm = (event: Event) => {
    if (!s.getItem('journey-check') || s.getItem('journey-tap')) return;
    s.setItem('journey-tap', String(now(event.timeStamp)));
    watch();
  };
  addEventListener('touchstart', arm, { capture: true, passive: true });
  addEventListener('pointerdown', arm, { capture: true, passive: true });
}

type Req = { url: string; start: number; end: number | null; cached: boolean };

/** Throttles the page as a phone and records its requests (wall-clock ms). */
async function phone(context: BrowserContext, page: Page, log: Map<string, Req>): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: tapProfile.rttMs,
    downloadThroughput: (tapProfile.downKbps * 1024) / 8,
    uploadThroughput: (tapProfile.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: tapProfile.cpuSlowdown });
  const offsets = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    offsets.set(e.requestId, e.wallTime * 1000 - e.timestamp * 1000);
    const url = new URL(e.request.url);
    log.set(e.requestId, {
      url: `${e.request.method} ${url.pathname}`,
      start: e.wallTime * 1000,
      end: null,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = log.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = log.get(e.requestId);
    if (r) r.cached ||= e.response.fromDiskCache || e.response.fromPrefetchCache === true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = log.get(e.requestId);
    if (r) r.end = e.timestamp * 1000 + (offsets.get(e.requestId) ?? 0);
  });
}

/**
 * The longest chain of requests the result could have waited for (started after the tap, answered before the
 * result), each started after the one before it had answered. A refetch behind the page is not counted.
 */
function roundTrips(
  log: Map<string, Req>,
  from: number,
  to: number,
): { depth: number; count: number; urls: string[] } {
  const list = [...log.values()]
    .filter((r) => !r.cached && r.start >= from && r.end !== null && r.end <= to)
    .sort((x, y) => x.start - y.start);
  const depth: number[] = [];
  list.forEach((r, i) => {
    let before = 0;
    for (let j = 0; j < i; j++)
      if (list[j]!.end !== null && list[j]!.end! <= r.start) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
  });
  return { depth: Math.max(0, ...depth), count: list.length, urls: list.map((r) => r.url) };
}

async function session(page: Page): Promise<{ tap: number | null; result: number | null }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [tap, result] = await page.evaluate(() => [
        sessionStorage.getItem('journey-tap'),
        sessionStorage.getItem('journey-result'),
      ]);
      return { tap: tap ? Number(tap) : null, result: result ? Number(result) : null };
    } catch (err) {
      if (attempt > 50) throw err; // a page load in between: ask the next document
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Reads for `readMs`, arms the watcher, taps the control at its centre, waits for the step's result. */
async function tapStep(
  page: Page,
  log: Map<string, Req>,
  check: Check,
  control: ReturnType<Page['getByRole']>,
  readMs = 2000,
): Promise<StepRun> {
  await control.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(readMs);
  await page.evaluate((c) => {
    for (const k of ['journey-tap', 'journey-result']) sessionStorage.removeItem(k);
    sessionStorage.setItem('journey-check', c);
  }, check);
  const box = await control.evaluate((el) => {
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.touchscreen.tap(box.x, box.y);
  const deadline = Date.now() + 30_000;
  let seen = await session(page);
  while (!seen.result && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await session(page);
  }
  if (!seen.tap || !seen.result) return { ms: null, roundTrips: 0, requests: [] };
  const trips = roundTrips(log, seen.tap, seen.result);
  return { ms: Math.round(seen.result - seen.tap), roundTrips: trips.depth, requests: trips.urls };
}

export type Customer = { email: string; password: string };

async function phoneContext(browser: Browser, base: string, customer: Customer | null) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: tapProfile.viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(watcher);
  if (customer) {
    const res = await context.request.post('/api/auth/login', { data: customer });
    if (!res.ok()) throw new Error(`journey: sign-in answered ${res.status()}`);
  }
  const log = new Map<string, Req>();
  const page = await context.newPage();
  await phone(context, page, log);
  return { context, page, log };
}

/** One walk of each journey; the steps' runs in journeySteps' order. */
async function walkOnce(browser: Browser, base: string, customer: Customer): Promise<StepRun[]> {
  const out: StepRun[] = [];
  // (a) the purchase
  let { context, page, log } = await phoneContext(browser, base, customer);
  try {
    await page.goto('/products', { waitUntil: 'load', timeout: 60_000 });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    const buy = page.getByRole('button', { name: 'Buy Now' }).first();
    out.push(await tapStep(page, log, 'checkout-ready', buy));
    const complete = page.getByRole('button', { name: 'Complete Purchase' });
    out.push(await tapStep(page, log, 'order-shown', complete));
    const show = page.getByRole('button', { name: 'Show Credentials' }).first();
    out.push(await tapStep(page, log, 'credentials-shown', show, 1000));
  } finally {
    await context.close();
  }
  // (b) the top-up's way back from the payment page
  ({ context, page, log } = await phoneContext(browser, base, customer));
  try {
    await page.goto('/wallet', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('button', { name: 'Top Up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
    await dialog.getByLabel('Amount (₦)').fill('1000');
    const before = await page.getByTestId('wallet-balance').textContent();
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
    const popup = await popupPromise;
    await phone(context, popup, log);
    await popup.getByRole('heading', { name: 'Sandbox checkout' }).waitFor({ timeout: 60_000 });
    const kobo = Number((before ?? '').replace(/[^0-9]/g, '')) + 100_000;
    const expected = `₦${Math.floor(kobo / 100).toLocaleString('en-NG')}.${String(kobo % 100).padStart(2, '0')}`;
    await popup.evaluate((e) => sessionStorage.setItem('journey-expect', e), expected);
    out.push(
      await tapStep(popup, log, 'payment-verified', popup.getByRole('button', { name: /^Pay / })),
    );
    const toWallet = popup.getByRole('link', { name: 'Go to Wallet' });
    out.push(await tapStep(popup, log, 'wallet-credited', toWallet));
  } finally {
    await context.close();
  }
  // (c) the first visit to the dashboard, from the sign-in page
  ({ context, page, log } = await phoneContext(browser, base, null));
  try {
    await page.goto('/login', { waitUntil: 'load', timeout: 60_000 });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    out.push(
      await tapStep(page, log, 'dashboard-shown', page.getByRole('button', { name: 'Sign In' })),
    );
  } finally {
    await context.close();
  }
  return out;
}

const median = (values: (number | null)[]): number | null => {
  const sorted = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  const m = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return Number.isFinite(m) ? m : null;
};

/** Each journey `runs` times (the customer needs a balance for `runs` purchases); the medians of each step. */
export async function walkJourneys(
  browser: Browser,
  base: string,
  customer: Customer,
  options: { runs: number; log: (line: string) => void },
): Promise<JourneyResult[]> {
  const all: StepRun[][] = [];
  for (let i = 0; i < options.runs; i++) {
    const run = await walkOnce(browser, base, customer);
    options.log(
      `  journey run ${i + 1}: ${run.map((s) => `${s.ms ?? '-'} ms/${s.roundTrips} rt`).join(', ')}`,
    );
    all.push(run);
  }
  return journeySteps.map((step, i) => {
    const runs = all.map((r) => r[i]!);
    return {
      step,
      runs,
      ms: median(runs.map((r) => r.ms)),
      roundTrips: median(runs.map((r) => r.roundTrips)) ?? 0,
    };
  });
}
