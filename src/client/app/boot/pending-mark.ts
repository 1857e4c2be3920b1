// A step of index.html's loader (../hydrate-on-intent.ts): a control tapped before the app can answer it says at once
// that it was taken, drawn busy in the same task as the tap (so in the next frame), until the app has answered or the
// page is left. Inlined by its source (vite.config.ts), so it reaches nothing outside itself.
//
// Nothing is written on the control itself: React, hydrating it meanwhile, would find attributes its render does not
// have (a hydration mismatch). A style element names it by its place in the page, and the root the app renders into
// says it is busy (aria-busy).

export type PendingMark = {
  mark: (el: Element) => void;
  unmark: () => void;
  /** The first change the app then makes to the page (its busy state, a dialog, the next page) takes the mark away. */
  unmarkOnAnswer: () => void;
};

export function pendingMark(root: HTMLElement, pendingAttribute: string): PendingMark {
  const doc = document;
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
  // Once the held tap is made again: the first change the app then makes to the page is its answer, and the mark
  // goes. Or after 10 s, whatever happened.
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
  return { mark, unmark, unmarkOnAnswer };
}
