import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from '../../src/lib/format-whole-number';

const intl = new Intl.NumberFormat('en-US');

describe('formatWholeNumber', () => {
  it('writes every whole number as en-US Intl does', () => {
    const samples = [0, 1, 9, 10, 99, 100, 999, 1_000, 1_001, 9_999, 10_000, 123_456, 999_999, 1_000_000, 12_345_678, Number.MAX_SAFE_INTEGER];
    for (let value = 0; value < 20_000; value += 37) samples.push(value);
    for (const value of [...samples, ...samples.filter((sample) => sample > 0).map((sample) => -sample)]) expect(formatWholeNumber(value)).toBe(intl.format(value));
  });

  it('leaves what is not a safe whole number to Intl, so it is never written wrong', () => {
    for (const value of [1.5, 1234.5678, -0.25, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatWholeNumber(value)).toBe(value.toLocaleString('en-US'));
  });
});
