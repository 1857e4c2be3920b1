// Money is integer kobo everywhere; naira exists only when formatted for people.
export const KOBO_PER_NAIRA = 100;

// Written out rather than Intl.NumberFormat: building an en-NG currency formatter loads ICU data, which cost
// 25–70 ms on a desktop (×4 on a cheap phone) before the first price could be drawn. The output is the same
// as Intl's en-NG NGN format (money.test.ts compares the two over many amounts).
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function format(kobo: number, showKobo: boolean): string {
  const whole = Math.round(kobo);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const naira = groupThousands(String(Math.floor(abs / KOBO_PER_NAIRA)));
  return showKobo
    ? `${sign}₦${naira}.${String(abs % KOBO_PER_NAIRA).padStart(2, '0')}`
    : `${sign}₦${naira}`;
}

/** ₦1,234.50 for 123450 kobo. */
export function formatNaira(kobo: number): string {
  return format(kobo, true);
}

/** ₦1,000 for whole-naira amounts (no kobo shown when there are none). */
export function formatNairaShort(kobo: number): string {
  return format(kobo, Math.round(kobo) % KOBO_PER_NAIRA !== 0);
}

/** 12,345 for a count (followers, posts), as en-NG writes it; without Intl for a whole number, for the reason above. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-NG');
  return (n < 0 || Object.is(n, -0) ? '-' : '') + groupThousands(String(Math.abs(n)));
}

export function nairaToKobo(naira: number): number {
  return Math.round(naira * KOBO_PER_NAIRA);
}

export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}
