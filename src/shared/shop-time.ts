// Days and hours in the shop's time zone (Africa/Lagos): where "today" starts, and how a moment is labelled.
import { SHOP_TIME_ZONE } from './admin-overview.ts';

// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it, and a year's
// Overview asks for over a thousand days and midnights.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

const parts = (at: Date, zone: string) =>
  Object.fromEntries(
    formatter(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** The zone's offset from UTC at `at`, in milliseconds. */
function offsetMs(at: Date, zone: string): number {
  const p = parts(at, zone);
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The day (YYYY-MM-DD) that `at` falls on in the zone. */
export function shopDay(at: Date, zone = SHOP_TIME_ZONE): string {
  const p = parts(at, zone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The moment the day `day` (YYYY-MM-DD) starts in the zone. */
export function shopMidnight(day: string, zone = SHOP_TIME_ZONE): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  return new Date(guess - offsetMs(new Date(guess - offsetMs(new Date(guess), zone)), zone));
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** "2026-11-28 14:00": the hour that starts at `at`, in the zone. */
export function shopHourLabel(at: Date, zone = SHOP_TIME_ZONE): string {
  const p = parts(at, zone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:00`;
}

/** The shop days wholly inside [from, to): the first midnight at or after `from`, the last at or before `to`. */
function wholeShopDays(from: Date, to: Date): [Date, Date] | null {
  let first = shopMidnight(shopDay(from));
  if (first < from) first = shopMidnight(addDays(shopDay(from), 1));
  const last = shopMidnight(shopDay(to));
  return first < last ? [first, last] : null;
}

/**
 * How a rollup reads [from, to): the shop days wholly inside it from its daily level (when `byDay`), and the hours
 * left at either edge (or the whole range) from its hourly one. Empty spans are left out.
 */
export function splitByShopDays(
  from: Date,
  to: Date,
  byDay = true,
): { days: [Date, Date] | null; hours: [Date, Date][] } {
  const days = byDay && from < to ? wholeShopDays(from, to) : null;
  const spans: [Date, Date][] = days
    ? [
        [from, days[0]],
        [days[1], to],
      ]
    : [[from, to]];
  return { days, hours: spans.filter(([a, b]) => a < b) };
}
