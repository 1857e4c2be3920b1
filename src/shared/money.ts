// Money is integer kobo everywhere; naira exists only when formatted for people.
export const KOBO_PER_NAIRA = 100;

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const nairaWhole = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** ₦1,234.50 for 123450 kobo. */
export function formatNaira(kobo: number): string {
  return nairaFormat.format(kobo / KOBO_PER_NAIRA);
}

/** ₦1,000 for whole-naira amounts (no kobo shown when there are none). */
export function formatNairaShort(kobo: number): string {
  return kobo % KOBO_PER_NAIRA === 0 ? nairaWhole.format(kobo / KOBO_PER_NAIRA) : formatNaira(kobo);
}

export function nairaToKobo(naira: number): number {
  return Math.round(naira * KOBO_PER_NAIRA);
}

export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}
