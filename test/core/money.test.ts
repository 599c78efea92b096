import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bigintFromDigits } from '../../src/core/money.js';

/** What BigInt(text) does: its value, or the name of the error it throws. */
function outcome(parse: (text: string) => bigint, text: string): bigint | string {
  try {
    return parse(text);
  } catch (error) {
    return (error as Error).name;
  }
}

describe('bigintFromDigits (the replay path for logged amounts)', () => {
  it('equals BigInt(text) for digit strings of every length around the 9-digit (int32) and 15-digit (float64) fast paths', () => {
    const digits = fc.stringMatching(/^[0-9]{1,25}$/);
    fc.assert(fc.property(digits, (text) => {
      expect(bigintFromDigits(text)).toBe(BigInt(text));
    }));
    for (const text of ['0', '9'.repeat(9), `1${'0'.repeat(9)}`, '2147483647', '2147483648', '9'.repeat(15), '9'.repeat(16), '000000000000001', '9007199254740993']) {
      expect(bigintFromDigits(text)).toBe(BigInt(text));
    }
  });

  it('answers or throws exactly as BigInt does for anything else', () => {
    const odd = fc.oneof(fc.string(), fc.stringMatching(/^[-+ 0-9a-fx.e]{0,18}$/));
    fc.assert(fc.property(odd, (text) => {
      expect(outcome(bigintFromDigits, text)).toEqual(outcome(BigInt, text));
    }));
    for (const text of ['', ' 12 ', '-5', '+5', '0x10', '1e3', '1.0', '١٢']) {
      expect(outcome(bigintFromDigits, text)).toEqual(outcome(BigInt, text));
    }
  });
});
