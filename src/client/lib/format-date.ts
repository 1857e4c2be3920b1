// How the web app writes instants: en-NG, in the visitor's time zone, the same on every screen. Each format is
// built on first use, so a page that shows no date never pays for loading the locale data.
const lazy = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (iso: string) =>
    (format ??= new Intl.DateTimeFormat('en-NG', options)).format(new Date(iso));
};

/** 23 Nov 2026, 15:41 */
export const formatDateTime = lazy({ dateStyle: 'medium', timeStyle: 'short' });
/** 23 Nov 2026 */
export const formatDate = lazy({ dateStyle: 'medium' });
/** 15:41 */
export const formatTime = lazy({ timeStyle: 'short' });
