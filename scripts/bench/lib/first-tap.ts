// The first tap on a public page (issue 39, docs/decisions/028), for `npm run bench:web`: a visitor on a cheap phone
// over a slow network opens the page, reads for 1 s or 5 s after it has loaded, and taps its first action. Measured
// in Chromium with its own emulation (Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up; 4x CPU; a
// 412x823 touch screen), each run in a fresh browser context (a first visit: nothing cached):
//   - react: the tap (touchstart) to the first frame where the tapped control shows it was taken (aria-busy on it or
//     on its form) or the result is on screen;
//   - result: the tap to the first frame the result is on screen (the next page's heading, the dialog, the menu, the
//     typed letter), across a full page load when the action is a plain link or form;
//   - the JavaScript the page fetched before the tap and after it (transfer sizes, as served).
// The times are taken inside the page, on frames (requestAnimationFrame), from the event's own time stamp; across a
// page load the clock is the same (performance.timeOrigin + now).
import type { Browser, CDPSession, Page } from '@playwright/test';

export type TapAction = {
  /** What the visitor does, as the report says it. */
  label: string;
  /** The control, by its role and accessible name (the first match). */
  role: 'button' | 'link' | 'textbox';
  name: string | RegExp;
  /** Typed into the control after the tap (a field), else nothing. */
  type?: string;
  /** The result, seen in a frame: on this path (or any, when absent), an element that matches and is laid out. */
  result: { path?: string; selector: string; text?: string };
};

/** The first action of each public page; `/product` stands for the product page. */
export const tapActions: Record<string, TapAction> = {
  '/': {
    label: '"Browse Products"',
    role: 'link',
    name: 'Browse Products',
    result: { path: '/products', selector: 'h1', text: 'Products' },
  },
  '/products': {
    label: '"Buy Now" (a visitor: sign-in)',
    role: 'button',
    name: 'Buy Now',
    result: { path: '/login', selector: 'input[type="password"]' },
  },
  '/category/instagram': {
    label: '"Buy Now" (a visitor: sign-in)',
    role: 'button',
    name: 'Buy Now',
    result: { path: '/login', selector: 'input[type="password"]' },
  },
  '/product': {
    label: '"Sign In to Purchase"',
    role: 'button',
    name: 'Sign In to Purchase',
    result: { path: '/login', selector: 'input[type="password"]' },
  },
  '/web-services': {
    label: '"Start Your Project" (the quote dialog)',
    role: 'button',
    name: /^Start Your Project/,
    result: { selector: '[role="dialog"]' },
  },
  '/support': {
    label: 'typing into "Your Name"',
    role: 'textbox',
    name: /name/i,
    type: 'a',
    result: { selector: 'input:focus', text: '=a' },
  },
  '/contact': {
    label: 'typing into "Your Name"',
    role: 'textbox',
    name: /name/i,
    type: 'a',
    result: { selector: 'input:focus', text: '=a' },
  },
  '/about': {
    label: 'the menu',
    role: 'button',
    name: 'Open menu',
    result: { selector: 'header button[aria-expanded="true"]' },
  },
  '/terms': {
    label: 'the menu',
    role: 'button',
    name: 'Open menu',
    result: { selector: 'header button[aria-expanded="true"]' },
  },
  '/privacy': {
    label: 'the menu',
    role: 'button',
    name: 'Open menu',
    result: { selector: 'header button[aria-expanded="true"]' },
  },
};

export const tapProfile = {
  viewport: { width: 412, height: 823 },
  cpuSlowdown: 4,
  rttMs: 150,
  downKbps: 1.6 * 1024,
  upKbps: 750,
};

export type TapRun = {
  reactMs: number | null;
  resultMs: number | null;
  jsBeforeKb: number;
  jsAfterKb: number;
  /** Whether React had the page before the tap (data-hydrated). */
  hydratedBefore: boolean;
};
export type TapResult = {
  path: string;
  action: string;
  delayMs: number;
  runs: TapRun[];
  reactMs: number | null;
  resultMs: number | null;
  jsBeforeKb: number;
  jsAfterKb: number;
};

// Runs in every document of the run (addInitScript): arms on the first touch, then looks at every frame for the
// control's busy mark and for the result, and keeps the times in sessionStorage (a page load may come between).
function watcher(): void {
  const s = sessionStorage;
  const spec = s.getItem('bench-spec');
  if (!spec) return;
  const { result } = JSON.parse(spec) as { result: TapAction['result'] };
  const now = (t: number) => performance.timeOrigin + t;
  const laidOut = (el: Element | null) => !!el && el.getBoundingClientRect().height > 0;
  const resultThere = () => {
    if (result.path && location.pathname !== result.path) return false;
    const el = document.querySelector(result.selector);
    if (!laidOut(el)) return false;
    if (!result.text) return true;
    if (result.text.startsWith('=')) return (el as HTMLInputElement).value === result.text.slice(1);
    return (el!.textContent ?? '').includes(result.text);
  };
  const busyThere = () => !!document.querySelector('[aria-busy="true"]');
  const watch = () => {
    const loop = (t: number) => {
      if (!s.getItem('bench-react') && (busyThere() || resultThere()))
        s.setItem('bench-react', String(now(t)));
      if (resultThere()) {
        s.setItem('bench-result', String(now(t)));
        if (!s.getItem('bench-react')) s.setItem('bench-react', String(now(t)));
        return;
      }
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  if (s.getItem('bench-tap')) {
    if (!s.getItem('bench-result')) watch();
    return;
  }
  const arm = (event: Event) => {
    if (s.getItem('bench-tap')) return;
    s.setItem('bench-tap', String(now(event.timeStamp)));
    s.setItem('bench-hydrated', String(document.documentElement.hasAttribute('data-hydrated')));
    watch();
  };
  // On window, capture: before the page's own listeners (index.html's loader listens on document).
  addEventListener('touchstart', arm, { capture: true, passive: true });
  addEventListener('pointerdown', arm, { capture: true, passive: true });
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: tapProfile.rttMs,
    downloadThroughput: (tapProfile.downKbps * 1024) / 8,
    uploadThroughput: (tapProfile.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: tapProfile.cpuSlowdown });
}

type Store = {
  tap: string | null;
  react: string | null;
  result: string | null;
  hydrated: string | null;
};

async function readStore(page: Page): Promise<Store> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate(() => ({
        tap: sessionStorage.getItem('bench-tap'),
        react: sessionStorage.getItem('bench-react'),
        result: sessionStorage.getItem('bench-result'),
        hydrated: sessionStorage.getItem('bench-hydrated'),
      }));
    } catch (err) {
      // A page load in between (the context was destroyed): ask the next document.
      if (attempt > 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function tapOnce(
  browser: Browser,
  url: string,
  action: TapAction,
  delayMs: number,
): Promise<TapRun> {
  const context = await browser.newContext({
    viewport: tapProfile.viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  try {
    await context.addInitScript(
      (spec) => {
        // The same spec in every document of this run; set before the page's own scripts read anything.
        if (!sessionStorage.getItem('bench-spec')) sessionStorage.setItem('bench-spec', spec);
      },
      JSON.stringify({ result: action.result }),
    );
    await context.addInitScript(watcher);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    // The scripts' transfer sizes, before and after the tap.
    let tapped = false;
    const scripts = new Map<string, boolean>();
    let before = 0;
    let after = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script' || /\.js(\?|$)/.test(e.response.url)) scripts.set(e.requestId, true);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (!scripts.get(e.requestId)) return;
      if (tapped) after += e.encodedDataLength;
      else before += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(delayMs);
    const control = page.getByRole(action.role, { name: action.name }).first();
    await control.waitFor({ state: 'attached' });
    // A control below the fold is scrolled to first, as a thumb would, and tapped at once: the scroll is a sign of use
    // too (the loader may start the app on it), so the time between the two is kept as short as it can be.
    const box = await control.evaluate((el) => {
      const r0 = el.getBoundingClientRect();
      if (r0.top < 64 || r0.bottom > innerHeight)
        el.scrollIntoView({ block: 'center', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    tapped = true;
    await page.touchscreen.tap(box.x, box.y);
    if (action.type) await page.keyboard.type(action.type);
    const deadline = Date.now() + 20_000;
    let store = await readStore(page);
    while (!store.result && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      store = await readStore(page);
    }
    const since = (at: string | null) =>
      at && store.tap ? Math.round(Number(at) - Number(store.tap)) : null;
    return {
      reactMs: since(store.react),
      resultMs: since(store.result),
      jsBeforeKb: before / 1000,
      jsAfterKb: after / 1000,
      hydratedBefore: store.hydrated === 'true',
    };
  } finally {
    await context.close();
  }
}

const median = (values: (number | null)[]): number | null => {
  // A run that never showed the result counts as the slowest.
  const sorted = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  const m = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return Number.isFinite(m) ? m : null;
};

/** Every page's first tap at each delay after load, `runs` times each; the medians. */
export async function firstTaps(
  browser: Browser,
  base: string,
  pagePaths: string[],
  options: { runs: number; delaysMs: number[]; log: (line: string) => void },
): Promise<TapResult[]> {
  const results: TapResult[] = [];
  for (const pagePath of pagePaths) {
    const action = tapActions[pagePath.startsWith('/product/') ? '/product' : pagePath];
    if (!action) continue;
    for (const delayMs of options.delaysMs) {
      const runs: TapRun[] = [];
      for (let i = 0; i < options.runs; i++)
        runs.push(await tapOnce(browser, base + pagePath, action, delayMs));
      const result: TapResult = {
        path: pagePath,
        action: action.label,
        delayMs,
        runs,
        reactMs: median(runs.map((r) => r.reactMs)),
        resultMs: median(runs.map((r) => r.resultMs)),
        jsBeforeKb: median(runs.map((r) => r.jsBeforeKb)) ?? 0,
        jsAfterKb: median(runs.map((r) => r.jsAfterKb)) ?? 0,
      };
      options.log(
        `  tap ${pagePath} at ${delayMs / 1000} s: react ${runs.map((r) => r.reactMs ?? '-').join(' ')} ms, ` +
          `result ${runs.map((r) => r.resultMs ?? '-').join(' ')} ms` +
          `${runs.some((r) => r.hydratedBefore) ? ` (hydrated before the tap in ${runs.filter((r) => r.hydratedBefore).length})` : ''}`,
      );
      results.push(result);
    }
  }
  return results;
}
