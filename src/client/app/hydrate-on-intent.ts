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
// after the first paint.
//
// Since issue 39 (docs/decisions/028) the code also runs without a touch, while the visitor reads: once it has arrived
// (prefetched after the load, at low priority) and the main thread is idle. React then hydrates in slices
// (main.tsx), so that a first tap five seconds in finds a page React already has. A tap that comes before that is
// marked at once on the control itself (aria-busy and `data-pending`, styles.css), until the app has answered it.

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

export function boot(files: BootFiles, hydratedEvent: string, pendingAttribute: string): void {
  const doc = document;
  const add = (tag: string, attributes: Record<string, string>) => {
    const el = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    return doc.head.appendChild(el);
  };
  const idle = (then: () => void, timeout: number) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(then, { timeout })
      : setTimeout(then, timeout / 4);
  let prefetched = false;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    files.async.forEach((src) => add('script', { src }));
    [...files.modulepreload, files.entry].forEach((href) =>
      add('link', { rel: 'modulepreload', href, crossorigin: 'anonymous' }),
    );
    add('script', { type: 'module', src: files.entry, crossorigin: 'anonymous' });
  };
  const prefetch = () => {
    if (prefetched || started) return;
    prefetched = true;
    // Into the HTTP cache first, at the lowest priority there is: nothing compiled or run while the page may still be
    // painting (`modulepreload` compiles, at 50–80 ms of blocking time at 4× CPU, measured). Once it is all here the
    // app runs, when the main thread is idle: the page's own chunks come with the run, and React hydrates in slices.
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
      const link = add('link', {
        rel: 'prefetch',
        href,
        ...(files.async.includes(href) ? {} : { crossorigin: 'anonymous' }),
      });
      link.addEventListener('load', arrived);
      link.addEventListener('error', arrived);
    });
  };
  // After the first frame (a frame's callbacks run before it paints); a hidden tab draws no frame.
  const afterPaint = (then: () => void) =>
    doc.visibilityState === 'hidden' ? then() : requestAnimationFrame(() => setTimeout(then, 0));

  const root = doc.getElementById('root');
  if (!root?.firstElementChild || doc.documentElement.hasAttribute('data-hydrate-now')) {
    afterPaint(run);
    return;
  }

  // The code comes down once the page has loaded (and nothing else is waiting), so that a first tap finds it here.
  const fetchWhenIdle = () => idle(prefetch, 3000);
  if (doc.readyState === 'complete') fetchWhenIdle();
  else addEventListener('load', fetchWhenIdle, { once: true });

  // A control tapped before the app can answer it says at once that it was taken: drawn busy in the same task as the
  // tap, so in the next frame, until the app has answered, or the page is left. Nothing is written on the control
  // itself: React, hydrating it meanwhile, would find attributes its render does not have (a hydration mismatch). A
  // style element names it by its place in the page, and the root the app renders into says it is busy (aria-busy).
  let marked: Element | null = null;
  const look = doc.createElement('style');
  look.setAttribute(pendingAttribute, '');
  const placeOf = (el: Element): string => {
    const steps: string[] = [];
    for (let e: Element = el; e.parentElement; e = e.parentElement)
      steps.unshift(`:nth-child(${[...e.parentElement.children].indexOf(e) + 1})`);
    return `:root>${steps.join('>')}`;
  };
  const mark = (el: Element) => {
    const at = placeOf(el);
    look.textContent =
      `${at}{cursor:progress;outline:2px solid var(--primary);outline-offset:2px;` +
      'animation:acctstore-pending .8s ease-in-out infinite alternate}' +
      '@keyframes acctstore-pending{to{opacity:.55}}' +
      `@media (prefers-reduced-motion:reduce){${at}{animation:none;opacity:.7}}`;
    if (!look.isConnected) doc.head.appendChild(look);
    root.setAttribute('aria-busy', 'true');
    marked = el;
  };
  const unmark = () => {
    if (!marked) return;
    look.remove();
    root.removeAttribute('aria-busy');
    marked = null;
  };
  // Once the held tap is made again: the first change the app then makes to the page (its own busy state, a dialog,
  // the next page) is its answer, and the mark goes. Or after 10 s, whatever happened.
  const unmarkOnAnswer = () => {
    if (!marked) return;
    const ours = (r: MutationRecord) =>
      r.type === 'attributes' && r.target === root && r.attributeName === 'aria-busy';
    const done = () => {
      observer.disconnect();
      unmark();
    };
    const observer = new MutationObserver((records) => {
      if (records.some((r) => !ours(r))) done();
    });
    observer.observe(doc.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    setTimeout(done, 10_000);
  };

  let hydrated = false;
  let heldClick: { target: HTMLElement; byPointer: boolean; pointerType: string } | null = null;
  let heldSubmit: HTMLFormElement | null = null;
  let pointerType = 'mouse';
  const opts = { capture: true, passive: true };
  const controls = 'button, [role="button"], summary, input[type="checkbox"], input[type="radio"]';
  for (const type of [
    'pointerdown',
    'touchstart',
    'wheel',
    'scroll',
    'keydown',
    'focusin',
    'input',
    'change',
  ])
    doc.addEventListener(
      type,
      (event) => {
        if (event instanceof PointerEvent) pointerType = event.pointerType;
        run();
        // Pressed: marked now, in this frame, though the click that confirms it comes only as the finger lifts.
        if (type === 'pointerdown' && !hydrated && event.target instanceof Element) {
          const pressed = event.target.closest(controls);
          if (pressed && !heldClick) {
            unmark();
            mark(pressed);
          }
        }
      },
      opts,
    );
  // A press that turned into a scroll was no tap.
  doc.addEventListener(
    'pointercancel',
    () => {
      if (!hydrated && !heldClick && !heldSubmit) unmark();
    },
    opts,
  );
  // Until React has the page, what the visitor does is this loader's to hold and replay: React, while it hydrates in
  // slices, would otherwise take a press or a key as its cue to hydrate the rest at once, in one long task that also
  // holds back the frame showing the press was taken (a second and more at 4x CPU, measured).
  for (const type of [
    'pointerdown',
    'pointerup',
    'pointercancel',
    'mousedown',
    'mouseup',
    'touchstart',
    'touchend',
    'touchcancel',
    'auxclick',
    'dblclick',
    'contextmenu',
    'keydown',
    'keypress',
    'keyup',
    'beforeinput',
    'input',
    'change',
    'compositionstart',
    'compositionend',
    'focusin',
    'focusout',
    'reset',
  ])
    doc.addEventListener(
      type,
      (event) => {
        if (!hydrated) event.stopPropagation();
      },
      opts,
    );
  doc.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element)) return;
      const target = event.target.closest<HTMLElement>(
        hydrated ? 'a[href]' : `a[href], ${controls}`,
      );
      if (!target) return;
      if (target instanceof HTMLAnchorElement) {
        // A link stays a link: the browser loads the next page (or, once React has the page, the app shows it), and
        // the link says so meanwhile (not one that opens elsewhere, downloads, or stays on this page). The app's own
        // navigation keeps the old page until the next one is ready: the link is unmarked when that one is shown.
        const plain =
          event.button === 0 &&
          !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) &&
          (!target.target || target.target === '_self') &&
          !target.hasAttribute('download') &&
          target.origin === location.origin &&
          target.pathname + target.search !== location.pathname + location.search;
        if (plain) {
          unmark();
          mark(target);
          if (hydrated) unmarkOnAnswer();
        }
        return;
      }
      if (hydrated) return;
      event.preventDefault();
      event.stopPropagation();
      // A click from the keyboard (Enter, Space) has no pointer: detail 0.
      heldClick = { target, byPointer: event.detail > 0, pointerType };
      heldSubmit = null;
      unmark();
      mark(target);
      run();
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      if (hydrated || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopPropagation();
      heldSubmit = event.target;
      heldClick = null;
      unmark();
      mark(event.submitter ?? event.target);
      run();
    },
    true,
  );

  doc.addEventListener(
    hydratedEvent,
    () => {
      hydrated = true;
      // Typed before React was here: its state still holds what the server rendered (the field's default).
      const left: HTMLElement[] = [];
      root
        .querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')
        .forEach((field) => {
          if (
            field.type === 'checkbox' ||
            field.type === 'radio' ||
            field.value === field.defaultValue
          )
            return;
          const typed = field.value;
          // Through React's own setter first, so that its record of the value is the rendered one; then the typed
          // text through the element's, which React does not see: the input event then reads as a change.
          field.value = field.defaultValue;
          Object.getOwnPropertyDescriptor(
            Object.getPrototypeOf(field) as object,
            'value',
          )?.set?.call(field, typed);
          field.dispatchEvent(new Event('input', { bubbles: true }));
          // Left before React was here: what it does when a field is left (a quantity brought within its limits),
          // in a task of its own below, once React has rendered the typed text: a handler run now would still see
          // the state from before it (a quantity typed, then Buy Now tapped, would be put back to the default).
          if (field !== doc.activeElement) left.push(field);
        });
      root.querySelectorAll('select').forEach((select) => {
        if ([...select.options].some((option) => option.selected !== option.defaultSelected))
          select.dispatchEvent(new Event('change', { bubbles: true }));
      });
      const click = heldClick;
      const form = heldSubmit;
      heldClick = heldSubmit = null;
      // Each in a task of its own: React renders what the input events above changed first, then what leaving a
      // field changed, so a handler (a form sent, a Buy tapped) reads what the visitor typed.
      setTimeout(() => {
        left.forEach((field) => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
      }, 0);
      setTimeout(() => {
        unmarkOnAnswer();
        if (click?.target.isConnected) {
          // Some controls open on the press itself (menus), others on the click: as a pointer would, both.
          if (click.byPointer)
            for (const type of ['pointerdown', 'pointerup'])
              click.target.dispatchEvent(
                new PointerEvent(type, {
                  bubbles: true,
                  cancelable: true,
                  composed: true,
                  button: 0,
                  buttons: type === 'pointerdown' ? 1 : 0,
                  pointerType: click.pointerType,
                  isPrimary: true,
                }),
              );
          click.target.click();
        } else if (form?.isConnected) form.requestSubmit();
      }, 0);
    },
    { once: true },
  );
}
