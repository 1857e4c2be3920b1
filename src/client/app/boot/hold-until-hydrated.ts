// A step of index.html's loader (../hydrate-on-intent.ts): until React has the page, what the visitor does is the
// loader's to hold, and a sign of use starts the app. Inlined by its source (vite.config.ts), so it reaches nothing
// outside itself.
import type { PendingMark } from './pending-mark.ts';

/** What the visitor did before React had the page, for `replayHeld` to make again. */
export type Held = {
  hydrated: boolean;
  click: { target: HTMLElement; byPointer: boolean; pointerType: string } | null;
  submit: HTMLFormElement | null;
  pointerType: string;
  /** Typed into a textarea: Preact sets a textarea's value as it hydrates it (its text is its content). */
  texts: Map<HTMLTextAreaElement, string>;
};

export function holdUntilHydrated(held: Held, run: () => void, pending: PendingMark): void {
  const doc = document;
  const { mark, unmark, unmarkOnAnswer } = pending;
  const opts = { capture: true, passive: true };
  const controls = 'button, [role="button"], summary, input[type="checkbox"], input[type="radio"]';
  const signsOfUse = ['pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin'];
  for (const type of [...signsOfUse, 'input', 'change'])
    doc.addEventListener(
      type,
      (event) => {
        if (event instanceof PointerEvent) held.pointerType = event.pointerType;
        run();
        if (type === 'input' && !held.hydrated && event.target instanceof HTMLTextAreaElement)
          held.texts.set(event.target, event.target.value);
        // Pressed: marked now, in this frame, though the click that confirms it comes only as the finger lifts.
        if (type === 'pointerdown' && !held.hydrated && event.target instanceof Element) {
          const pressed = event.target.closest(controls);
          if (pressed && !held.click) {
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
      if (!held.hydrated && !held.click && !held.submit) unmark();
    },
    opts,
  );
  // Until the app has the page, none of these reach it: a part still on its way would miss them, and what they meant is
  // made again once it has (React, hydrating in slices, took one as its cue to hydrate the rest in one long task).
  for (const type of [
    ...['pointerdown', 'pointerup', 'pointercancel', 'mousedown', 'mouseup'],
    ...['touchstart', 'touchend', 'touchcancel', 'auxclick', 'dblclick', 'contextmenu'],
    ...['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change'],
    ...['compositionstart', 'compositionend', 'focusin', 'focusout', 'reset'],
  ])
    doc.addEventListener(
      type,
      (event) => {
        if (!held.hydrated) event.stopPropagation();
      },
      opts,
    );
  doc.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element)) return;
      const target = event.target.closest<HTMLElement>(
        held.hydrated ? 'a[href]' : `a[href], ${controls}`,
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
          if (held.hydrated) unmarkOnAnswer();
        }
        return;
      }
      if (held.hydrated) return;
      event.preventDefault();
      event.stopPropagation();
      // A click from the keyboard (Enter, Space) has no pointer: detail 0.
      held.click = { target, byPointer: event.detail > 0, pointerType: held.pointerType };
      held.submit = null;
      unmark();
      mark(target);
      run();
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      if (held.hydrated || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopPropagation();
      held.submit = event.target;
      held.click = null;
      unmark();
      mark(event.submitter ?? event.target);
      run();
    },
    true,
  );
}
