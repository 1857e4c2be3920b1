// How order history writes instants: the order's date and time, in the visitor's locale and time zone.
const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat('en-NG', { timeStyle: 'short' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatTime = (iso: string) => timeOnly.format(new Date(iso));
