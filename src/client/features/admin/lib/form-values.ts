// Turns what admins type (naira, one feature per line, key=value lines) into the contract's values, and back.
import type { z } from 'zod';
import { koboToNaira, nairaToKobo } from '../../../../shared/money.ts';

export type Details = Record<string, string | number | boolean>;

/** '' → undefined (the schema then says the field is required); anything not a non-negative number → NaN. */
export function nairaInputToKobo(text: string): number | undefined {
  const cleaned = text.replace(/[₦,\s]/g, '');
  if (cleaned === '') return undefined;
  const naira = Number(cleaned);
  return Number.isFinite(naira) && naira >= 0 ? nairaToKobo(naira) : Number.NaN;
}

export function koboToNairaInput(kobo: number): string {
  return String(koboToNaira(kobo));
}

/** '5 = 2000' lines (from 5 accounts, ₦2,000 each) → tiers in kobo; null when a line is not of that form. */
export function linesToVolumePrices(
  text: string,
): { minQuantity: number; priceKobo: number }[] | null {
  const tiers = [];
  for (const line of linesToList(text)) {
    const match = /^(\d+)\s*[=:]\s*₦?\s*([\d,]+(?:\.\d{1,2})?)$/.exec(line);
    if (!match) return null;
    const priceKobo = nairaInputToKobo(match[2]!);
    if (priceKobo === undefined || Number.isNaN(priceKobo)) return null;
    tiers.push({ minQuantity: Number(match[1]), priceKobo });
  }
  return tiers;
}

export function volumePricesToLines(tiers: { minQuantity: number; priceKobo: number }[]): string {
  return tiers.map((t) => `${t.minQuantity} = ${koboToNaira(t.priceKobo)}`).join('\n');
}

export function linesToList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** 'followers=1200' lines; numbers stay numbers so the catalogue can show them as such. */
export function linesToDetails(text: string): Details {
  const details: Details = {};
  for (const line of linesToList(text)) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    details[key] = value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return details;
}

export function detailsToLines(details: Details): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('\n');
}

/** The first message of a failed parse: the contract's messages are the SPEC.md alerts. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form';
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
}
