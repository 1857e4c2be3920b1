// The loader of the app's code, inlined at the end of index.html's body (vite.config.ts writes `boot`'s source there,
// so it must not reach anything outside itself). docs/decisions/009, "Hydration on intent".
//
// A server-rendered page is complete without the app: its text, links and pictures are in the HTML. On a cheap phone,
// running React over it costs about a second of a busy main thread that the visitor did not ask for. So for a visitor
// the code is only downloaded once the page has loaded, and runs on the first sign of use: a touch, a press, a key,
// a focus, a scroll. What the visitor did meanwhile is not lost:
// - a link works as a link all along (a full page load of a server-rendered page);
// - a click on a button (or a checkbox, a summary) is held back and made again once React has taken the page over;
// - a form sent with Enter is sent again then;
// - what they typed into a field stays there, and React is told of it (an input event), as if typed after.
// A page the server did not render (the signed-in app, the SPA shell), and one the server marks `data-hydrate-now`
// (asked for with a session cookie: the navbar must show who is signed in; a "not found" page) run the code at once,
// after the first paint; on the latter, what is done before it has hydrated is held and made again all the same.
//
// Since issue 39 (docs/decisions/028) the code also runs without a touch, while the visitor reads: once it has arrived
// (prefetched after the load, at low priority) and the main thread is idle. The app then hydrates
// (main.tsx), so that a first tap five seconds in finds a page React already has. A tap that comes before that is
// marked at once on the control itself (aria-busy and `data-pending`, styles.css), until the app has answered it.
//
// Its steps live in ./boot/, one file each (issue 51): vite.config.ts inlines each step's source beside `boot`'s and
// hands them in as `steps`, so none of them may reach anything outside itself (imports of types only).

import type { holdUntilHydrated } from './boot/hold-until-hydrated.ts';
import type { loadApp } from './boot/load-app.ts';
import type { pendingMark } from './boot/pending-mark.ts';
import type { replayHeld } from './boot/replay-held.ts';

export type BootFiles = {
  /** The entry chunk. */
  entry: string;
  /** The chunks the entry imports. */
  modulepreload: string[];
  /** Classic scripts to add with them (route-preload: the open page's own chunks). */
  async: string[];
};

/** Fired on `document` (app.tsx, `HydratedSignal`) once React has taken the server's HTML over, or rendered the page. */
export const HYDRATED_EVENT = 'acctstore:hydrated';

/** Marks the style element with which index.html's loader draws a control tapped before the app could answer it. */
export const PENDING_ATTRIBUTE = 'data-pending';

/** The loader's steps (./boot/), handed in by their source. */
export type BootSteps = {
  loadApp: typeof loadApp;
  pendingMark: typeof pendingMark;
  holdUntilHydrated: typeof holdUntilHydrated;
  replayHeld: typeof replayHeld;
};

export function boot(
  files: BootFiles,
  hydratedEvent: string,
  pendingAttribute: string,
  steps: BootSteps,
): void {
  const doc = document;
  // After the first frame (a frame's callbacks run before it paints); a hidden tab draws no frame.
  const afterPaint = (then: () => void) =>
    doc.visibilityState === 'hidden' ? then() : requestAnimationFrame(() => setTimeout(then, 0));
  const app = steps.loadApp(files, afterPaint);

  // Once the page's largest paint is on screen (the load can come first: a short page, a fast link); at once where
  // the browser does not report it, and in a hidden tab.
  const afterLargestPaint = (then: () => void) => {
    if (
      doc.visibilityState === 'hidden' ||
      !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    )
      return afterPaint(then);
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      afterPaint(then);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  };
  // The web manifest (and the icon it names) only then: from the HTML, the browser fetched both while the page's body
  // was still on its way, and Lighthouse's simulation counted them against the LCP (1.06 s against 0.83-0.93 without).
  afterLargestPaint(() => {
    const manifest = doc.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = '/site.webmanifest';
    doc.head.appendChild(manifest);
  });

  const root = doc.getElementById('root');
  if (!root?.firstElementChild) {
    afterPaint(app.run);
    return;
  }
  // A server-rendered page asked to run at once still holds what is done to it in the moment before it hydrates.
  if (doc.documentElement.hasAttribute('data-hydrate-now')) afterPaint(app.run);
  // Otherwise the code comes down once the page has loaded (and nothing else is waiting), so that a first tap finds
  // it here.
  else {
    // Not before the page's largest paint either: a request started before it competes with that paint
    // (Lighthouse's simulation counted the prefetch against the LCP).
    const fetchWhenIdle = () => afterLargestPaint(() => app.idle(app.prefetch, 3000));
    if (doc.readyState === 'complete') fetchWhenIdle();
    else addEventListener('load', fetchWhenIdle, { once: true });
  }

  const pending = steps.pendingMark(root, pendingAttribute);
  const held = {
    hydrated: false,
    click: null,
    submit: null,
    pointerType: 'mouse',
    texts: new Map(),
  };
  steps.holdUntilHydrated(held, app.run, pending);
  doc.addEventListener(hydratedEvent, () => steps.replayHeld(root, held, pending), {
    once: true,
  });
}

/**
 * The loader as index.html runs it: `boot` and its steps by their source (each function expression passed through
 * `minify`), called with this build's files as JSON.
 */
export function loaderSource(
  files: BootFiles,
  hydratedEvent: string,
  pendingAttribute: string,
  steps: BootSteps,
  minify: (functionExpression: string) => string = (code) => code,
): string {
  const named = Object.entries(steps).map(([name, step]) => `${name}: ${minify(String(step))}`);
  return `(${minify(String(boot))})(${JSON.stringify(files)}, ${JSON.stringify(hydratedEvent)}, ${JSON.stringify(pendingAttribute)}, {\n${named.join(',\n')}\n});`;
}
