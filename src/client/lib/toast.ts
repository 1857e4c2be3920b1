// Toasts, with sonner loaded on first use: its module (about 11 KB gzip) stays out of every page's first load.
// The toaster (app/layout/toaster.tsx) shows whatever was raised before it mounted.
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind | 'message', message: string, options?: ExternalToast): void {
  void import('sonner').then(({ toast: sonner }) =>
    kind === 'message' ? sonner(message, options) : sonner[kind](message, options),
  );
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
