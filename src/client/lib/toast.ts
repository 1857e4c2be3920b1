// Toasts, with sonner loaded on first use: its module (about 11 KB gzip) stays out of every page's first load.
// The toaster (app/layout/toaster.tsx) mounts with the first toast, and shows whatever was raised before it mounted.
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info';

/** Fired on `document` by the first toast: the toaster (app.tsx) mounts then, not with every page. */
export const FIRST_TOAST_EVENT = 'acctstore:toast';
let raised = false;

/** Whether a toast was raised yet (before the toaster listened for the first). */
export const toastRaised = (): boolean => raised;

function show(kind: Kind | 'message', message: string, options?: ExternalToast): void {
  if (!raised) {
    raised = true;
    document.dispatchEvent(new Event(FIRST_TOAST_EVENT));
  }
  void import('sonner').then(({ toast: sonner }) =>
    kind === 'message' ? sonner(message, options) : sonner[kind](message, options),
  );
}

/** Loads sonner while the visitor reads, where a control is about to raise a toast (a visitor's Buy Now). */
export function preloadToasts(): void {
  void import('sonner').catch(() => undefined);
}

/** toast('text'), toast.success(...), toast.error(...), toast.info(...): as sonner's, without the return value. */
export const toast = Object.assign(
  (message: string, options?: ExternalToast) => show('message', message, options),
  {
    success: (message: string, options?: ExternalToast) => show('success', message, options),
    error: (message: string, options?: ExternalToast) => show('error', message, options),
    info: (message: string, options?: ExternalToast) => show('info', message, options),
  },
);
