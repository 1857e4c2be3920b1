// A step of index.html's loader (../hydrate-on-intent.ts): once React has the page, what the visitor typed is handed
// to it and the held tap or form is made again. Inlined by its source (vite.config.ts), so it reaches nothing outside
// itself.
import type { Held } from './hold-until-hydrated.ts';
import type { PendingMark } from './pending-mark.ts';

export function replayHeld(root: HTMLElement, held: Held, pending: PendingMark): void {
  const doc = document;
  held.hydrated = true;
  // Typed before React was here: its state still holds what the server rendered (the field's default).
  const left: HTMLElement[] = [];
  root
    .querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')
    .forEach((field) => {
      const typed = (field instanceof HTMLTextAreaElement && held.texts.get(field)) || field.value;
      if (field.type === 'checkbox' || field.type === 'radio' || typed === field.defaultValue)
        return;
      // Through React's own setter first, so that its record of the value is the rendered one; then the typed
      // text through the element's, which React does not see: the input event then reads as a change.
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(
        field,
        typed,
      );
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
  const click = held.click;
  const form = held.submit;
  held.click = held.submit = null;
  // Each in a task of its own: React renders what the input events above changed first, then what leaving a
  // field changed, so a handler (a form sent, a Buy tapped) reads what the visitor typed.
  setTimeout(() => {
    left.forEach((field) => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  }, 0);
  setTimeout(() => {
    pending.unmarkOnAnswer();
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
}
