import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaShort, koboToNaira, nairaToKobo } from './money.ts';

describe('money', () => {
  it('formats kobo as naira for Nigeria', () => {
    expect(formatNaira(123450)).toBe('₦1,234.50');
    expect(formatNairaShort(100000000)).toBe('₦1,000,000');
    expect(formatNairaShort(2550)).toBe('₦25.50');
  });
  it('converts naira to whole kobo without float drift', () => {
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(1999)).toBe(19.99);
  });
});
