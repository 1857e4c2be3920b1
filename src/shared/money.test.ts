import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatNaira, formatNairaShort, koboToNaira, nairaToKobo } from './money.ts';

const intlNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const intlWhole = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});

describe('money', () => {
  it('formats kobo as naira for Nigeria', () => {
    expect(formatNaira(123450)).toBe('₦1,234.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(-123450)).toBe('-₦1,234.50');
    expect(formatNairaShort(100000000)).toBe('₦1,000,000');
    expect(formatNairaShort(2550)).toBe('₦25.50');
    expect(formatNairaShort(-100000)).toBe('-₦1,000');
  });
  it('writes exactly what Intl en-NG writes, for any whole kobo amount', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger().map((n) => Math.trunc(n / 1000) || 0),
        ),
        (kobo) => {
          expect(formatNaira(kobo)).toBe(intlNaira.format(kobo / 100));
          const short =
            kobo % 100 === 0 ? intlWhole.format(kobo / 100) : intlNaira.format(kobo / 100);
          expect(formatNairaShort(kobo)).toBe(short);
        },
      ),
      { numRuns: 5000 },
    );
  });
  it('writes a count exactly as Intl en-NG writes it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true })), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-NG'));
      }),
      { numRuns: 5000 },
    );
  });
  it('converts naira to whole kobo without float drift', () => {
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(1999)).toBe(19.99);
  });
});
