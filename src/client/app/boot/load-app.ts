// A step of index.html's loader (../hydrate-on-intent.ts): fetching the app's code and running it. Inlined by its
// source (vite.config.ts), so it reaches nothing outside itself.
import type { BootFiles } from '../hydrate-on-intent.ts';

export type AppLoader = {
  /** Runs the app now (at most once): route-preload, the entry and its imports. */
  run: () => void;
  /** Fetches the code into the HTTP cache, then runs the app at idle (not on a page that waits for a sign of use). */
  prefetch: () => void;
  /** `then` once the main thread is idle, at the latest after `timeout` ms. */
  idle: (then: () => void, timeout: number) => void;
};

/** `afterPaint`: boot's own, `then` after the next frame. */
export function loadApp(files: BootFiles, afterPaint: (then: () => void) => void): AppLoader {
  const doc = document;
  const add = (tag: string, attributes: Record<string, string>) => {
    const el = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    return doc.head.appendChild(el);
  };
  const idle = (then: () => void, timeout: number) => {
    if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout });
    else setTimeout(then, timeout / 4);
  };
  // A page the server rendered carries only its own rules inline and names the whole stylesheet (`data-rest`,
  // modules/pages/page-css.ts). The app may draw with any class, so it runs once that stylesheet is in. It is added
  // with the prefetch, while the visitor reads: applying it is 20-30 ms of style work at 4x CPU, which a tap would
  // otherwise wait for. Without it (the network failed) the app still runs: the page's own rules are there.
  const rest = doc.querySelector('style[data-rest]')?.getAttribute('data-rest');
  let restIn = !rest;
  const onRestIn: (() => void)[] = [];
  let restAdded = false;
  const addRest = () => {
    if (restIn || restAdded) return;
    restAdded = true;
    const sheet = add('link', { rel: 'stylesheet', href: rest! });
    const done = () => {
      restIn = true;
      onRestIn.splice(0).forEach((then) => then());
    };
    sheet.addEventListener('load', done);
    sheet.addEventListener('error', done);
  };
  let prefetched = false;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    files.async.forEach((src) => add('script', { src }));
    [...files.modulepreload, files.entry].forEach((href) =>
      add('link', { rel: 'modulepreload', href, crossorigin: 'anonymous' }),
    );
    const start = () =>
      add('script', { type: 'module', src: files.entry, crossorigin: 'anonymous' });
    if (restIn) return start();
    onRestIn.push(start);
    // After the next frame: a tap that started the run is drawn busy first.
    afterPaint(addRest);
  };
  const prefetch = () => {
    if (prefetched || started) return;
    prefetched = true;
    addRest();
    // Into the HTTP cache first, at the lowest priority there is: nothing compiled or run while the page may still be
    // painting (`modulepreload` compiles, at 50–80 ms of blocking time at 4× CPU, measured). Once it is all here the
    // app runs, when the main thread is idle: the page's own chunks come with the run, and the app hydrates.
    // A browser without prefetch (it would fire neither load nor error) runs the app at idle, fetching as it runs.
    // A page whose first action the HTML answers by itself (a form to type into) marks itself `data-hydrate-on-intent`:
    // its code is fetched, and runs on the first sign of use only.
    const runAtIdle = () => {
      if (!doc.querySelector('[data-hydrate-on-intent]')) idle(run, 2000);
    };
    if (!doc.createElement('link').relList.supports('prefetch')) return runAtIdle();
    const all = [...files.modulepreload, files.entry, ...files.async];
    let waiting = all.length;
    const arrived = () => {
      if (--waiting === 0) runAtIdle();
    };
    all.forEach((href) => {
      // route-preload runs now, to prefetch the open page's chunks and its first action's beside the entry.
      const link = files.async.includes(href)
        ? add('script', { src: href, 'data-prefetch': '' })
        : add('link', { rel: 'prefetch', href, crossorigin: 'anonymous' });
      link.addEventListener('load', arrived);
      link.addEventListener('error', arrived);
    });
  };
  return { run, prefetch, idle };
}
